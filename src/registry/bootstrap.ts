/**
 * The namespaces kube-apiserver's bootstrap controller guarantees: default, kube-system,
 * kube-public and kube-node-lease. Like that controller (which re-checks periodically), each
 * Worker isolate makes sure of them for a cluster before its first API request to it and again
 * every minute; creating one that exists is a no-op. The bootstrap RBAC policy
 * (src/auth/bootstrap-policy.ts), the system PriorityClasses and the ConfigMap of kube-apiserver's
 * legacy token tracking controller are made sure of with the first bootstrap of the cluster in the
 * isolate; API Priority and Fairness' configuration and the Local APIServices (./system-objects.ts)
 * with every bootstrap. A tenant's storage shards are born with its namespaces and RBAC policy
 * (bootstrap-seeds.ts): for a tenant the policy is not written again, unless an RBAC type is
 * spread over several shards (those are not seeded).
 */
import { findResource } from '../api/catalog.js';
import { ensureBootstrapPolicy } from '../auth/bootstrap-policy.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { createAsApiServer } from './bootstrap-object.js';
import { ensureSystemObjects } from './system-objects.js';

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
  if (!state.policyBootstrapped) {
    const policy = cluster.tenant === undefined || seedsSharded(cluster) ? [ensureBootstrapPolicy(cluster)] : [];
    await Promise.all([...policy, createSystemPriorityClasses(cluster), ensureLegacyTokenTracking(cluster)]);
  }
  state.policyBootstrapped = true;
  await ensureSystemObjects(cluster);
  state.bootstrappedAt = Date.now();
}

async function createSystemNamespaces(cluster: ClusterContext): Promise<void> {
  const type = findResource('', 'v1', 'namespaces')!;
  await Promise.all(systemNamespaces.map((name) => createAsApiServer(cluster, type, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })));
}

/** The scheduling/bootstrap-system-priority-classes hook: system-node-critical and system-cluster-critical. */
async function createSystemPriorityClasses(cluster: ClusterContext): Promise<void> {
  const type = findResource('scheduling.k8s.io', 'v1', 'priorityclasses')!;
  await Promise.all(systemPriorityClasses.map(({ name, value, description }) =>
    createAsApiServer(cluster, type, '', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, description })));
}

const systemPriorityClasses = [
  { name: 'system-node-critical', value: 2_000_001_000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2_000_000_000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];

/**
 * kube-system/kube-apiserver-legacy-service-account-token-tracking (pkg/controlplane/controller/
 * legacytokentracking): the date from which the server tracks use of legacy (Secret-based)
 * service account tokens; kube-controller-manager's legacy token cleaner reads it. This server
 * accepts no legacy token at all, so none is used from the first day. Created when missing.
 */
async function ensureLegacyTokenTracking(cluster: ClusterContext): Promise<void> {
  const since = new Date().toISOString().slice(0, 10);
  await createAsApiServer(cluster, findResource('', 'v1', 'configmaps')!, 'kube-system', {
    apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-apiserver-legacy-service-account-token-tracking', namespace: 'kube-system' }, data: { since },
  });
}

/** Whether an RBAC type is spread over several shards, so that a tenant's policy is not seeded. */
function seedsSharded(cluster: ClusterContext): boolean {
  return ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'].some((resource) => cluster.settings.shardLayouts.layoutOf('rbac.authorization.k8s.io', resource).count > 1);
}
