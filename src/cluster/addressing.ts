/**
 * Addressing: the only code that names Durable Objects. A request's objects live in the storage
 * shard chosen by one function of (cluster, group, resource, namespace, name); the server's own
 * controllers live in partitions chosen by (cluster, partition). A Durable Object learns who it
 * is from its name through this module too (`ctx.id.name`, available since workerd 2026-03 in
 * the constructor, RPC methods and alarms), never from the messages it receives.
 *
 * Names are persistent identities (a Durable Object's storage is reached by its name): they
 * never change for an existing address. Today every (cluster, group, resource) is one shard.
 */
import type { Env } from '../env.js';

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
}

/** A controller partition: the Durable Object running the controllers' work for a slice of uids. */
export interface PartitionAddress {
  cluster: string;
  partition: number;
}

const partitionPrefix = 'lifecycle';

/** The storage shard that owns an object (or a collection: namespace and name may be absent). */
export function shardOf(address: ObjectAddress): ShardAddress {
  return { cluster: address.cluster, ...storageResourceOf(address.group, address.resource) };
}

/**
 * The storage resource of a served resource: itself, except where kube keeps two resources in one
 * storage (events.k8s.io/events are core events, /registry/events in etcd). Converting between the
 * two forms is the stored codec's (registry/stored-codec.ts).
 */
export function storageResourceOf(group: string, resource: string): { group: string; resource: string } {
  if (group === 'events.k8s.io' && resource === 'events') return { group: '', resource: 'events' };
  return { group, resource };
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
  if (parts.length !== 3 || parts.some((part) => part === '')) throw new Error(`not a storage shard name: ${objectName}`);
  const [cluster, group, resource] = parts as [string, string, string];
  return { cluster, group: group === 'core' ? '' : group, resource };
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

/** `cluster/group/resource`, `core` for the legacy group. */
function shardName(shard: ShardAddress): string {
  return `${shard.cluster}/${shard.group || 'core'}/${shard.resource}`;
}

/** `lifecycle/cluster/N` (the name predates the word "partition"; names never change). */
function partitionName(partition: PartitionAddress): string {
  return `${partitionPrefix}/${partition.cluster}/${partition.partition}`;
}
