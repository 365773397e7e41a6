/**
 * Collections this isolate caches for authentication, authorization and admission (RBAC policy,
 * admission configuration). A write through this isolate to one of their types makes the next
 * request read them again, so a client sees its own change at once; the controllers that keep
 * derived state (ClusterRole aggregation, policy type checking) run right after such a write.
 */
import type { ResourceType } from '../api/catalog.js';
import { forgetAdmissionConfiguration } from '../admission/configuration.js';
import { syncPolicyStatus } from '../admission/policy-status.js';
import type { Env } from '../env.js';
import { syncAggregatedClusterRoles } from './aggregation-sync.js';
import { forgetRbacPolicy } from './rbac-policy.js';

/** Called after every write request of `type`; a ClusterRole write also re-aggregates ClusterRoles. */
export async function forgetCachedCollections(env: Env, type: ResourceType): Promise<void> {
  if (type.group === 'rbac.authorization.k8s.io') forgetRbacPolicy();
  if (type.group === 'admissionregistration.k8s.io') forgetAdmissionConfiguration();
  if (type.group === 'rbac.authorization.k8s.io' && type.resource === 'clusterroles') await syncAggregatedClusterRoles(env);
  if (type.group === 'admissionregistration.k8s.io' && type.resource === 'validatingadmissionpolicies') await syncPolicyStatus(env);
}
