/**
 * The clusterrole-aggregation controller (pkg/controller/clusterroleaggregation): an aggregated
 * ClusterRole's stored rules are the union of the rules of the ClusterRoles its selectors pick.
 * Authorization already judges by the aggregated rules (rbac-policy.ts); this writes them back,
 * so `kubectl get clusterrole admin -o yaml` shows them. Run after a ClusterRole is written
 * through this isolate and with the bootstrap policy (rbac-policy.ts runs it on the policy it
 * caches); a lost race is left to the next run.
 */
import { findResource } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { storeFor } from '../registry/registry.js';
import type { KubeObject } from '../apimachinery/object.js';
import { aggregateRules, type ClusterRole } from '../rbac/index.js';

/** Writes the aggregated rules of every aggregated ClusterRole of `roles` whose stored rules differ; whether it wrote any. */
export async function syncAggregatedClusterRoles(cluster: ClusterContext, roles: ClusterRole[]): Promise<boolean> {
  const stale = roles.filter((role) => role.aggregationRule && JSON.stringify(role.rules ?? []) !== JSON.stringify(aggregateRules(role, roles)));
  if (!stale.length) return false;
  const store = storeFor(cluster, findResource('rbac.authorization.k8s.io', 'v1', 'clusterroles')!);
  await Promise.all(stale.map((role) => writeRules(store, role, aggregateRules(role, roles))));
  return true;
}

async function writeRules(store: ReturnType<typeof storeFor>, role: ClusterRole, rules: ClusterRole['rules']): Promise<void> {
  try {
    await store.updateStored('', role.metadata.name, (current: KubeObject) => ({ ...current, rules } as KubeObject), { dryRun: false, now: new Date() });
  } catch {
    // Deleted or changed meanwhile: the next sync sees the current state.
  }
}
