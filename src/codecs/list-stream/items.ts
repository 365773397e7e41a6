/**
 * The items of a streamed list and what each list form makes of one: a typed list's element
 * (the object without kind and apiVersion), an unstructured list's (the whole object),
 * a PartialObjectMetadata, or a Table row. An item arrives decoded (a KubeObject) or as a stored
 * revision that can give its served JSON and its object (a JsonItem: the registry's ServedItem
 * is one), whose JSON compact JSON splices into the body without parsing, as watch events do.
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { listItem } from '../lists.js';
import { partialObjectMetadata } from '../partial-metadata.js';
import type { Printer } from '../table-printer.js';
import { rowObject, type IncludeObject } from '../table.js';

/** An object known by its served JSON (with kind, apiVersion and resourceVersion) and decoded only when needed. */
export interface JsonItem {
  json(): string;
  object(): KubeObject;
}

/** A JsonItem of a JSON text and the way to decode it (once). */
export function jsonItem(json: string, decode: () => KubeObject): JsonItem {
  let decoded: KubeObject | undefined;
  return { json: () => json, object: () => (decoded ??= decode()) };
}

/** One list item: decoded, or a JsonItem. */
export type ListItem = KubeObject | JsonItem;

/** Whether an item is a JsonItem (a decoded object holds no functions). */
export function isJsonItem(item: ListItem): item is JsonItem {
  return typeof item.object === 'function';
}

/** The items in list order. Binary encodings call it twice when the list outgrows their buffer (see protobuf.ts). */
export type ItemSource = () => AsyncIterable<ListItem> | Iterable<ListItem>;

/** Which list a response is, and what its items become. */
export type ListForm =
  /** A built-in type's `<Kind>List`: items without TypeMeta. */
  | { form: 'typed'; kind: string; apiVersion: string }
  /** A custom resource's UnstructuredList: keys sorted, items whole. */
  | { form: 'unstructured'; kind: string; apiVersion: string }
  /** meta.k8s.io PartialObjectMetadataList of `version`. */
  | { form: 'partial'; version: string }
  /** meta.k8s.io Table of `version`: one row per item. */
  | { form: 'table'; version: string; printer: Printer; includeObject: IncludeObject; now: Date };

/**
 * The items in the order of the list's rows: as they come, except for a Table whose printer
 * sorts its list (kube's FlowSchema printer orders by matching precedence), whose items are then
 * gathered first (such collections are small by nature).
 */
export function inRowOrder(form: ListForm, source: ItemSource): ItemSource {
  if (form.form !== 'table' || !form.printer.order) return source;
  const order = form.printer.order.bind(form.printer);
  return () => (async function* () {
    const objects: KubeObject[] = [];
    for await (const item of source()) objects.push(objectOf(item));
    yield* order(objects);
  })();
}

/** The decoded object of an item. */
export function objectOf(item: ListItem): KubeObject {
  return isJsonItem(item) ? item.object() : item;
}

/** The JSON value an item is in the list. */
export function elementOf(item: ListItem, form: ListForm): unknown {
  const object = objectOf(item);
  switch (form.form) {
    case 'typed': return listItem(object);
    case 'unstructured': return object;
    case 'partial': return partialObjectMetadata(object, form.version);
    case 'table': return { cells: form.printer.cells(object, form.now), object: rowObject(object, form.includeObject) };
  }
}

// A served object's JSON begins with its kind and apiVersion (orderedObject); a typed list drops both.
const typeMetaPrefix = /^\{"kind":"(?:[^"\\]|\\.)*","apiVersion":"(?:[^"\\]|\\.)*",/;

/** The compact JSON of an item in the list; JSON text is spliced without parsing where the form allows. */
export function compactElement(item: ListItem, form: ListForm): string {
  if (isJsonItem(item)) {
    if (form.form === 'unstructured') return item.json();
    if (form.form === 'typed') {
      const json = item.json();
      const prefix = typeMetaPrefix.exec(json);
      if (prefix) return '{' + json.slice(prefix[0].length);
    }
  }
  return JSON.stringify(elementOf(item, form));
}
