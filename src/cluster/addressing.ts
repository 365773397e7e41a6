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
 *
 * A cluster's address is `default` for the default control plane, and `NAME:UID` for a tenant
 * (the uid of the ControlPlane object that made it): each incarnation of a tenant name gets Durable
 * Objects of its own, so a tenant deleted and made again starts empty, and no per-isolate state
 * of the old one (caches, contexts) is ever taken for the new one. Tenant names are RFC 1123
 * labels, so neither part can hold the `/` Durable Object names are split on.
 */
import { fnv1a } from '../apimachinery/hash.js';
import { isDNS1123Label } from '../apimachinery/validation/names.js';
import type { Env } from '../server/env.js';
import type { ShardLayout } from '../storage/sharding/shard-map.js';

/** The cluster every request belongs to unless it names another: the default control plane. */
export const defaultClusterName = 'default';

/** Why `name` cannot name a tenant (an RFC 1123 label other than `default`); empty when it can. */
export function tenantNameProblems(name: string): string[] {
  if (name === defaultClusterName) return [`"${defaultClusterName}" is the name of the default control plane`];
  return isDNS1123Label(name);
}

/** The address of a tenant's incarnation: its name and the uid of the ControlPlane that made it. */
export function tenantClusterName(tenant: string, uid: string): string {
  if (tenantNameProblems(tenant).length || !/^[0-9a-f-]+$/.test(uid)) throw new Error(`not a tenant address: ${tenant}:${uid}`);
  return `${tenant}:${uid}`;
}

/** The tenant name of a cluster address; undefined for the default control plane. */
export function tenantOf(cluster: string): string | undefined {
  const colon = cluster.indexOf(':');
  return colon < 0 ? undefined : cluster.slice(0, colon);
}

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

/**
 * The storage resource of a served resource: itself, except where kube keeps two resources in one
 * storage (events.k8s.io/events are core events, /registry/events in etcd). The cluster context
 * maps a served type through here before choosing its shards; converting between the two forms
 * is the stored codec's (registry/stored-codec.ts).
 */
export function storageResourceOf(group: string, resource: string): { group: string; resource: string } {
  if (group === 'events.k8s.io' && resource === 'events') return { group: '', resource: 'events' };
  return { group, resource };
}

/**
 * The stub of a storage shard. Stubs are I/O objects: workerd ties them to the request that made
 * them, so each request gets its own; the id behind it (a hash of the name) is not, and is kept.
 */
export function storageShardStub(env: Env, shard: ShardAddress) {
  return env.STORAGE_SHARDS.get(objectId(env.STORAGE_SHARDS, shardName(shard)));
}

/** The stub of a controller partition. */
export function partitionStub(env: Env, partition: PartitionAddress) {
  return env.CONTROLLERS.get(objectId(env.CONTROLLERS, partitionName(partition)));
}

/** Ids by name, per namespace binding; emptied when full (names are few per isolate: a tenant's types). */
const knownIds = new WeakMap<object, Map<string, DurableObjectId>>();
const knownIdsCapacity = 4096;

/** `namespace.idFromName(name)`, remembered: the name's hash costs more than the lookup. */
function objectId(namespace: { idFromName(name: string): DurableObjectId }, name: string): DurableObjectId {
  let ids = knownIds.get(namespace);
  if (!ids) knownIds.set(namespace, (ids = new Map()));
  let id = ids.get(name);
  if (!id) {
    if (ids.size >= knownIdsCapacity) ids.clear();
    ids.set(name, (id = namespace.idFromName(name)));
  }
  return id;
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
