/**
 * The one function that chooses the Durable Object owning a request's objects. Today every
 * (group, resource) of a cluster is one Durable Object; the namespace is an argument so that a
 * hot type can later be split by namespace, and the cluster so that every tenant can get its own
 * control plane, without touching callers.
 */

export const defaultCluster = 'default';

export interface ShardAddress {
  cluster: string;
  group: string;
  resource: string;
  namespace: string;
}

/**
 * The storage resource of a served resource: itself, except where kube keeps two resources in one
 * storage (events.k8s.io/events are core events, /registry/events in etcd). Conversion between
 * the two forms is the stored codec's (registry/stored-codec.ts).
 */
export function storageResourceOf(group: string, resource: string): { group: string; resource: string } {
  if (group === 'events.k8s.io' && resource === 'events') return { group: '', resource: 'events' };
  return { group, resource };
}

/** The Durable Object name for an address: `cluster/group/resource` of its storage resource (`core` for the legacy group). */
export function shardName(address: ShardAddress): string {
  const storage = storageResourceOf(address.group, address.resource);
  return `${address.cluster}/${storage.group || 'core'}/${storage.resource}`;
}
