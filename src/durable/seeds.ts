/**
 * What a storage shard is born with, its seed: the objects a new control plane has before anyone
 * wrote anything (a tenant's system namespaces and bootstrap RBAC policy). The Worker's entry
 * point provides the source (src/registry/bootstrap-seeds.ts), so the Durable Object stays below
 * the registry. A shard writes its seed with its tables, in one transaction, at its first access,
 * read or write: a tenant's bootstrap costs no request, and a shard nobody reached stores nothing.
 */
import type { ShardAddress } from './addresses.js';
import type { ObjectWrite } from './protocol.js';

/** The writes a shard at `shard` is born with (none for most). */
export type SeedSource = (shard: ShardAddress, now: Date) => ObjectWrite[];

let source: SeedSource = () => [];

/** Sets where seeds come from (once, by the entry point). */
export function provideSeeds(seeds: SeedSource): void {
  source = seeds;
}

/** The seed of the shard at `shard`. */
export function seedOf(shard: ShardAddress, now: Date): ObjectWrite[] {
  return source(shard, now);
}
