/**
 * Which lifecycle controller shard (a LifecycleController Durable Object) handles what. The
 * controllers are sharded by object uid: shard(uid) keeps that object's state as an owner (its
 * dependents, its orphan or foreground deletion, its grace period, its namespace's termination
 * when it is a namespace). An event therefore goes to the shard of the object itself and to the
 * shard of each owner it names, now or before the write (whose edge lists change).
 */
import { defaultCluster } from '../storage/shard.js';
import type { LifecycleEvent } from './events.js';

export const defaultLifecycleShards = 4;

/** FNV-1a of a string: a stable, well-spread shard choice. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The shard index of an object uid among `shards`. */
export function shardOf(uid: string, shards: number): number {
  return hash(uid) % shards;
}

/** The Durable Object name of a controller shard. */
export function controllerName(shard: number, cluster = defaultCluster): string {
  return `lifecycle/${cluster}/${shard}`;
}

/** The shards an event must reach, each once. */
export function eventShards(event: LifecycleEvent, shards: number): number[] {
  const targets = new Set([shardOf(event.uid, shards)]);
  for (const owner of [...event.owners, ...event.previousOwners]) targets.add(shardOf(owner.uid, shards));
  return [...targets];
}

/** The configured number of shards (LIFECYCLE_SHARDS), default 4. */
export function lifecycleShards(configured: string | undefined): number {
  const value = Number(configured);
  return Number.isInteger(value) && value > 0 ? value : defaultLifecycleShards;
}
