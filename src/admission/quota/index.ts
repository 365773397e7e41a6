/**
 * kube-apiserver's ResourceQuota admission plugin (validating, after the webhooks): a create, or
 * an update that can change usage, in a namespace whose ResourceQuotas limit what the object
 * charges is refused with kube's 403 when it would exceed one, and otherwise charged to each such
 * quota's status.used (as `kube-apiserver`, through /status) before the object is stored. The
 * namespace's quotas are read through a cache of every quota of the cluster (kube reads an
 * informer); a refusal is confirmed against storage first, and each charge re-checks the quota as
 * it is stored, inside the store's update loop (kube: an update with the quota's resourceVersion,
 * checked again on conflict). Dry runs are checked, not charged. Computing usage from scratch is
 * kube-controller-manager's resourcequota controller's work, not the server's.
 */
import { findResource } from '../../api/catalog.js';
import { forbidden, StatusError } from '../../apimachinery/status.js';
import { fieldManagement, trackUpdate } from '../../registry/field-manager.js';
import { apiServerManager } from '../../registry/bootstrap-object.js';
import { CollectionCache, collectionCacheSlot } from '../../registry/collection-cache.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { storeFor } from '../../registry/registry.js';
import type { AdmissionRequest, AdmissionStep, ValidatingPlugin } from '../plugins.js';
import { checkQuotas, type QuotaRequest } from './check.js';
import { evaluatorFor, type Evaluator } from './evaluators.js';
import { resourceList, resourceListJson, sameUsage } from './resource-lists.js';

const quotaType = () => findResource('', 'v1', 'resourcequotas')!;

/** Every ResourceQuota of the cluster, by namespace. */
const quotaCache = collectionCacheSlot(() => new CollectionCache<Map<string, KubeObject[]>>(() => [quotaType()], ([quotas = []]) => {
  const byNamespace = new Map<string, KubeObject[]>();
  for (const quota of quotas) {
    const namespace = quota.metadata.namespace ?? '';
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), quota]);
  }
  return byNamespace;
}));

/** The ResourceQuota plugin: runs after the policies and webhooks (admission/plugins.ts), as kube orders it. */
export const resourceQuota: ValidatingPlugin = { validate: admitQuota };

/** Admits a write of the request's main resource against the namespace's quotas (throws kube's 403). */
export async function admitQuota(scope: AdmissionRequest, step: AdmissionStep): Promise<void> {
  const { type, namespace, info } = scope;
  if (step.operation === 'DELETE' || !step.object || info.subresource || !namespace || type.virtual) return;
  const evaluator = evaluatorFor(type.group, type.resource);
  if (!evaluator?.handles(step.operation)) return;
  const request: QuotaRequest = { operation: step.operation, object: step.object, old: step.old, now: scope.now };
  let quotas = (await quotaCache.of(scope.cluster).current(scope.cluster)).get(namespace) ?? [];
  if (!quotas.length) return;
  let decision = checkQuotas(quotas, request, evaluator);
  if (decision.refusal) {
    quotas = (await storeFor(scope.cluster, quotaType()).listObjects(namespace, { limit: 0, continue: '', resourceVersion: '', resourceVersionMatch: '' })).items;
    decision = checkQuotas(quotas, request, evaluator);
  }
  if (decision.refusal !== undefined) throw refusal(scope, step.object, decision.refusal);
  if (step.dryRun) return;
  for (const [name, used] of decision.charges) {
    const current = quotas.find((quota) => quota.metadata.name === name)!;
    if (!sameUsage(used, resourceList((current.status as { used?: unknown } | undefined)?.used))) await charge(scope, name, request, evaluator);
  }
}

function refusal(scope: AdmissionRequest, object: KubeObject, why: string) {
  return forbidden({ group: scope.type.group, resource: scope.type.resource }, object.metadata.name ?? scope.info.name, why);
}

/** Thrown inside a charge when the quota is gone: kube then admits without it. */
class QuotaGone extends Error {}

/** Charges quota `name` as stored: checked again against it, its status.used written by kube-apiserver. */
async function charge(scope: AdmissionRequest, name: string, request: QuotaRequest, evaluator: Evaluator): Promise<void> {
  const now = new Date();
  const management = fieldManagement(quotaType(), apiServerManager, 'status', now);
  try {
    await storeFor(scope.cluster, quotaType(), 'status').update(scope.namespace, name, (current) => {
      if (!current) throw new QuotaGone();
      const decision = checkQuotas([current], request, evaluator);
      if (decision.refusal !== undefined) throw refusal(scope, request.object as KubeObject, decision.refusal);
      const used = decision.charges.get(name);
      const next = structuredClone(current);
      if (used) next.status = { ...(next.status as object), used: resourceListJson(used) };
      return trackUpdate(management, current, next);
    }, { dryRun: false, now });
  } catch (error) {
    if (!(error instanceof QuotaGone) && !(error instanceof StatusError && error.code === 404)) throw error;
  }
  quotaCache.of(scope.cluster).forget();
}
