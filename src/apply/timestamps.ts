/**
 * kube's IgnoreManagedFieldsTimestampsTransformer (registry update path, after admission): when a
 * write changes nothing but the times of managedFields entries, the old times are kept, so a
 * no-op write does not bump resourceVersion. Entries must match one for one apart from time.
 */
import type { KubeObject } from '../apimachinery/object.js';
import type { ManagedFieldsEntry } from './managed-fields.js';
import { jsonEqual } from './values.js';
import { withoutManagedFields } from './field-manager.js';

/** `updated` with `live`'s managedFields times when nothing else differs; else `updated` unchanged. */
export function ignoreManagedFieldsTimestamps(live: KubeObject, updated: KubeObject): KubeObject {
  const before = (live.metadata?.managedFields ?? []) as ManagedFieldsEntry[];
  const after = (updated.metadata?.managedFields ?? []) as ManagedFieldsEntry[];
  if (before.length !== after.length || after.length === 0) return updated;
  if (after.every((entry, index) => entry.time === before[index]!.time)) return updated;
  const timeless = (entries: ManagedFieldsEntry[]) => entries.map(({ time: _time, ...rest }) => rest);
  if (!jsonEqual(timeless(before), timeless(after))) return updated;
  if (!jsonEqual(withoutManagedFields(live), withoutManagedFields(updated))) return updated;
  const managedFields = after.map((entry, index) => withTime(entry, before[index]!.time));
  return { ...updated, metadata: { ...updated.metadata, managedFields } };
}

/** The entry with `time` in its place (after apiVersion), or without one. */
function withTime(entry: ManagedFieldsEntry, time: string | undefined): ManagedFieldsEntry {
  const { manager, operation, apiVersion, fieldsType, fieldsV1, subresource } = entry;
  const out: ManagedFieldsEntry = {};
  if (manager !== undefined) out.manager = manager;
  if (operation !== undefined) out.operation = operation;
  if (apiVersion !== undefined) out.apiVersion = apiVersion;
  if (time !== undefined) out.time = time;
  if (fieldsType !== undefined) out.fieldsType = fieldsType;
  if (fieldsV1 !== undefined) out.fieldsV1 = fieldsV1;
  if (subresource !== undefined) out.subresource = subresource;
  return out;
}
