/**
 * managedFields across the /scale subresource (managedfields ScaleHandler). Writes through /scale
 * run the field manager on the autoscaling/v1 Scale: first the parent's entries are turned into
 * the Scale's (only the managers owning the parent's replicas path, each owning the Scale's
 * `.spec.replicas`), then the Scale's entries are folded back into the parent's.
 *
 * Kube quirks kept: managers that appear through the Scale get the parent's time for their
 * identifier, which a new manager does not have (its entry carries no time); parent entries
 * recorded under another apiVersion than the parent's are dropped.
 */
import { FieldSet } from './field-set.js';
import { decodeManagedFields, encodeManagedFields, emptyManaged, type Managed, type ManagedFieldsEntry } from './managed-fields.js';
import { fieldElement, type FieldPath } from './path-element.js';

const scaleApiVersion = 'autoscaling/v1';
const replicasInScale: FieldPath = [fieldElement('spec'), fieldElement('replicas')];

/** Where a parent keeps its replicas, by the parent's apiVersion. */
export interface ReplicasMapping {
  apiVersion: string;
  path: FieldPath;
}

/** ToSubresource: the Scale's managedFields from the parent's. */
export function scaleManagedFields(parentEntries: unknown, mapping: ReplicasMapping): ManagedFieldsEntry[] {
  const parent = decodeManagedFields(parentEntries);
  const scale = emptyManaged();
  for (const [manager, versioned] of parent.sets) {
    if (versioned.apiVersion !== mapping.apiVersion || !versioned.set.has(mapping.path)) continue;
    scale.sets.set(manager, { set: FieldSet.of(replicasInScale), apiVersion: scaleApiVersion, applied: versioned.applied });
    scale.times.set(manager, parent.times.get(manager));
  }
  return encodeManagedFields(scale);
}

/** ToParent: the parent's managedFields after a write through the Scale left `scaleEntries`. */
export function parentManagedFields(parentEntries: unknown, scaleEntries: unknown, mapping: ReplicasMapping): ManagedFieldsEntry[] {
  const parent = decodeManagedFields(parentEntries);
  const scaleSets = new Map(decodeManagedFields(scaleEntries).sets);
  const merged: Managed = emptyManaged();
  const keep = (manager: string, set = parent.sets.get(manager)!) => {
    merged.sets.set(manager, set);
    merged.times.set(manager, parent.times.get(manager));
  };
  for (const [manager, versioned] of parent.sets) {
    if (versioned.apiVersion !== mapping.apiVersion) continue;
    if (!versioned.set.has(mapping.path)) keep(manager);
    else if (scaleSets.delete(manager)) keep(manager);
    else {
      // The write through the Scale took replicas from this manager.
      const rest = versioned.set.difference(FieldSet.of(mapping.path));
      if (!rest.isEmpty()) keep(manager, { ...versioned, set: rest });
    }
  }
  for (const [manager, versioned] of scaleSets) {
    if (!versioned.set.has(replicasInScale)) continue;
    keep(manager, { set: FieldSet.of(mapping.path), apiVersion: mapping.apiVersion, applied: versioned.applied });
  }
  return encodeManagedFields(merged);
}
