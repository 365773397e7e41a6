/**
 * structured-merge-diff's Updater (merge/update.go), on whole objects:
 * - every write: fields another manager owns that this write added or modified leave that
 *   manager (for an apply without force they are conflicts instead), and fields the write removed
 *   leave every other manager; managers left with nothing are dropped;
 * - Update: the writer gets what it added or modified, and loses what it removed;
 * - Apply: the applier owns exactly its configuration's fields; what it owned last time and no
 *   longer applies is removed from the object unless another manager (applier or updater) still
 *   owns it (prune); an unchanged object comes back as null.
 * Reset fields (a strategy's ResetFields, IgnoredFields in SMD) are never owned by this write.
 * kube converts objects between versions for managers of other versions; there is no converter
 * here, so every manager compares the same objects (right for versions with the same fields).
 */
import { compareObjects, excludeFields, type Comparison } from './compare.js';
import { FieldSet } from './field-set.js';
import { compareGoStrings } from './go-json.js';
import type { VersionedFieldSet } from './managed-fields.js';
import { mergeObjects } from './merge.js';
import type { FieldPath } from './path-element.js';
import { ensureNamedFieldsAreMembers, removeItems } from './remove.js';
import type { ManagedFieldsSchema } from './schema-types.js';
import { toFieldSet } from './to-field-set.js';
import { jsonEqual } from './values.js';

export type ManagerSets = Map<string, VersionedFieldSet>;

/** One field another manager owns that an apply would change. */
export interface Conflict {
  readonly manager: string;
  readonly path: FieldPath;
}

/** merge.Conflicts: an apply without force changed fields other managers own. */
export class ApplyConflicts extends Error {
  constructor(readonly conflicts: readonly Conflict[]) {
    super(`${conflicts.length} apply conflicts`);
    this.name = 'ApplyConflicts';
  }
}

/** What every write shares; `ignored` are the reset fields. */
export interface WriteContext {
  readonly schema: ManagedFieldsSchema;
  readonly apiVersion: string;
  readonly ignored: FieldSet;
}

/** Updater.update: strips what this write took or removed from every other manager. */
function takeOwnership(before: unknown, after: unknown, managers: ManagerSets, writer: string, force: boolean, context: WriteContext): Comparison {
  const comparison = excludeFields(compareObjects(before, after, context.schema), context.ignored);
  const changed = comparison.modified.union(comparison.added);
  const conflicts = new Map<string, FieldSet>();
  for (const [manager, versioned] of managers) {
    if (manager === writer) continue;
    const conflict = versioned.set.intersection(changed);
    if (!conflict.isEmpty()) conflicts.set(manager, conflict);
  }
  if (!force && conflicts.size > 0) throw new ApplyConflicts(conflictList(conflicts));
  for (const [manager, versioned] of managers) {
    const set = manager === writer ? versioned.set : versioned.set.difference(conflicts.get(manager) ?? FieldSet.empty()).difference(comparison.removed);
    if (set.isEmpty()) managers.delete(manager);
    else if (set !== versioned.set) managers.set(manager, { ...versioned, set });
  }
  return comparison;
}

/** ConflictsFromManagers, managers in identifier order (kube's order is a Go map's: random). */
function conflictList(conflicts: Map<string, FieldSet>): Conflict[] {
  return [...conflicts.keys()].sort(compareGoStrings).flatMap((manager) => conflicts.get(manager)!.paths().map((path) => ({ manager, path })));
}

/** Updater.Update: ownership after a create, update or non-apply patch. Mutates `managers`. */
export function recordUpdate(before: unknown, after: unknown, managers: ManagerSets, manager: string, context: WriteContext): void {
  const comparison = takeOwnership(before, after, managers, manager, true, context);
  const previous = managers.get(manager)?.set ?? FieldSet.empty();
  const set = previous.difference(comparison.removed).union(comparison.modified).union(comparison.added).recursiveDifference(context.ignored);
  if (set.isEmpty()) managers.delete(manager);
  else managers.set(manager, { set, apiVersion: context.apiVersion, applied: false });
}

/** Updater.Apply: the merged object (null when nothing changed). Mutates `managers`. */
export function recordApply(live: unknown, config: unknown, managers: ManagerSets, manager: string, force: boolean, context: WriteContext): unknown {
  const merged = mergeObjects(live, config, context.schema);
  const lastSet = managers.get(manager);
  const set = toFieldSet(config, context.schema.root, context.schema).recursiveDifference(context.ignored);
  managers.set(manager, { set, apiVersion: context.apiVersion, applied: true });
  const pruned = prune(merged, managers, lastSet, context.schema);
  takeOwnership(live, pruned, managers, manager, force, context);
  return jsonEqual(live, pruned) ? null : pruned;
}

/**
 * Removes what the applier owned last time and did not apply now, unless some manager (including
 * the applier's new configuration) owns it, and only if the applier owned it (no dangling items).
 */
function prune(merged: unknown, managers: ManagerSets, lastSet: VersionedFieldSet | undefined, schema: ManagedFieldsSchema): unknown {
  if (!lastSet || lastSet.set.isEmpty()) return merged;
  const named = (set: FieldSet) => ensureNamedFieldsAreMembers(set, schema.root, schema);
  let pruned = removeItems(merged, named(lastSet.set), schema.root, schema);
  // addBackOwnedItems: put back whatever any manager owns.
  let owned = FieldSet.empty();
  for (const versioned of managers.values()) owned = owned.union(versioned.set);
  const mergedSet = named(toFieldSet(merged, schema.root, schema));
  pruned = removeItems(merged, mergedSet.difference(named(toFieldSet(pruned, schema.root, schema)).union(named(owned))), schema.root, schema);
  // addBackDanglingItems: only remove what the applier owned last time.
  const prunedSet = named(toFieldSet(pruned, schema.root, schema));
  return removeItems(merged, mergedSet.difference(prunedSet).intersection(named(lastSet.set)), schema.root, schema);
}
