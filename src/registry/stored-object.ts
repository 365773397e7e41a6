/**
 * The canonical stored form of an object: its JSON in kube's field order, with labels and
 * annotations in sorted key order (Go marshals maps sorted, so equal maps are equal bytes and a
 * no-op update is recognised whatever order the client sent), and `metadata.resourceVersion`
 * holding a placeholder: storage assigns the real one, as etcd's revision is. The placeholder
 * keeps the field in its place, so a stored document becomes the wire document by replacing one
 * string, without parsing (watch fan-out, lists).
 */
import type { ObjectWrite, OutboxMessage, StoredObject } from '../storage/types.js';
import { type KubeObject, orderedMeta, orderedObject } from '../apimachinery/object.js';

const placeholder = '"resourceVersion":"0"';

/**
 * The write for `object` at `key`; `fields` are the strategy's selectable fields, `messages`
 * what the write sends (controller events). `unstructured`
 * objects (custom resources) are stored as kube encodes unstructured data: every map's keys
 * sorted, except metadata, which keeps ObjectMeta's order (the resourceVersion placeholder must
 * come before labels and annotations).
 */
export function toWrite(key: string, object: KubeObject, fields: Record<string, string>, messages: OutboxMessage[] = [], unstructured = false): ObjectWrite {
  const value = storedJson(object, unstructured);
  const write: ObjectWrite = { key, value, labels: object.metadata.labels ?? {}, fields };
  if (messages.length) write.messages = messages;
  return write;
}

/** The stored JSON of an object (see the file comment). */
export function storedJson(object: KubeObject, unstructured = false): string {
  const metadata = { ...object.metadata, resourceVersion: '0' };
  if (metadata.labels) metadata.labels = sortedKeys(metadata.labels);
  if (metadata.annotations) metadata.annotations = sortedKeys(metadata.annotations);
  return JSON.stringify(unstructured ? unstructuredOrder({ ...object, metadata }) : orderedObject({ ...object, metadata }));
}

/** An unstructured object (a custom resource) in its stored key order: every map sorted but metadata. */
export function unstructuredOrder(object: KubeObject): KubeObject {
  const sorted = deepSorted({ ...object, metadata: undefined }) as Record<string, unknown>;
  const { apiVersion, kind, ...rest } = sorted;
  return { apiVersion, kind, metadata: orderedMeta(object.metadata), ...rest } as KubeObject;
}

function deepSorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepSorted);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, deepSorted(item)]));
}

function sortedKeys(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The wire JSON of a stored revision. The placeholder is the document's first
 * `"resourceVersion":"0"`: kind and apiVersion come before metadata, and the metadata fields
 * before it (name, generateName, namespace, selfLink, uid) are strings, in which JSON escapes
 * every quote.
 */
export function storedToJson(stored: StoredObject): string {
  return stored.value.replace(placeholder, `"resourceVersion":"${stored.resourceVersion}"`);
}

/** The object a stored revision holds, with its resourceVersion. */
export function fromStored(stored: StoredObject): KubeObject {
  const object = JSON.parse(stored.value) as KubeObject;
  if (object.metadata.resourceVersion === '0') object.metadata.resourceVersion = String(stored.resourceVersion);
  else object.metadata = orderedMeta({ ...object.metadata, resourceVersion: String(stored.resourceVersion) });
  return object;
}
