/**
 * List responses written as streams (src/codecs/list-stream/): the list form the negotiated
 * format asks for (a typed or unstructured list, a Table, a PartialObjectMetadataList), encoded
 * item by item from an item source, in memory or read from storage as the client reads.
 */
import { apiVersionOf } from '../../api/catalog.js';
import { listMeta, type ListMetaFields } from '../../codecs/lists.js';
import { encodeListStream, type ItemSource, type ListForm, type ListItem } from '../../codecs/list-stream/index.js';
import type { OutputFormat } from '../../codecs/negotiate.js';
import { printerFor } from '../../codecs/printer-registry.js';
import type { ListedObjects } from '../../registry/store.js';
import { includeObject, outputFormat, wantsPretty } from './respond.js';
import type { RequestScope } from './scope.js';

/** What a list response says before its items, and what the encoders may assume of its source. */
export interface ListHeader {
  metadata: ListMetaFields;
  /** How many items the source yields, when known (saves CBOR a first pass). */
  itemCount?: number;
  /** Bytes of encoded items a binary encoding's first pass may keep (Infinity: the source can be read only once). */
  bufferLimit?: number;
}

/** The list form of `scope`'s type in `format`; 400 for a bad includeObject. */
export function listFormOf(scope: RequestScope, format: OutputFormat): ListForm {
  const version = format.conversionVersion ?? 'v1';
  if (format.conversion === 'Table') {
    return { form: 'table', version, printer: printerFor(scope.type), includeObject: includeObject(scope.url), now: scope.now };
  }
  if (format.conversion === 'PartialObjectMetadataList') return { form: 'partial', version };
  const { type } = scope;
  const list = { kind: type.listKind ?? `${type.kind}List`, apiVersion: apiVersionOf(type.group, type.version) };
  return { form: type.custom ? 'unstructured' : 'typed', ...list };
}

/** Responds with the list of `items` (called once per pass over the list), streamed in the negotiated format. */
export async function respondListStream(scope: RequestScope, header: ListHeader, items: ItemSource, status = 200): Promise<Response> {
  const format = outputFormat(scope, 'list');
  const form = listFormOf(scope, format);
  const pretty = wantsPretty(scope.request, scope.url);
  const body = await encodeListStream({ form, encoding: format.encoding, pretty, ...header }, items);
  return new Response(body, { status, headers: { 'content-type': format.mediaType } });
}

/**
 * Responds with a list as storage streams it: typed (`ConfigMapList`), a Table, or a
 * PartialObjectMetadataList. Its items can be iterated once: JSON and YAML stream them with
 * memory bounded by an item; Protobuf and CBOR, which need every item's size or their count
 * before the first byte, keep the encoded items of their first pass (a source that can be
 * re-read at the list's resourceVersion would bound them too: ItemSource is called per pass).
 */
export function respondList(scope: RequestScope, list: ListedObjects, status = 200): Promise<Response> {
  return respondListStream(scope, { metadata: listMeta(list), bufferLimit: Infinity }, readOnce(list.items), status);
}

/** An item source for items that can be iterated only once. */
function readOnce(items: AsyncIterable<ListItem>): ItemSource {
  let read = false;
  return () => {
    if (read) throw new Error('list items read twice from a source that streams them once');
    read = true;
    return items;
  };
}
