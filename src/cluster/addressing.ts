/**
 * Addressing: the only code that names Durable Objects. A request's objects live in the storage
 * shard chosen by one function of (cluster, group, resource, namespace, name); the server's own
 * controllers live in partitions chosen by (cluster, partition). A Durable Object learns who it
 * is from its name through this module too (`ctx.id.name`, available since workerd 2026-03 in
 * the constructor, RPC methods and alarms), never from the messages it receives.
 *
 * Names are persistent identities (a Durable Object's storage is reached by its name): they
 * never change for an existing address. A type of one shard is `cluster/group/resource`; a type
 * spread over N shards (shard-layouts.ts) is `cluster/group/resource/i-of-N`, the shard chosen by
 * a hash of the object's namespace, or of its namespace and name.
 */
import { fnv1a } from '../core/hash.js';
import type { Env } from '../env.js';
import type { ShardLayout } from './shard-layouts.js';

/** The cluster every request belongs to unless it names another (tenants come later). */
export const defaultClusterName = 'default';

/** Where an object's storage lives: the brief's (cluster, group, resource, namespace, name). */
export interface ObjectAddress {
  cluster: string;
  group: string;
  resource: string;
  namespace?: string;
  name?: string;
}

/** A storage shard: the Durable Object holding (a part of) one resource type of one cluster. */
export interface ShardAddress {
  cluster: string;
  group: string;
  resource: string;
  /** Which of how many shards; absent for a type of one shard. */
  shard?: { index: number; count: number };
}

/** A controller partition: the Durable Object running the controllers' work for a slice of uids. */
export interface PartitionAddress {
  cluster: string;
  partition: number;
}

const partitionPrefix = 'lifecycle';

/**
 * The storage shard that owns an object: the one function of (cluster, group, resource,
 * namespace, name) that chooses a Durable Object for storage, given the type's layout.
 */
export function shardOf(address: ObjectAddress, layout: ShardLayout): ShardAddress {
  const { cluster, group, resource } = address;
  if (layout.count === 1) return { cluster, group, resource };
  const spreadBy = layout.key === 'name' ? `${address.namespace ?? ''}/${address.name ?? ''}` : (address.namespace ?? '');
  return { cluster, group, resource, shard: { index: fnv1a(spreadBy) % layout.count, count: layout.count } };
}

/** Every storage shard of a type, in index order. */
export function shardsOf(type: Omit<ObjectAddress, 'namespace' | 'name'>, layout: ShardLayout): ShardAddress[] {
  const { cluster, group, resource } = type;
  if (layout.count === 1) return [{ cluster, group, resource }];
  return Array.from({ length: layout.count }, (_, index) => ({ cluster, group, resource, shard: { index, count: layout.count } }));
}

/** The stub of a storage shard. Stubs are I/O objects: workerd ties them to the request that made them. */
export function storageShardStub(env: Env, shard: ShardAddress) {
  return env.STORAGE_SHARDS.get(env.STORAGE_SHARDS.idFromName(shardName(shard)));
}

/** The stub of a controller partition. */
export function partitionStub(env: Env, partition: PartitionAddress) {
  return env.CONTROLLERS.get(env.CONTROLLERS.idFromName(partitionName(partition)));
}

/** The address a storage shard was created for, from its Durable Object name. */
export function shardAddressOf(objectName: string | undefined): ShardAddress {
  const parts = (objectName ?? '').split('/');
  const position = parts.length === 4 ? /^(\d+)-of-(\d+)$/.exec(parts[3]!) : null;
  if ((parts.length !== 3 && !position) || parts.some((part) => part === '')) throw new Error(`not a storage shard name: ${objectName}`);
  const [cluster, group, resource] = parts as [string, string, string];
  const address: ShardAddress = { cluster, group: group === 'core' ? '' : group, resource };
  if (position) address.shard = { index: Number(position[1]), count: Number(position[2]) };
  return address;
}

/** A shard's name, also its identity in per-isolate maps. */
export function shardName(shard: ShardAddress): string {
  const base = `${shard.cluster}/${shard.group || 'core'}/${shard.resource}`;
  return shard.shard ? `${base}/${shard.shard.index}-of-${shard.shard.count}` : base;
}

/** The address a controller partition was created for, from its Durable Object name. */
export function partitionAddressOf(objectName: string | undefined): PartitionAddress {
  const parts = (objectName ?? '').split('/');
  const partition = Number(parts[2]);
  if (parts.length !== 3 || parts[0] !== partitionPrefix || !parts[1] || !Number.isInteger(partition)) {
    throw new Error(`not a controller partition name: ${objectName}`);
  }
  return { cluster: parts[1], partition };
}

/** `lifecycle/cluster/N` (the name predates the word "partition"; names never change). */
function partitionName(partition: PartitionAddress): string {
  return `${partitionPrefix}/${partition.cluster}/${partition.partition}`;
}
