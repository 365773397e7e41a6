/**
 * Streaming list encoders: the body of a list response (typed and unstructured lists, Tables,
 * PartialObjectMetadataLists; JSON compact and pretty, YAML, Protobuf, CBOR) written item by
 * item, byte for byte what the whole-body encoders (encode-body.ts over lists.ts, table.ts)
 * write for the same list, with memory bounded by one item plus a constant:
 *
 *   const body = await encodeListStream({ form, metadata, encoding, pretty }, () => items);
 *   return new Response(body, { headers: { 'content-type': format.mediaType } });
 *
 * `items` is called for each pass over the list and returns the items in list order (an async
 * iterable from storage, or an array): KubeObjects, or JsonItems (`{ json(), object() }`, as the
 * registry's ServedItem) whose served JSON compact JSON splices in without parsing. JSON and
 * YAML make one pass, as the reader pulls. Protobuf makes a first pass before the promise
 * resolves (the envelope's length comes first), CBOR too unless `itemCount` is given (its array
 * head holds the count); lists whose encoded items exceed `bufferLimit` are then read a second
 * time (two-pass.ts). An encoding error in a first pass rejects the promise (the caller can
 * still answer a Status); later errors fail the stream.
 */
import type { Encoding } from '../negotiate.js';
import type { ListMetaFields } from '../lists.js';
import { byteChunks, pullStream, textChunks } from './chunks.js';
import { cborList } from './cbor.js';
import { inRowOrder, type ItemSource, type ListForm } from './items.js';
import { protobufList } from './protobuf.js';
import { textPieces } from './text.js';
import { defaultBufferLimit } from './two-pass.js';

export { isJsonItem, jsonItem, type ItemSource, type JsonItem, type ListForm, type ListItem } from './items.js';
export { defaultBufferLimit } from './two-pass.js';

export interface ListStreamOptions {
  form: ListForm;
  /** The list's ListMeta (resourceVersion, continue, remainingItemCount), in kube's field order. */
  metadata: ListMetaFields;
  encoding: Encoding;
  /** Indented JSON (`?pretty=true`, curl and browsers); other encodings ignore it. */
  pretty?: boolean;
  /** How many items `items` yields, when known: CBOR then needs no first pass. */
  itemCount?: number;
  /** Bytes of encoded items a first pass keeps to write them from (default 8 MiB); past it, a second pass. */
  bufferLimit?: number;
}

/** The body of a list response as a pull-based byte stream. */
export async function encodeListStream(options: ListStreamOptions, items: ItemSource): Promise<ReadableStream<Uint8Array>> {
  return pullStream(await encodeListChunks(options, items));
}

/** The body of a list response as chunks of bytes. */
export async function encodeListChunks(options: ListStreamOptions, items: ItemSource): Promise<AsyncGenerator<Uint8Array>> {
  const { form, metadata, encoding } = options;
  const bufferLimit = options.bufferLimit ?? defaultBufferLimit;
  switch (encoding) {
    case 'protobuf': return byteChunks(await protobufList(form, metadata, items, bufferLimit));
    case 'cbor': return byteChunks(await cborList(form, metadata, items, bufferLimit, options.itemCount));
    default: return textChunks(textPieces(form, metadata, encoding, options.pretty ?? false, inRowOrder(form, items)()));
  }
}
