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
import { isDNS1123Label } from '../apimachinery/validation/names.js';
import type { Env } from '../server/env.js';
import { type PartitionAddress, partitionName, type ShardAddress, shardName } from '../durable/addresses.js';

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
