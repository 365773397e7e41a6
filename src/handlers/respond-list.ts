/**
 * List responses written as streams (src/codecs/list-stream/): the list form the negotiated
 * format asks for (a typed or unstructured list, a Table, a PartialObjectMetadataList), encoded
 * item by item from an item source, in memory or read from storage as the client reads.
 */
import { apiVersionOf } from '../api/catalog.js';
import type { ListMetaFields } from '../codecs/lists.js';
import { encodeListStream, type ItemSource, type ListForm } from '../codecs/list-stream/index.js';
import type { OutputFormat } from '../codecs/negotiate.js';
import { printerFor } from '../codecs/printer-registry.js';
import { includeObject, outputFormat, wantsPretty } from './respond.js';
import type { RequestScope } from './scope.js';

/** What a list response says before its items. */
export interface ListHeader {
  metadata: ListMetaFields;
  /** How many items the source yields, when known (saves CBOR a first pass). */
  itemCount?: number;
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
