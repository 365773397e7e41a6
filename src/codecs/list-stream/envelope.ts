/**
 * The list around the items: the same object the whole-body encoders write (kind, apiVersion,
 * ListMeta, a Table's column definitions), in the same key order, with the items (or rows)
 * member holding whatever value the caller passes, so that each encoding can render everything
 * but the items once and write the items between.
 */
import type { ListMetaFields } from '../lists.js';
import { toTable } from '../table.js';
import type { ListForm } from './items.js';

/** The list object of `form` with `items` as its items (or rows) member. */
export function listEnvelope(form: ListForm, metadata: ListMetaFields, items: unknown): Record<string, unknown> {
  switch (form.form) {
    case 'typed': return { kind: form.kind, apiVersion: form.apiVersion, metadata, items };
    case 'unstructured': return { apiVersion: form.apiVersion, items, kind: form.kind, metadata };
    case 'partial': return { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${form.version}`, metadata, items };
    case 'table': {
      const table = toTable([], form.printer, metadata, { includeObject: form.includeObject, version: form.version, now: form.now });
      table.rows = items;
      return table;
    }
  }
}

/** The member holding the items. */
export function itemsKey(form: ListForm): 'items' | 'rows' {
  return form.form === 'table' ? 'rows' : 'items';
}

/** kind and apiVersion of the list (the Protobuf envelope's TypeMeta, CBOR's []byte fields). */
export function listTypeMeta(form: ListForm): { apiVersion: string; kind: string } {
  const envelope = listEnvelope(form, {}, []);
  return { apiVersion: envelope.apiVersion as string, kind: envelope.kind as string };
}

/** A value no list member can render to, marking where the items go in a rendered envelope. */
export const itemsPlaceholder = '\u0000list-items\u0000';

/** The text before and after the placeholder's rendering `marker` in `text`; throws if it is not there once. */
export function splitAt(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error('list-stream: the items placeholder is not in the rendered list exactly once');
  return [text.slice(0, at), text.slice(at + marker.length)];
}
