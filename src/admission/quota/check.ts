/**
 * CheckRequest of kube-apiserver's ResourceQuota admission (k8s.io/apiserver/pkg/admission/plugin/
 * resourcequota/controller.go, v1.32), without I/O: which quotas of the namespace an object
 * falls under (their hard limits name a resource it charges, their scopes all match it), whether
 * each has counted its usage yet, the object's delta (a create's usage; an update's increase),
 * and each quota's usage after charging it, or the refusal. No LimitedResources configuration
 * (kube-apiserver's default). The caller writes the new usage.
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord, asRecords, asText, asTexts, type JsonRecord } from '../../kinds/json-values.js';
import type { Evaluator, QuotaOperation } from './evaluators.js';
import type { ScopeRequirement } from './pod-usage.js';
import { add, exceeded, mask, negativeNames, printList, printNames, removeZeros, resourceList, subtractNonNegative, type ResourceList } from './resource-lists.js';

export interface QuotaRequest {
  operation: QuotaOperation;
  object: JsonRecord;
  /** The stored object an update replaces. */
  old: JsonRecord | null;
  now: Date;
}

/** The outcome: the quotas whose usage changes, with it; or why the request is refused (403's text). */
export type QuotaDecision = { charges: Map<string, ResourceList>; refusal?: undefined } | { refusal: string; charges?: undefined };

/** The quota's scopes and scope selector as selector requirements (getScopeSelectorsFromQuota). */
function scopeRequirements(quota: KubeObject): ScopeRequirement[] {
  const spec = asRecord(quota.spec) ?? {};
  const scopes = asTexts(spec.scopes).map((scopeName) => ({ scopeName, operator: 'Exists' }));
  const expressions = asRecords(asRecord(spec.scopeSelector)?.matchExpressions).map((expression) => ({
    scopeName: asText(expression.scopeName), operator: asText(expression.operator), values: asTexts(expression.values),
  }));
  return [...scopes, ...expressions];
}

const hardOf = (quota: KubeObject) => resourceList(asRecord(quota.status)?.hard);
const usedOf = (quota: KubeObject) => resourceList(asRecord(quota.status)?.used);

/** The quotas `request` falls under, each with the resources it limits that the object charges. */
function interestingQuotas(quotas: KubeObject[], request: QuotaRequest, evaluator: Evaluator): { quota: KubeObject; restricted: string[] }[] | string {
  const found: { quota: KubeObject; restricted: string[] }[] = [];
  for (const quota of quotas) {
    const restricted = evaluator.matchingResources([...hardOf(quota).keys()]);
    const scopesMatch = scopeRequirements(quota).every((requirement) => evaluator.matchesScope(requirement, request.object));
    if (restricted.length === 0 || !scopesMatch) continue;
    const name = quota.metadata.name ?? '';
    const constraint = evaluator.constraintError(restricted, request.object);
    if (constraint) return `failed quota: ${name}: ${constraint}`;
    const used = usedOf(quota);
    const unknown = restricted.filter((resource) => !used.has(resource));
    if (unknown.length) return `status unknown for quota: ${name}, resources: ${printNames(restricted)}`;
    found.push({ quota, restricted });
  }
  return found;
}

/** The usage the request adds: a create's whole usage, an update's increase over the stored object. */
function deltaUsage(request: QuotaRequest, evaluator: Evaluator): ResourceList | string {
  let delta = evaluator.usage(request.object, request.now);
  const negative = negativeNames(delta);
  if (negative.length) return `quota usage is negative for resource(s): ${printNames(negative)}`;
  if (request.operation === 'UPDATE' && request.old && asText(asRecord(request.old.metadata)?.resourceVersion)) {
    delta = subtractNonNegative(delta, evaluator.usage(request.old, request.now));
  }
  return removeZeros(delta);
}

/** CheckRequest for one object against the namespace's quotas. */
export function checkQuotas(quotas: KubeObject[], request: QuotaRequest, evaluator: Evaluator): QuotaDecision {
  const interesting = interestingQuotas(quotas, request, evaluator);
  if (typeof interesting === 'string') return { refusal: interesting };
  const delta = deltaUsage(request, evaluator);
  if (typeof delta === 'string') return { refusal: delta };
  const charges = new Map<string, ResourceList>();
  if (delta.size === 0) return { charges };
  for (const { quota } of interesting) {
    const hard = hardOf(quota);
    const used = usedOf(quota);
    const requested = mask(delta, hard.keys());
    const newUsed = add(used, requested);
    const over = exceeded(mask(newUsed, requested.keys()), hard);
    if (over.length) {
      return { refusal: `exceeded quota: ${quota.metadata.name}, requested: ${printList(mask(requested, over))}, used: ${printList(mask(used, over))}, limited: ${printList(mask(hard, over))}` };
    }
    charges.set(quota.metadata.name ?? '', newUsed);
  }
  return { charges };
}
