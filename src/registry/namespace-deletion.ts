/**
 * DELETE of a namespace (pkg/registry/core/namespace/storage REST.Delete): the first delete only
 * starts termination (deletionTimestamp, phase Terminating, the orphan or foregroundDeletion
 * finalizer the options ask for) and answers the namespace; the namespace deleter then empties
 * it and removes `kubernetes` from spec.finalizers through /finalize. A later delete of a
 * namespace whose spec.finalizers are done goes through the generic store.
 */
import { foregroundFinalizer, orphanFinalizer } from '../apimachinery/object.js';
import type { DeleteOptions } from './deletion.js';
import type { WriteContext } from './prepare-write.js';
import { kubeTimestamp, type KubeObject } from '../apimachinery/object.js';
import type { Store } from './store.js';
import type { DeleteResult } from './store-delete.js';
import { deleteByTermination, type Termination } from './termination.js';

/** Namespace termination: phase Terminating, and the GC finalizers the options ask for. */
export const namespaceTermination: Termination = {
  resource: { group: '', resource: 'namespaces' },
  start: startTermination,
  finished: (namespace) => !(namespace.spec as { finalizers?: string[] } | undefined)?.finalizers?.length,
};

export function deleteNamespace(store: Store, name: string, options: DeleteOptions, context: WriteContext): Promise<DeleteResult> {
  return deleteByTermination(store, name, options, context, namespaceTermination);
}

function startTermination(namespace: KubeObject, options: DeleteOptions, now: Date): KubeObject {
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
