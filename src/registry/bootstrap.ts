/**
 * The namespaces kube-apiserver's bootstrap controller guarantees: default, kube-system,
 * kube-public and kube-node-lease. Like that controller (which re-checks periodically), each
 * Worker isolate makes sure of them for a cluster before its first API request to it and again
 * every minute; creating one that exists is a no-op. The bootstrap RBAC policy
 * (src/auth/bootstrap-policy.ts) is made sure of with the first bootstrap of the cluster in the isolate;
 * API Priority and Fairness' configuration and the Local APIServices (./system-objects.ts) with
 * every bootstrap; the ConfigMap of kube-apiserver's legacy token tracking controller with the
 * first bootstrap.
 */
import { findResource } from '../api/catalog.js';
import { ensureBootstrapPolicy } from '../auth/bootstrap-policy.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { StatusError } from '../core/status.js';
import { storeFor } from './registry.js';
import { ensureSystemObjects } from './system-objects.js';

export const systemNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

const recheckMillis = 60_000;

/**
 * When bootstrap last succeeded, not a shared promise: a promise started by one request must not
 * be awaited by another (workerd ties I/O to its request), so concurrent requests each run the
 * idempotent creates. The bootstrap RBAC policy is made sure of once per cluster and isolate
 * (kube: once per server start).
 */
const bootstrapState = new ClusterState(() => ({ bootstrappedAt: -Infinity, policyBootstrapped: false }));

/** Resolves once the system namespaces of `cluster` exist. */
export async function ensureBootstrapped(cluster: ClusterContext): Promise<void> {
  const state = bootstrapState.of(cluster);
  if (Date.now() - state.bootstrappedAt < recheckMillis) return;
  await createSystemNamespaces(cluster);
  if (!state.policyBootstrapped) await Promise.all([ensureBootstrapPolicy(cluster), ensureLegacyTokenTracking(cluster)]);
  state.policyBootstrapped = true;
  await ensureSystemObjects(cluster);
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

/**
 * kube-system/kube-apiserver-legacy-service-account-token-tracking (pkg/controlplane/controller/
 * legacytokentracking): the date from which the server tracks use of legacy (Secret-based)
 * service account tokens; kube-controller-manager's legacy token cleaner reads it. This server
 * accepts no legacy token at all, so none is used from the first day. Created when missing.
 */
async function ensureLegacyTokenTracking(cluster: ClusterContext): Promise<void> {
  const store = storeFor(cluster, findResource('', 'v1', 'configmaps')!);
  const now = new Date();
  const configMap = {
    apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-apiserver-legacy-service-account-token-tracking', namespace: 'kube-system' },
    data: { since: now.toISOString().slice(0, 10) },
  };
  try {
    await store.create('kube-system', configMap, { dryRun: false, now });
  } catch (error) {
    if (!(error instanceof StatusError && error.status.reason === 'AlreadyExists')) throw error;
  }
}
