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

/** The Durable Object name for an address: `cluster/group/resource` (`core` for the legacy group). */
export function shardName(address: ShardAddress): string {
  return `${address.cluster}/${address.group || 'core'}/${address.resource}`;
}
