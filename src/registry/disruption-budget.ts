/**
 * The PodDisruptionBudget side of an eviction (pkg/registry/core/pod/storage/eviction.go
 * checkAndDecrement, getPodDisruptionBudgets): which budgets cover a pod, whether one allows a
 * disruption now, and the budget's status once it does (one fewer disruption allowed, the pod
 * recorded in disruptedPods for the disruption controller, DisruptionAllowed=False at zero),
 * written through /status as `kube-apiserver`.
 */
import type { ResourceType } from '../api/catalog.js';
import { forbidden, StatusError, type Status } from '../apimachinery/status.js';
import { fieldManagement, trackUpdate } from './field-manager.js';
import { labelSelectorConvertible, labelSelectorMatches } from '../kinds/shared/label-selector.js';
import { kubeTimestamp, type KubeObject } from '../apimachinery/object.js';
import type { Store } from './store.js';

/** MaxDisruptedPodSize: evictions approved but not yet seen by the disruption controller. */
const maxDisruptedPods = 2000;

const budgetResource = { group: 'policy', resource: 'poddisruptionbudget' };

/** The budgets of the pod's namespace whose selector selects it (a selector that does not convert selects nothing). */
export async function budgetsCovering(budgets: Store, pod: KubeObject): Promise<KubeObject[]> {
  const namespace = pod.metadata.namespace ?? '';
  const list = await budgets.listObjects(namespace, { limit: 0, continue: '', resourceVersion: '', resourceVersionMatch: '' });
  return list.items.filter((budget) => {
    const selector = (budget.spec as Record<string, unknown> | undefined)?.selector;
    return labelSelectorConvertible(selector) && labelSelectorMatches(selector, pod.metadata.labels as Record<string, string> | undefined);
  });
}

/** kube's 429 for an eviction a budget refuses, with its DisruptionBudget cause. */
export function budgetRefusal(cause: string, retryAfterSeconds: number): StatusError {
  const details: Status['details'] = { causes: [{ reason: 'DisruptionBudget', message: cause }] };
  if (retryAfterSeconds) details.retryAfterSeconds = retryAfterSeconds;
  const status: Status = {
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: "Cannot evict pod as it would violate the pod's disruption budget.",
    reason: 'TooManyRequests', details, code: 429,
  };
  return new StatusError(status);
}

/** The 429 for a budget the disruption controller has not caught up with. */
export const budgetInProgress = (name: string) => budgetRefusal(`The disruption budget ${name} is still being processed by the server.`, 10);

/** What checkAndDecrement works with. */
export interface BudgetWrite {
  /** The budget's /status store. */
  status: Store;
  type: ResourceType;
  podName: string;
  dryRun: boolean;
  now: Date;
}

/**
 * Verifies the budget allows one more disruption and records it (unless dry-run); a 409 when the
 * budget changed since it was read (the caller re-reads and tries again).
 */
export async function checkAndDecrement(budget: KubeObject, write: BudgetWrite): Promise<void> {
  const name = budget.metadata.name ?? '';
  const status = (budget.status ?? {}) as Record<string, any>;
  if ((status.observedGeneration ?? 0) < (budget.metadata.generation ?? 0)) throw budgetInProgress(name);
  const allowed = Number(status.disruptionsAllowed ?? 0);
  if (allowed < 0) throw forbidden(budgetResource, name, 'pdb disruptions allowed is negative');
  if (Object.keys(status.disruptedPods ?? {}).length > maxDisruptedPods) {
    throw forbidden(budgetResource, name, 'DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  }
  if (allowed === 0) {
    throw budgetRefusal(`The disruption budget ${name} needs ${status.desiredHealthy ?? 0} healthy pods and has ${status.currentHealthy ?? 0} currently`, 0);
  }
  if (write.dryRun) return;
  const next = structuredClone(budget);
  const nextStatus = next.status as Record<string, any>;
  nextStatus.disruptionsAllowed = allowed - 1;
  if (allowed - 1 === 0) nextStatus.conditions = withDisruptionAllowedFalse(nextStatus.conditions, nextStatus.observedGeneration, write.now);
  nextStatus.disruptedPods = { ...nextStatus.disruptedPods, [write.podName]: kubeTimestamp(write.now) };
  next.status = inStatusOrder(nextStatus);
  const management = fieldManagement(write.type, 'kube-apiserver', 'status', write.now);
  await write.status.update(budget.metadata.namespace ?? '', name, (current) => trackUpdate(management, current, next), { dryRun: false, now: write.now });
}

/** PodDisruptionBudgetStatus fields in the order kube writes them. */
const statusOrder = ['observedGeneration', 'disruptedPods', 'disruptionsAllowed', 'currentHealthy', 'desiredHealthy', 'expectedPods', 'conditions'];

function inStatusOrder(status: Record<string, unknown>): Record<string, unknown> {
  const ordered: Record<string, unknown> = {};
  for (const key of statusOrder) if (status[key] !== undefined) ordered[key] = status[key];
  return Object.assign(ordered, status);
}

/** pdbhelper.UpdateDisruptionAllowedCondition with no disruption left: DisruptionAllowed False, InsufficientPods. */
function withDisruptionAllowedFalse(conditions: unknown, observedGeneration: number | undefined, now: Date): Record<string, unknown>[] {
  const list = Array.isArray(conditions) ? (conditions as Record<string, unknown>[]).map((item) => ({ ...item })) : [];
  const index = list.findIndex((item) => item.type === 'DisruptionAllowed');
  const old = list[index];
  const condition: Record<string, unknown> = { type: 'DisruptionAllowed', status: 'False' };
  if (observedGeneration) condition.observedGeneration = observedGeneration;
  condition.lastTransitionTime = old && old.status === 'False' ? old.lastTransitionTime : kubeTimestamp(now);
  condition.reason = 'InsufficientPods';
  condition.message = '';
  if (old) list[index] = condition;
  else list.push(condition);
  return list;
}
