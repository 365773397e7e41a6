/**
 * What a DELETE does to an object before storage is asked to remove it (kube's rest.BeforeDelete
 * and the generic Store's updateForGracefulDeletionAndFinalizers): graceful deletion, the orphan
 * and foregroundDeletion finalizers a propagation policy asks for, and marking an object that
 * finalizers keep as being deleted. Pure functions over decoded objects.
 */
import { conflict, type GroupResource } from '../apimachinery/status.js';
import { foregroundFinalizer, kubeTimestamp, orphanFinalizer, type KubeObject } from '../apimachinery/object.js';

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

/** The default of a type when a delete names no policy (rest.GarbageCollectionPolicy). */
export type GarbageCollectionPolicy = 'DeleteDependents' | 'OrphanDependents' | 'Unsupported';

/** metav1.DeleteOptions, decoded and validated. */
export interface DeleteOptions {
  dryRun: boolean;
  preconditions: { uid?: string; resourceVersion?: string };
  gracePeriodSeconds?: number;
  propagationPolicy?: PropagationPolicy;
  /** The deprecated form of Orphan/Background. */
  orphanDependents?: boolean;
}

export const defaultDeleteOptions = (): DeleteOptions => ({ dryRun: false, preconditions: {} });

/** How the type deletes: its grace period rule (pods) and its garbage collection default. */
export interface DeletionRules {
  gcPolicy: GarbageCollectionPolicy;
  /** CheckGracefulDelete: the grace period for this object, or undefined when the type is not graceful. */
  gracePeriod?(object: KubeObject, requested: number | undefined): number;
}

/** The preconditions of a delete against the object, with kube's messages (rest.BeforeDelete). */
export function checkDeletePreconditions(resource: GroupResource, object: KubeObject, options: DeleteOptions): void {
  const { uid, resourceVersion } = options.preconditions;
  const name = object.metadata.name ?? '';
  if (uid !== undefined && uid !== object.metadata.uid) {
    throw conflict(resource, name, `the UID in the precondition (${uid}) does not match the UID in record (${object.metadata.uid}). The object might have been deleted and then recreated`);
  }
  if (resourceVersion !== undefined && resourceVersion !== object.metadata.resourceVersion) {
    throw conflict(resource, name, `the ResourceVersion in the precondition (${resourceVersion}) does not match the ResourceVersion in record (${object.metadata.resourceVersion}). The object might have been modified`);
  }
}

/** rest.BeforeDelete's verdict. */
export interface GracefulVerdict {
  /** The object got (or shortened) a graceful deletion: deletionTimestamp and grace period set. */
  graceful: boolean;
  /** A graceful deletion is already pending and this delete changes nothing. */
  pending: boolean;
}

/**
 * rest.BeforeDelete: starts or shortens a graceful deletion on `object` (mutated). `options`
 * gets the grace period the strategy settled on (mutated), as kube's does.
 */
export function beforeDelete(object: KubeObject, options: DeleteOptions, rules: DeletionRules, now: Date): GracefulVerdict {
  const meta = object.metadata;
  if (options.gracePeriodSeconds !== undefined && options.gracePeriodSeconds < 0) options.gracePeriodSeconds = 1;
  if (meta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds < 0) meta.deletionGracePeriodSeconds = 1;
  if (!rules.gracePeriod) return { graceful: false, pending: false };
  if (meta.deletionTimestamp) {
    const current = meta.deletionGracePeriodSeconds;
    if (current === undefined || current === 0) return { graceful: false, pending: false };
    if (options.gracePeriodSeconds === undefined || options.gracePeriodSeconds >= current) {
      options.gracePeriodSeconds = current;
      return { graceful: false, pending: true };
    }
    const start = Date.parse(meta.deletionTimestamp) - current * 1000;
    meta.deletionTimestamp = kubeTimestamp(new Date(start + options.gracePeriodSeconds * 1000));
    meta.deletionGracePeriodSeconds = options.gracePeriodSeconds;
    return { graceful: true, pending: false };
  }
  const period = rules.gracePeriod(object, options.gracePeriodSeconds);
  options.gracePeriodSeconds = period;
  meta.deletionTimestamp = kubeTimestamp(new Date(now.getTime() + period * 1000));
  meta.deletionGracePeriodSeconds = period;
  if (meta.generation !== undefined && meta.generation > 0) meta.generation += 1;
  return { graceful: true, pending: false };
}

/**
 * deletionFinalizersForGarbageCollection: the finalizers after this delete, orphan and
 * foregroundDeletion set as the options (or, without options, the object or the type's default)
 * say; null when they do not change.
 */
export function garbageCollectionFinalizers(object: KubeObject, options: DeleteOptions, policy: GarbageCollectionPolicy): string[] | null {
  if (policy === 'Unsupported') return null;
  const existing = object.metadata.finalizers ?? [];
  const next = existing.filter((name) => name !== orphanFinalizer && name !== foregroundFinalizer);
  if (shouldOrphan(existing, options, policy)) next.push(orphanFinalizer);
  if (shouldDeleteInForeground(existing, options)) next.push(foregroundFinalizer);
  const same = next.length === existing.length && next.every((name) => existing.includes(name));
  return same ? null : next;
}

function shouldOrphan(finalizers: string[], options: DeleteOptions, policy: GarbageCollectionPolicy): boolean {
  if (options.orphanDependents !== undefined) return options.orphanDependents;
  if (options.propagationPolicy) return options.propagationPolicy === 'Orphan';
  if (finalizers.includes(orphanFinalizer)) return true;
  if (finalizers.includes(foregroundFinalizer)) return false;
  return policy === 'OrphanDependents';
}

function shouldDeleteInForeground(finalizers: string[], options: DeleteOptions): boolean {
  if (options.orphanDependents !== undefined) return false;
  if (options.propagationPolicy) return options.propagationPolicy === 'Foreground';
  return finalizers.includes(foregroundFinalizer);
}

/**
 * markAsDeleting: an object its finalizers keep is marked as being deleted now (or keeps an
 * earlier deletionTimestamp), with a zero grace period; generation moves on the first mark.
 */
export function markAsDeleting(object: KubeObject, now: Date): void {
  const meta = object.metadata;
  if (!meta.deletionTimestamp && meta.generation !== undefined && meta.generation > 0) meta.generation += 1;
  if (!meta.deletionTimestamp || Date.parse(meta.deletionTimestamp) > now.getTime()) meta.deletionTimestamp = kubeTimestamp(now);
  meta.deletionGracePeriodSeconds = 0;
}

/**
 * ShouldDeleteDuringUpdate: an update that leaves no finalizers on an object whose deletion was
 * requested without (or with an elapsed zero) grace period deletes it.
 */
export function shouldDeleteDuringUpdate(object: KubeObject, old: KubeObject): boolean {
  if (object.metadata.finalizers?.length) return false;
  if (!old.metadata.deletionTimestamp) return false;
  const grace = old.metadata.deletionGracePeriodSeconds;
  return grace === undefined || grace === 0;
}
