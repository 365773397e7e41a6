/**
 * DELETE of a namespace (pkg/registry/core/namespace/storage REST.Delete): the first delete only
 * starts termination (deletionTimestamp, phase Terminating, the orphan or foregroundDeletion
 * finalizer the options ask for) and answers the namespace; the namespace deleter then empties
 * it and removes `kubernetes` from spec.finalizers through /finalize. A later delete of a
 * namespace whose spec.finalizers are done goes through the generic store.
 */
import { conflict } from '../core/status.js';
import { foregroundFinalizer, orphanFinalizer, type DeleteOptions } from './deletion.js';
import type { WriteContext } from './lifecycle.js';
import { kubeTimestamp, type KubeObject } from './object.js';
import type { Store } from './store.js';
import type { DeleteResult } from './store-delete.js';

const namespaces = { group: '', resource: 'namespaces' };

export async function deleteNamespace(store: Store, name: string, options: DeleteOptions, context: WriteContext): Promise<DeleteResult> {
  const current = await store.get('', name, { match: 'latest' });
  const preconditions = { ...options.preconditions, uid: options.preconditions.uid ?? current.metadata.uid };
  checkNamespacePreconditions(current, preconditions);
  if (!current.metadata.deletionTimestamp) {
    const object = await store.updateStored('', name, (latest) => startTermination(latest, preconditions, options, context.now), context);
    return { object, deleted: false, lingers: true };
  }
  if ((current.spec as { finalizers?: string[] } | undefined)?.finalizers?.length) return { object: current, deleted: false, lingers: true };
  return store.delete('', name, { ...options, preconditions }, context);
}

/** Kube's namespace preconditions, with its own messages (not the generic store's). */
function checkNamespacePreconditions(namespace: KubeObject, preconditions: DeleteOptions['preconditions']): void {
  const name = namespace.metadata.name ?? '';
  if (preconditions.uid !== namespace.metadata.uid) {
    throw conflict(namespaces, name, `Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${namespace.metadata.uid}`);
  }
  if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== namespace.metadata.resourceVersion) {
    throw conflict(namespaces, name, `Precondition failed: ResourceVersion in precondition: ${preconditions.resourceVersion}, ResourceVersion in object meta: ${namespace.metadata.resourceVersion}`);
  }
}

/** The namespace with termination started; its GC finalizers as the options say. */
function startTermination(latest: KubeObject, preconditions: DeleteOptions['preconditions'], options: DeleteOptions, now: Date): KubeObject {
  checkNamespacePreconditions(latest, preconditions);
  const namespace = structuredClone(latest);
  namespace.metadata.deletionTimestamp ??= kubeTimestamp(now);
  namespace.status = { ...(namespace.status as object | undefined), phase: 'Terminating' };
  const finalizers = new Set(namespace.metadata.finalizers ?? []);
  setPresence(finalizers, orphanFinalizer, shouldHaveOrphan(options, finalizers.has(orphanFinalizer)));
  setPresence(finalizers, foregroundFinalizer, shouldHaveForeground(options, finalizers.has(foregroundFinalizer)));
  if (finalizers.size) namespace.metadata.finalizers = [...finalizers];
  else delete namespace.metadata.finalizers;
  return namespace;
}

function setPresence(set: Set<string>, item: string, present: boolean): void {
  if (present) set.add(item);
  else set.delete(item);
}

function shouldHaveOrphan(options: DeleteOptions, has: boolean): boolean {
  if (options.orphanDependents !== undefined) return options.orphanDependents;
  if (options.propagationPolicy) return options.propagationPolicy === 'Orphan';
  return has;
}

function shouldHaveForeground(options: DeleteOptions, has: boolean): boolean {
  if (options.orphanDependents !== undefined) return false;
  if (options.propagationPolicy) return options.propagationPolicy === 'Foreground';
  return has;
}
