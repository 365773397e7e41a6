/**
 * The generic Store's DELETE (k8s.io/apiserver/pkg/registry/generic/registry/store.go Delete and
 * updateForGracefulDeletionAndFinalizers): an object that finalizers or a grace period keep is
 * updated (deletionTimestamp, deletionGracePeriodSeconds, the orphan or foregroundDeletion
 * finalizer) and lingers; otherwise it is removed. Each step is one compare-and-swap in storage;
 * a lost race starts over from the current object.
 */
import * as status from '../apimachinery/status.js';
import { isStorageError } from '../storage/errors.js';
import type { ObjectWrite, OutboxMessage, Storage, StoredObject } from '../storage/types.js';
import {
  beforeDelete, checkDeletePreconditions, garbageCollectionFinalizers, markAsDeleting, type DeleteOptions, type DeletionRules,
} from './deletion.js';
import type { WriteContext } from './prepare-write.js';
import type { KubeObject } from '../apimachinery/object.js';
import { interpretStorageError } from './storage-errors.js';
import type { StoredCodec } from './stored-codec.js';

export interface DeleteResult {
  /** The object as deleted (with the deletion's resourceVersion), or as it now lingers. */
  object: KubeObject;
  /** Storage no longer holds the object. */
  deleted: boolean;
  /**
   * The response is the lingering object itself (finalizers or a grace period keep it); otherwise
   * it is kube's finalizeDelete answer: a Success Status, or the object for types that return it.
   */
  lingers: boolean;
}

/** What the delete needs of its Store. */
export interface DeleteTarget {
  storage: Storage;
  resource: status.GroupResource;
  /** rest.BeforeDelete names the kind where the resource would go in its precondition conflicts. */
  kind: status.GroupKind;
  rules: DeletionRules;
  /** The storage write of an updated object (canonical JSON, selectable fields, controller messages). */
  toWrite(key: string, object: KubeObject, previous: KubeObject): ObjectWrite;
  /** What removing `previous` tells the controllers. */
  deletionMessages(previous: KubeObject): OutboxMessage[];
  codec: StoredCodec;
}

const maxAttempts = 16;

/** Deletes `key` as kube's Store.Delete does with `options`. */
export async function deleteObject(target: DeleteTarget, key: string, name: string, options: DeleteOptions, context: WriteContext): Promise<DeleteResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const guess = attempt === 1 && !context.dryRun ? target.storage.guess(key) : undefined;
      const planned = guess ? await planFromGuess(target, guess, options, context) : await plan(target, await latest(target, key), options, context);
      return await carryOut(target, planned, context);
    } catch (error) {
      if (isStorageError(error, 'Conflict') && attempt < maxAttempts) continue;
      throw interpretStorageError(error, target.resource, name);
    }
  }
}

/** What a delete of `stored` will do, decided before anything is written. */
interface DeletePlan {
  stored: StoredObject;
  current: KubeObject;
  /** The object with its deletion state set; null: nothing to do (a graceful deletion under way). */
  updated: KubeObject | null;
  options: DeleteOptions;
  graceful: boolean;
  /** The finalizers garbage collection adds (orphan, foregroundDeletion), if it changes them. */
  finalizers: string[] | null;
}

/**
 * The plan from this isolate's guess of the object (recent-objects.ts). A plan that writes is
 * confirmed by its compare-and-swap; an error or nothing to write is not: then the object is read,
 * and that outcome stands if the guess was current, else the plan is made from what storage holds.
 */
async function planFromGuess(target: DeleteTarget, guess: StoredObject, options: DeleteOptions, context: WriteContext): Promise<DeletePlan> {
  let outcome: { planned: DeletePlan } | { error: unknown };
  try {
    outcome = { planned: await plan(target, guess, options, context) };
  } catch (error) {
    outcome = { error };
  }
  if ('planned' in outcome && outcome.planned.updated) return outcome.planned;
  const stored = await latest(target, guess.key);
  if (stored.resourceVersion !== guess.resourceVersion) return plan(target, stored, options, context);
  if ('error' in outcome) throw outcome.error;
  return outcome.planned;
}

function latest(target: DeleteTarget, key: string): Promise<StoredObject> {
  return target.storage.get(key, { match: 'latest' });
}

async function plan(target: DeleteTarget, stored: StoredObject, requested: DeleteOptions, context: WriteContext): Promise<DeletePlan> {
  const current = target.codec.decode(stored);
  checkDeletePreconditions({ group: target.kind.group, resource: target.kind.kind }, current, requested);
  await context.validateDelete?.(current);
  const options = structuredClone(requested);
  const updated = structuredClone(current);
  const verdict = beforeDelete(updated, options, target.rules, context.now);
  if (verdict.pending) return { stored, current, updated: null, options, graceful: verdict.graceful, finalizers: null };
  const finalizers = garbageCollectionFinalizers(updated, options, target.rules.gcPolicy);
  return { stored, current, updated, options, graceful: verdict.graceful, finalizers };
}

/** Writes what `plan` decided: every write a compare-and-swap on the planned revision. */
async function carryOut(target: DeleteTarget, { stored, current, updated, options, graceful, finalizers }: DeletePlan, context: WriteContext): Promise<DeleteResult> {
  if (!updated) return { object: current, deleted: false, lingers: false };
  if (!graceful && !current.metadata.finalizers?.length && !finalizers) return removeNow(target, stored, current, context);
  if (finalizers) setFinalizers(updated, finalizers);
  const pendingFinalizers = (updated.metadata.finalizers?.length ?? 0) > 0;
  if (!graceful && !pendingFinalizers) return removeNow(target, stored, current, context);
  if (!graceful) markAsDeleting(updated, context.now);
  const written = await writeUpdate(target, stored, current, updated, context);
  if (pendingFinalizers || (options.gracePeriodSeconds ?? 0) > 0) return { object: written.object, deleted: false, lingers: true };
  // A graceful type deleted with no grace: the update above, then the removal (kube tolerates a
  // concurrent removal here).
  try {
    return await removeNow(target, written.stored, written.object, context);
  } catch (error) {
    if (isStorageError(error, 'KeyNotFound')) return { object: written.object, deleted: true, lingers: false };
    throw error;
  }
}

function setFinalizers(object: KubeObject, finalizers: string[]): void {
  if (finalizers.length) object.metadata.finalizers = finalizers;
  else delete object.metadata.finalizers;
}

async function writeUpdate(target: DeleteTarget, stored: StoredObject, current: KubeObject, object: KubeObject, context: WriteContext) {
  if (context.dryRun) return { stored, object };
  const next = await target.storage.update(target.toWrite(stored.key, object, current), stored.resourceVersion);
  return { stored: next, object: target.codec.decode(next) };
}

async function removeNow(target: DeleteTarget, stored: StoredObject, current: KubeObject, context: WriteContext): Promise<DeleteResult> {
  if (context.dryRun) return { object: current, deleted: true, lingers: false };
  const removed = await target.storage.delete(stored.key, stored.resourceVersion, { messages: target.deletionMessages(current) });
  return { object: target.codec.decode(removed), deleted: true, lingers: false };
}
