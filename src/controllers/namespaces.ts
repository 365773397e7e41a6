/**
 * The namespace deleter (pkg/controller/namespace/deletion): empties a terminating namespace of
 * every namespaced type (deletes in background, so the garbage collector takes dependents),
 * reports what is left in the namespace's status conditions, and once a full pass finds nothing
 * left, removes the `kubernetes` finalizer through /finalize, which deletes the namespace.
 *
 * A pass only counts as final if it started after the NamespaceLifecycle admission cache could
 * still have let a create into the namespace (namespaceCacheMillis after deletion started).
 */
import { namespaceCacheMillis } from '../admission/namespace-lifecycle.js';
import type { ResourceType } from '../api/catalog.js';
import { inPoolFrom } from '../apimachinery/concurrency.js';
import { kubernetesFinalizer } from '../registry/strategies/namespaces.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { ApiClient } from './api-client.js';
import { namespaceConditions, updateConditions, type Remaining } from './namespace-conditions.js';
import type { ObjectRef } from '../durable/partition/graph.js';

/** Items listed and deleted per step. */
const pageSize = 500;
const deletesInFlight = 16;
/** Allowance for clocks of different machines when waiting out the admission cache. */
const clockSkewMillis = 1_000;

/** null: done; a number: run again at that time. */
export type NamespaceOutcome = number | null;

/** One pass over namespace `ref`; when to look again, or null when the namespace is finished with. */
export async function terminateNamespace(api: ApiClient, ref: ObjectRef, now: () => Date): Promise<NamespaceOutcome> {
  const namespaces = (await api.typeAt(ref))!;
  const namespace = await api.get(namespaces, '', ref.name);
  if (!namespace || namespace.metadata.uid !== ref.uid || !namespace.metadata.deletionTimestamp) return null;
  if (!specFinalizers(namespace).includes(kubernetesFinalizer)) return null;
  const started = now().getTime();
  const remaining = await deleteContent(api, ref.name);
  await reportConditions(api, namespaces, ref, remaining, now());
  if (remaining.resources.size > 0) return now().getTime() + 1_000;
  const quietAfter = Date.parse(namespace.metadata.deletionTimestamp) + namespaceCacheMillis + clockSkewMillis;
  if (started < quietAfter) return quietAfter;
  await api.update(namespaces, '', ref.name, ref.uid, (object) => {
    const spec = (object.spec ?? {}) as { finalizers?: string[] };
    object.spec = { ...spec, finalizers: specFinalizers(object).filter((name) => name !== kubernetesFinalizer) };
    return true;
  }, 'finalize');
  return null;
}

function specFinalizers(namespace: KubeObject): string[] {
  return (namespace.spec as { finalizers?: string[] } | undefined)?.finalizers ?? [];
}

/**
 * Types emptied first: the workload controllers' objects (and what watches their pods), so that
 * kube-controller-manager, if it runs, does not see pods or revisions vanish under a live owner and
 * try to recreate them in the terminating namespace (refused) or update an owner deleted mid-sync.
 */
const ownersFirst = [
  'batch/cronjobs', 'apps/deployments', 'apps/statefulsets', 'apps/daemonsets', 'batch/jobs', 'apps/replicasets', '/replicationcontrollers',
  'policy/poddisruptionbudgets', 'autoscaling/horizontalpodautoscalers',
];

/** The namespaced types in the order they are emptied. */
function deletionOrder(types: ResourceType[]): ResourceType[] {
  const rank = (type: ResourceType) => {
    const index = ownersFirst.indexOf(`${type.group}/${type.resource}`);
    return index < 0 ? ownersFirst.length : index;
  };
  return types.map((type, index) => ({ type, index })).sort((a, b) => rank(a.type) - rank(b.type) || a.index - b.index).map(({ type }) => type);
}

/** Deletes everything in the namespace, owners first; reports what is still there (finalizers hold it). */
async function deleteContent(api: ApiClient, namespace: string): Promise<Remaining> {
  const remaining: Remaining = { resources: new Map(), finalizers: new Map() };
  for (const type of deletionOrder(await api.namespacedTypes())) {
    let continueToken = '';
    do {
      const page = await api.list(type, namespace, continueToken, pageSize);
      await inPoolFrom(page.items, deletesInFlight, async (item) => {
        const left = await deleteItem(api, type, namespace, item.object());
        if (left) count(remaining, type, left);
      });
      continueToken = page.continue ?? '';
    } while (continueToken);
  }
  return remaining;
}

/** Deletes an item in background; what is left of it (being deleted already, or held), or null once gone. */
async function deleteItem(api: ApiClient, type: ResourceType, namespace: string, item: KubeObject): Promise<KubeObject | null> {
  if (item.metadata.deletionTimestamp) return item;
  return api.delete(type, namespace, item.metadata.name ?? '', item.metadata.uid ?? '', { propagationPolicy: 'Background' });
}

function count(remaining: Remaining, type: ResourceType, item: KubeObject): void {
  const resource = `${type.resource}.${type.group}`;
  remaining.resources.set(resource, (remaining.resources.get(resource) ?? 0) + 1);
  for (const finalizer of item.metadata.finalizers ?? []) {
    remaining.finalizers.set(finalizer, (remaining.finalizers.get(finalizer) ?? 0) + 1);
  }
}

/** Writes the deletion conditions into the namespace's status when they changed. */
async function reportConditions(api: ApiClient, namespaces: ResourceType, ref: ObjectRef, remaining: Remaining, now: Date): Promise<void> {
  const wanted = namespaceConditions(remaining);
  await api.update(namespaces, '', ref.name, ref.uid, (object) => {
    const status = (object.status ?? {}) as { conditions?: unknown[] };
    const conditions = updateConditions(status.conditions ?? [], wanted, now);
    if (!conditions) return false;
    object.status = { ...status, conditions };
    return true;
  }, 'status');
}
