/**
 * The garbage collector's work for one owner (kube's pkg/controller/garbagecollector, as
 * attemptToDeleteItem, orphanDependents and processDeletingDependentsItem do it):
 *   - gone: each dependent whose owners are all gone (or waiting on their dependents) is deleted;
 *     a dependent with a live owner left only loses its references to gone owners;
 *   - orphaning: the dependents lose their reference to the owner, then the owner loses its
 *     `orphan` finalizer (and goes, if nothing else holds it);
 *   - deletingDependents: the dependents are deleted (in foreground when they have dependents
 *     of their own); once no dependent with blockOwnerDeletion is left, the owner loses its
 *     `foregroundDeletion` finalizer.
 * Every step reads the live objects and is safe to repeat.
 */
import type { ResourceType } from '../api/catalog.js';
import { inPool } from '../apimachinery/concurrency.js';
import type { PropagationPolicy } from '../registry/deletion.js';
import { foregroundFinalizer, orphanFinalizer } from '../apimachinery/object.js';
import type { KubeObject, OwnerReference } from '../apimachinery/object.js';
import type { ApiClient } from './api-client.js';
import type { Graph, Locator, ObjectRef, Owner } from '../durable/partition/graph.js';

/** How a dependent's owner stands (kube: solid, dangling, waitingForDependentsDeletion). */
type OwnerVerdict = 'solid' | 'dangling' | 'waiting';

/** Dependents handled at a time. */
const concurrency = 16;

export interface CollectorContext {
  graph: Graph;
  api: ApiClient;
  /** Whether an object has dependents (asks the partition that owns its uid). */
  hasDependents(uid: string): Promise<boolean>;
}

/** Runs the owner's work for its current state. */
export async function processOwner(context: CollectorContext, owner: Owner): Promise<void> {
  const { graph } = context;
  const edges = graph.edgesOf(owner.uid);
  if (owner.state === 'gone') {
    await inPool(edges, concurrency, (edge) => attemptToDelete(context, edge.dependent, new Map([[owner.uid, 'dangling']])));
    if (!graph.hasEdges(owner.uid)) graph.forgetOwner(owner.uid);
  } else if (owner.state === 'orphaning') {
    await inPool(edges, concurrency, async (edge) => {
      await removeReferences(context, edge.dependent, new Set([owner.uid]));
      graph.removeEdge(owner.uid, edge.dependent.uid);
    });
    await removeFinalizer(context, owner.locator, owner.uid, orphanFinalizer);
  } else if (owner.state === 'deletingDependents') {
    await inPool(edges, concurrency, (edge) => attemptToDelete(context, edge.dependent, new Map([[owner.uid, 'waiting']])));
    if (graph.blockingCount(owner.uid) === 0) await removeFinalizer(context, owner.locator, owner.uid, foregroundFinalizer);
  }
}

/**
 * attemptToDeleteItem: deletes `dependent` if none of its owners is solid; if some are, drops
 * its references to the dangling and waiting ones. `known` holds verdicts already established.
 */
async function attemptToDelete(context: CollectorContext, dependent: ObjectRef, known: Map<string, OwnerVerdict>): Promise<void> {
  const { api, graph } = context;
  const type = await api.typeAt(dependent);
  const live = type && (await api.get(type, dependent.namespace, dependent.name));
  if (!type || !live || live.metadata.uid !== dependent.uid) return graph.removeDependent(dependent.uid);
  const finalizers = live.metadata.finalizers ?? [];
  if (live.metadata.deletionTimestamp && !finalizers.includes(foregroundFinalizer)) return;
  const references = live.metadata.ownerReferences ?? [];
  const verdicts = await Promise.all(references.map((reference) => ownerVerdict(api, reference, type, dependent.namespace, known)));
  const withVerdict = (verdict: OwnerVerdict) => new Set(references.filter((_, index) => verdicts[index] === verdict).map((reference) => reference.uid));
  const [dangling, waiting] = [withVerdict('dangling'), withVerdict('waiting')];
  if (verdicts.includes('solid')) {
    if (dangling.size || waiting.size) await removeReferences(context, dependent, new Set([...dangling, ...waiting]));
    return;
  }
  const policy = waiting.size && (await context.hasDependents(dependent.uid)) ? 'Foreground' : policyOf(finalizers);
  if ((await api.delete(type, dependent.namespace, dependent.name, dependent.uid, { propagationPolicy: policy })) === null) graph.removeDependent(dependent.uid);
}

