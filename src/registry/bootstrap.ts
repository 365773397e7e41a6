/**
 * The namespaces kube-apiserver's bootstrap controller guarantees: default, kube-system,
 * kube-public and kube-node-lease. Like that controller (which re-checks periodically), each
 * Worker isolate makes sure of them for a cluster before its first API request to it and again
 * every minute; creating one that exists is a no-op. The bootstrap RBAC policy
 * (src/auth/bootstrap-policy.ts) is made sure of with the first bootstrap of the cluster in the
 * isolate. A tenant's storage shards are born with its bootstrap objects (bootstrap-seeds.ts):
 * for a tenant only the namespaces are checked again, as kube's bootstrap controller does.
 */
import { findResource } from '../api/catalog.js';
import { ensureBootstrapPolicy } from '../auth/bootstrap-policy.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { StatusError } from '../core/status.js';
import { storeFor } from './registry.js';

export const systemNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

const recheckMillis = 60_000;

/**
 * When bootstrap last succeeded, not a shared promise: a promise started by one request must not
 * be awaited by another (workerd ties I/O to its request), so concurrent requests each run the
 * idempotent creates. The bootstrap RBAC policy is made sure of once per cluster and isolate
 * (kube: once per server start).
 */
const bootstrapState = new ClusterState((cluster) => ({
  // A tenant's namespaces shard is born with them (bootstrap-seeds.ts): checked again only in a minute.
  bootstrappedAt: cluster.tenant === undefined ? -Infinity : Date.now(),
  policyBootstrapped: false,
}));

/** Resolves once the system namespaces of `cluster` exist (and, for the default plane, its bootstrap RBAC policy). */
export async function ensureBootstrapped(cluster: ClusterContext): Promise<void> {
  const state = bootstrapState.of(cluster);
  if (Date.now() - state.bootstrappedAt < recheckMillis) return;
  await createSystemNamespaces(cluster);
  if (!state.policyBootstrapped && cluster.tenant === undefined) await ensureBootstrapPolicy(cluster);
  state.policyBootstrapped = true;
  state.bootstrappedAt = Date.now();
}

async function createSystemNamespaces(cluster: ClusterContext): Promise<void> {
  const type = findResource('', 'v1', 'namespaces')!;
  const store = storeFor(cluster, type);
  await Promise.all(systemNamespaces.map(async (name) => {
    try {
      await store.create('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, { dryRun: false, now: new Date() });
    } catch (error) {
      if (!(error instanceof StatusError && error.status.reason === 'AlreadyExists')) throw error;
    }
  }));
}
