/**
 * The server's post-start hooks (kube-apiserver's PostStartHooks), run for each cluster by each
 * Worker isolate before the cluster's first API request to it and again every minute, since there
 * is no long-running process: like kube's bootstrap controller, which re-checks periodically.
 * Each hook is idempotent; creating what exists is a no-op.
 *   1. the system namespaces (registry);
 *   2. once per cluster and isolate (kube: once per server start): the bootstrap RBAC policy,
 *      unless the cluster's shards are born with it (a tenant's, whose RBAC types are not spread
 *      over several shards), the system PriorityClasses, the legacy token tracking ConfigMap;
 *   3. API Priority and Fairness' configuration (flowcontrol), then the Local APIServices (apiservices).
 */
import { ensureApiServices } from '../../apiservices/system-objects.js';
import { ensureBootstrapPolicy } from '../../auth/bootstrap-policy.js';
import { ClusterState, type ClusterContext } from '../../cluster/context.js';
import { ensureFlowControlObjects } from '../../flowcontrol/bootstrap.js';
import { createSystemNamespaces, createSystemPriorityClasses, ensureLegacyTokenTracking } from '../../registry/bootstrap.js';

const recheckMillis = 60_000;

/**
 * When bootstrap last succeeded, not a shared promise: a promise started by one request must not
 * be awaited by another (workerd ties I/O to its request), so concurrent requests each run the
 * idempotent creates.
 */
const bootstrapState = new ClusterState((cluster) => ({
  // A cluster born seeded has its namespaces from its first access (registry/bootstrap-seeds.ts): checked again only in a minute.
  bootstrappedAt: cluster.tenancy.bornSeeded ? Date.now() : -Infinity,
  policyBootstrapped: false,
}));

/** Resolves once the post-start hooks of `cluster` have run (within the last minute). */
export async function ensureBootstrapped(cluster: ClusterContext): Promise<void> {
  const state = bootstrapState.of(cluster);
  if (Date.now() - state.bootstrappedAt < recheckMillis) return;
  await createSystemNamespaces(cluster);
  if (!state.policyBootstrapped) {
    const policy = !cluster.tenancy.bornSeeded || rbacSharded(cluster) ? [ensureBootstrapPolicy(cluster)] : [];
    await Promise.all([...policy, createSystemPriorityClasses(cluster), ensureLegacyTokenTracking(cluster)]);
  }
  state.policyBootstrapped = true;
  await ensureFlowControlObjects(cluster);
  await ensureApiServices(cluster);
  state.bootstrappedAt = Date.now();
}

/** Whether an RBAC type is spread over several shards, whose objects are not seeded. */
function rbacSharded(cluster: ClusterContext): boolean {
  return ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'].some((resource) => cluster.settings.shardLayouts.layoutOf('rbac.authorization.k8s.io', resource).count > 1);
}
