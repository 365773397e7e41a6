/**
 * Binary lists need something of their items before the first byte: Protobuf the length of the
 * whole message (runtime.Unknown's raw field comes before it), CBOR the number of items (kube
 * writes definite-length arrays). A first pass encodes every item to count them and sum their
 * sizes, keeping the encodings while they fit in `bufferLimit` bytes; the body then replays the
 * kept encodings, or, for a list that outgrew the buffer, iterates the source a second time and
 * encodes each item again. Memory stays bounded by the buffer plus one item either way; the
 * price of a big list is a second read and a second encoding of every item.
 *
 * The second pass must see the same items (a list is read at one resourceVersion, so it does);
 * if it does not, the stream fails rather than write a body whose lengths lie.
 */
import type { ItemSource, ListItem } from './items.js';

/** The bytes of the `index`th item as it sits in the list. */
export type ItemEncoder = (item: ListItem, index: number) => Uint8Array;

/** What the first pass learned. */
export interface Tally {
  count: number;
  bytes: number;
  /** Every item's encoding, when they all fit in the buffer. */
  kept?: Uint8Array[];
}

/** Default buffer of the first pass: lists up to this size are read and encoded once. */
export const defaultBufferLimit = 8 * 1024 * 1024;

/** Counts and sizes the encodings of every item, keeping them while they fit in `bufferLimit`. */
export async function tally(source: ItemSource, encode: ItemEncoder, bufferLimit: number): Promise<Tally> {
  let kept: Uint8Array[] | undefined = [];
  let count = 0;
  let bytes = 0;
  for await (const item of source()) {
    const encoded = encode(item, count);
    count++;
    bytes += encoded.byteLength;
    if (kept && bytes <= bufferLimit) kept.push(encoded);
    else kept = undefined;
  }
  return kept ? { count, bytes, kept } : { count, bytes };
}

/** The items' encodings for the body: the kept ones, or a second pass checked against the tally. */
export async function* replay(source: ItemSource, encode: ItemEncoder, expected: Tally): AsyncGenerator<Uint8Array> {
  if (expected.kept) {
    yield* expected.kept;
    return;
  }
  yield* checked(source(), encode, expected);
}

/** Encodes the items of a pass, failing as soon as they are more (or, at the end, fewer) than `expected` says. */
export async function* checked(items: AsyncIterable<ListItem> | Iterable<ListItem>, encode: ItemEncoder,
  expected: { count: number; bytes?: number }): AsyncGenerator<Uint8Array> {
  let count = 0;
  let bytes = 0;
  for await (const item of items) {
    const encoded = encode(item, count);
    count++;
    bytes += encoded.byteLength;
    if (count > expected.count || (expected.bytes !== undefined && bytes > expected.bytes)) throw changedError();
    yield encoded;
  }
  if (count !== expected.count || (expected.bytes !== undefined && bytes !== expected.bytes)) throw changedError();
}

function changedError(): Error {
  return new Error('list-stream: the items changed between the passes over the list');
}
