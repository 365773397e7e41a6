/**
 * The canonical stored form of an object: its JSON without metadata.resourceVersion (storage
 * assigns that, as etcd's revision does) plus the labels and fields selectors need.
 */
import type { ObjectWrite, StoredObject } from '../storage/types.js';
import { type KubeObject, orderedMeta, orderedObject } from './object.js';

/** The write for `object` at `key`; `fields` are the strategy's selectable fields. */
export function toWrite(key: string, object: KubeObject, fields: Record<string, string>): ObjectWrite {
  return { key, value: storedJson(object), labels: object.metadata.labels ?? {}, fields };
}

/**
 * The stored JSON of an object: kube's field order, no resourceVersion, and labels and annotations
 * with sorted keys (Go marshals maps sorted, so equal maps are equal bytes and a no-op update is
 * recognised whatever order the client sent).
 */
export function storedJson(object: KubeObject): string {
  const { resourceVersion: _ignored, ...metadata } = object.metadata;
  if (metadata.labels) metadata.labels = sortedKeys(metadata.labels);
  if (metadata.annotations) metadata.annotations = sortedKeys(metadata.annotations);
  return JSON.stringify(orderedObject({ ...object, metadata }));
}

function sortedKeys(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The object a stored revision holds, with its resourceVersion. */
export function fromStored(stored: StoredObject): KubeObject {
  const object = JSON.parse(stored.value) as KubeObject;
  object.metadata = orderedMeta({ ...object.metadata, resourceVersion: String(stored.resourceVersion) });
  return object;
}
