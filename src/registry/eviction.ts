/**
 * Evicting a pod (pkg/registry/core/pod/storage/eviction.go EvictionREST.Create): a pod that
 * already stopped counting (Pending, Succeeded, Failed, being deleted) is deleted at once; any
 * other is deleted only if the one PodDisruptionBudget covering it allows a disruption now (or
 * the pod is unready and the budget can spare it). Before the delete, the pod gets the
 * DisruptionTarget condition. Conflicts are retried as kube does (20 times, 500 ms apart).
 */
import type { ResourceType } from '../api/catalog.js';
import { conflict, notFound, StatusError, type Status } from '../apimachinery/status.js';
import { withPodCondition } from './pod-binding.js';
import { budgetInProgress, budgetsCovering, checkAndDecrement } from './disruption-budget.js';
import type { DeleteOptions } from './deletion.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { Store } from './store.js';

/** The stores an eviction works through: pods through /status (as kube's), budgets and their /status. */
export interface EvictionTarget {
  pods: Store;
  budgets: Store;
  budgetStatus: Store;
  budgetType: ResourceType;
  namespace: string;
  now: Date;
}

/** The Eviction's DeleteOptions; `invalid` is their 422, which kube raises only when it deletes. */
export interface EvictionOptions {
  options: DeleteOptions;
  invalid?: StatusError;
}

const retrySteps = 20;
const retryMillis = 500;

/** The 500 Status kube answers (as a response, not an error) for a pod with several budgets. */
export const severalBudgets: Status = {
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
  message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500,
};

/** Evicts pod `name`; resolves with null once deleted, or with the several-budgets Status. */
export async function evictPod(target: EvictionTarget, name: string, request: EvictionOptions): Promise<Status | null> {
  const original = request.options;
  const pinned = original.preconditions.resourceVersion !== undefined;
  let pod!: KubeObject;
  let deleted = false;
  await retrying(pinned ? () => false : isConflict, async () => {
    pod = await target.pods.get(target.namespace, name, { match: 'latest' });
    if (!canIgnoreBudgets(pod)) return;
    const options = shouldEnforceResourceVersion(pod) && !pinned ? withResourceVersion(original, pod) : original;
    await addConditionAndDelete(target, name, { ...request, options });
    deleted = true;
  });
  if (deleted) return null;
  const budgets = await budgetsCovering(target.budgets, pod);
  if (budgets.length > 1) return severalBudgets;
  let spareUnhealthy = false;
  if (budgets.length === 1) spareUnhealthy = await admitByBudget(target, pod, budgets[0]!, original.dryRun);
  const options = spareUnhealthy ? withResourceVersion(original, pod) : original;
  try {
    await addConditionAndDelete(target, name, { ...request, options });
  } catch (error) {
    // The unready pod became ready meanwhile: the client should retry.
    if (isConflict(error) && spareUnhealthy && !pinned) throw budgetInProgress(budgets[0]!.metadata.name ?? '');
    throw error;
  }
  return null;
}

/**
 * Whether the budget lets the pod go: true when the pod is unready and the budget can spare it
 * without counting a disruption; otherwise it must allow one, which is recorded (429/403 if not).
 */
async function admitByBudget(target: EvictionTarget, pod: KubeObject, budget: KubeObject, dryRun: boolean): Promise<boolean> {
  const spec = (budget.spec ?? {}) as Record<string, unknown>;
  const status = (budget.status ?? {}) as Record<string, number>;
  if (!isPodReady(pod)) {
    if (spec.unhealthyPodEvictionPolicy === 'AlwaysAllow') return true;
    const desired = status.desiredHealthy ?? 0;
    if ((status.currentHealthy ?? 0) >= desired && desired > 0) return true;
  }
  let current = budget;
  let refresh = false;
  const write = { status: target.budgetStatus, type: target.budgetType, podName: pod.metadata.name ?? '', dryRun, now: target.now };
  await retrying(isConflict, async () => {
    if (refresh) current = await target.budgets.get(target.namespace, budget.metadata.name ?? '', { match: 'latest' });
    refresh = true;
    await checkAndDecrement(current, write);
  });
  return false;
}

/** addConditionAndDeletePod: DisruptionTarget on the latest pod (preconditions checked), then the delete. */
async function addConditionAndDelete(target: EvictionTarget, name: string, { options, invalid }: EvictionOptions): Promise<void> {
  let deleteOptions = options;
  if (!options.dryRun) {
    const { object } = await target.pods.update(target.namespace, name, (current) => {
      if (!current) throw notFound({ group: '', resource: 'pods' }, name);
      checkPreconditions(current, options);
      const next = structuredClone(current);
      const status = (next.status ??= {}) as Record<string, unknown>;
      status.conditions = withPodCondition(status.conditions, {
        type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting',
      }, target.now);
      return next;
    }, { dryRun: false, now: target.now });
    if (options.preconditions.resourceVersion !== undefined) deleteOptions = withResourceVersion(options, object);
  }
  if (invalid) throw invalid;
  await target.pods.delete(target.namespace, name, deleteOptions, { dryRun: deleteOptions.dryRun, now: target.now });
}

/** getLatestPod's precondition checks, named after the kind as kube's are. */
function checkPreconditions(pod: KubeObject, options: DeleteOptions): void {
  const { uid, resourceVersion } = options.preconditions;
  const name = pod.metadata.name ?? '';
  if (uid && uid !== pod.metadata.uid) {
    throw conflict({ group: '', resource: 'Pod' }, name, `the UID in the precondition (${uid}) does not match the UID in record (${pod.metadata.uid}). The object might have been deleted and then recreated`);
  }
  if (resourceVersion && resourceVersion !== pod.metadata.resourceVersion) {
    throw conflict({ group: '', resource: 'Pod' }, name, `the ResourceVersion in the precondition (${resourceVersion}) does not match the ResourceVersion in record (${pod.metadata.resourceVersion}). The object might have been modified`);
  }
}

/** Terminal, pending and terminating pods disrupt nothing more: no budget is consulted. */
function canIgnoreBudgets(pod: KubeObject): boolean {
  const phase = (pod.status as Record<string, unknown> | undefined)?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** A resourceVersion precondition guards against the pod becoming ready meanwhile (not needed for terminal or terminating pods). */
function shouldEnforceResourceVersion(pod: KubeObject): boolean {
  const phase = (pod.status as Record<string, unknown> | undefined)?.phase;
  return !(phase === 'Succeeded' || phase === 'Failed' || pod.metadata.deletionTimestamp);
}

function isPodReady(pod: KubeObject): boolean {
  const conditions = (pod.status as { conditions?: { type?: string; status?: string }[] } | undefined)?.conditions ?? [];
  return conditions.some((condition) => condition.type === 'Ready' && condition.status === 'True');
}

function withResourceVersion(options: DeleteOptions, pod: KubeObject): DeleteOptions {
  return { ...options, preconditions: { ...options.preconditions, resourceVersion: pod.metadata.resourceVersion } };
}

const isConflict = (error: unknown): boolean => error instanceof StatusError && error.code === 409;

/** retry.OnError with kube's EvictionsRetry: up to 20 attempts, 500 ms apart, while `retriable`. */
async function retrying(retriable: (error: unknown) => boolean, attempt: () => Promise<void>): Promise<void> {
  for (let step = 1; ; step++) {
    try {
      return await attempt();
    } catch (error) {
      if (step >= retrySteps || !retriable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryMillis));
    }
  }
}
