/**
 * What kube-apiserver makes sure of at start that the registry knows (its post-start hooks,
 * pkg/controlplane): the namespaces its bootstrap controller guarantees (default, kube-system,
 * kube-public, kube-node-lease), the system PriorityClasses, and the ConfigMap of its legacy token
 * tracking controller. When they run, with the other features' hooks, is the server's
 * (server/assembly/post-start.ts).
 */
import { findResource } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { createAsApiServer } from './bootstrap-object.js';

export const systemNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/** The bootstrap controller's hook: the system namespaces. */
export async function createSystemNamespaces(cluster: ClusterContext): Promise<void> {
  const type = findResource('', 'v1', 'namespaces')!;
  await Promise.all(systemNamespaces.map((name) => createAsApiServer(cluster, type, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })));
}

/** The scheduling/bootstrap-system-priority-classes hook: system-node-critical and system-cluster-critical. */
export async function createSystemPriorityClasses(cluster: ClusterContext): Promise<void> {
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
export async function ensureLegacyTokenTracking(cluster: ClusterContext): Promise<void> {
  const since = new Date().toISOString().slice(0, 10);
  await createAsApiServer(cluster, findResource('', 'v1', 'configmaps')!, 'kube-system', {
    apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-apiserver-legacy-service-account-token-tracking', namespace: 'kube-system' }, data: { since },
  });
}