/** The policy a dependent is deleted with when nothing asks otherwise: the one its finalizers name. */
function policyOf(finalizers: string[]): PropagationPolicy {
  if (finalizers.includes(orphanFinalizer)) return 'Orphan';
  if (finalizers.includes(foregroundFinalizer)) return 'Foreground';
  return 'Background';
}

/**
 * isDangling, read live unless `known`: an owner that is missing or replaced (other uid) is
 * dangling; one being deleted in foreground is waiting. An owner kind that is not served, or a
 * namespaced owner of a cluster-scoped dependent, cannot be resolved: such a reference never
 * lets the dependent go.
 */
async function ownerVerdict(api: ApiClient, reference: OwnerReference, dependentType: ResourceType, namespace: string, known: Map<string, OwnerVerdict>): Promise<OwnerVerdict> {
  const ownerType = await api.typeOfKind(reference.apiVersion, reference.kind);
  if (!ownerType || (ownerType.namespaced && !dependentType.namespaced)) return 'solid';
  const verdict = known.get(reference.uid);
  if (verdict) return verdict;
  const owner = await api.get(ownerType, ownerType.namespaced ? namespace : '', reference.name);
  if (!owner || owner.metadata.uid !== reference.uid) return 'dangling';
  const deletingDependents = !!owner.metadata.deletionTimestamp && (owner.metadata.finalizers ?? []).includes(foregroundFinalizer);
  return deletingDependents ? 'waiting' : 'solid';
}

/** Drops the dependent's ownerReferences to `uids`. */
async function removeReferences(context: CollectorContext, dependent: ObjectRef, uids: Set<string>): Promise<void> {
  const type = await context.api.typeAt(dependent);
  if (!type) return;
  await context.api.update(type, dependent.namespace, dependent.name, dependent.uid, (object) => {
    const references = object.metadata.ownerReferences ?? [];
    const kept = references.filter((reference) => !uids.has(reference.uid));
    if (kept.length === references.length) return false;
    setList(object, 'ownerReferences', kept);
    return true;
  });
}

/** Removes `finalizer` from the owner (which goes if that was what held it). */
async function removeFinalizer(context: CollectorContext, locator: Locator, uid: string, finalizer: string): Promise<void> {
  const target = await resolve(context.api, locator);
  if (!target) return;
  await context.api.update(target.type, target.namespace, target.name, uid, (object) => {
    const finalizers = object.metadata.finalizers ?? [];
    if (!finalizers.includes(finalizer)) return false;
    setList(object, 'finalizers', finalizers.filter((name) => name !== finalizer));
    return true;
  });
}

/** Where an owner lives, from what is known of it; null when its type is not served. */
export async function resolve(api: ApiClient, locator: Locator): Promise<{ type: ResourceType; namespace: string; name: string } | null> {
  if ('object' in locator) {
    const type = await api.typeAt(locator.object);
    return type ? { type, namespace: locator.object.namespace, name: locator.object.name } : null;
  }
  const type = await api.typeOfKind(locator.reference.apiVersion, locator.reference.kind);
  if (!type || (type.namespaced && !locator.dependentNamespaced)) return null;
  return { type, namespace: type.namespaced ? locator.namespace : '', name: locator.reference.name };
}

function setList(object: KubeObject, field: 'ownerReferences' | 'finalizers', items: OwnerReference[] | string[]): void {
  if (items.length) (object.metadata as Record<string, unknown>)[field] = items;
  else delete object.metadata[field];
}
