/**
 * The namespaces kube-apiserver's bootstrap controller guarantees: default, kube-system,
 * kube-public and kube-node-lease. Like that controller (which re-checks periodically), each
 * Worker isolate makes sure of them before its first API request and again every minute;
 * creating one that exists is a no-op. The bootstrap RBAC policy (src/auth/bootstrap-policy.ts)
 * and the system PriorityClasses are made sure of with the first bootstrap of the isolate.
 */
import { findResource } from '../api/catalog.js';
import { ensureBootstrapPolicy } from '../auth/bootstrap-policy.js';
import type { Env } from '../env.js';
import { createAsApiServer } from './bootstrap-object.js';

export const systemNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

const recheckMillis = 60_000;

/**
 * When bootstrap last succeeded, not a shared promise: a promise started by one request must not
 * be awaited by another (workerd ties I/O to its request), so concurrent requests each run the
 * idempotent creates.
 */
let bootstrappedAt = -Infinity;
/** The bootstrap RBAC policy is made sure of once per isolate (kube: once per server start). */
let policyBootstrapped = false;

/** Resolves once the system namespaces exist. */
export async function ensureBootstrapped(env: Env): Promise<void> {
  if (Date.now() - bootstrappedAt < recheckMillis) return;
  await createSystemNamespaces(env);
  if (!policyBootstrapped) await Promise.all([ensureBootstrapPolicy(env), createSystemPriorityClasses(env)]);
  policyBootstrapped = true;
  bootstrappedAt = Date.now();
}

async function createSystemNamespaces(env: Env): Promise<void> {
  const type = findResource('', 'v1', 'namespaces')!;
  await Promise.all(systemNamespaces.map((name) => createAsApiServer(env, type, '', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })));
}

/** The scheduling/bootstrap-system-priority-classes hook: system-node-critical and system-cluster-critical. */
async function createSystemPriorityClasses(env: Env): Promise<void> {
  const type = findResource('scheduling.k8s.io', 'v1', 'priorityclasses')!;
  await Promise.all(systemPriorityClasses.map(({ name, value, description }) =>
    createAsApiServer(env, type, '', { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, description })));
}

const systemPriorityClasses = [
  { name: 'system-node-critical', value: 2_000_001_000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2_000_000_000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];
