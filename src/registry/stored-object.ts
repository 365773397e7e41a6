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

/** The stored JSON of an object: kube's field order, no resourceVersion. */
export function storedJson(object: KubeObject): string {
  const { resourceVersion: _ignored, ...metadata } = object.metadata;
  return JSON.stringify(orderedObject({ ...object, metadata }));
}

/** The object a stored revision holds, with its resourceVersion. */
export function fromStored(stored: StoredObject): KubeObject {
  const object = JSON.parse(stored.value) as KubeObject;
  object.metadata = orderedMeta({ ...object.metadata, resourceVersion: String(stored.resourceVersion) });
  return object;
}
