/**
 * A CBOR list as kube writes it: the self-described tag, then the list as a map with its keys in
 * kube's order (map-keys.ts) and the items as a definite-length array, whose head carries the
 * number of items: given by the caller, or counted by a first pass (two-pass.ts).
 */
import { elementNode, memberNode, byteFieldsOf, type ByteFieldNode } from '../cbor/byte-fields.js';
import { writeValue } from '../cbor/encode.js';
import { Major, SELF_DESCRIBED_PREFIX } from '../cbor/major.js';
import { sortedKeys } from '../cbor/map-keys.js';
import { CborWriter } from '../cbor/writer.js';
import type { ListMetaFields } from '../lists.js';
import { itemsKey, listEnvelope, listTypeMeta } from './envelope.js';
import { elementOf, type ItemSource, type ListForm } from './items.js';
import { checked, replay, tally, type ItemEncoder } from './two-pass.js';

/** The body of a CBOR list; without `itemCount` it reads the items once (twice past `bufferLimit` bytes) before it returns. */
export async function cborList(form: ListForm, metadata: ListMetaFields, source: ItemSource, bufferLimit: number,
  itemCount?: number): Promise<AsyncGenerator<Uint8Array>> {
  const { apiVersion, kind } = listTypeMeta(form);
  const root = byteFieldsOf(apiVersion, kind);
  const key = itemsKey(form);
  const element = elementNode(memberNode(root, key));
  const encode: ItemEncoder = (item) => {
    const writer = new CborWriter(1024);
    writeValue(writer, elementOf(item, form), element, 2);
    return writer.finish();
  };
  const counted = itemCount === undefined ? await tally(source, encode, bufferLimit) : undefined;
  const envelope = listEnvelope(form, metadata, []);
  const keys = sortedKeys(envelope);
  const split = keys.indexOf(key);
  const count = counted?.count ?? itemCount!;
  return (async function* () {
    yield members(envelope, keys.slice(0, split), root, (writer) => {
      writer.append(SELF_DESCRIBED_PREFIX);
      writer.head(Major.Map, keys.length);
    }, (writer) => {
      writer.string(key);
      writer.head(Major.Array, count);
    });
    yield* counted ? replay(source, encode, counted) : checked(source(), encode, { count });
    yield members(envelope, keys.slice(split + 1), root);
  })();
}

/** Writes `before`, then each of `keys` with its value from the envelope, then `after`. */
function members(envelope: Record<string, unknown>, keys: string[], root: ByteFieldNode | undefined,
  before?: (writer: CborWriter) => void, after?: (writer: CborWriter) => void): Uint8Array {
  const writer = new CborWriter(256);
  before?.(writer);
  for (const key of keys) {
    writer.string(key);
    writeValue(writer, envelope[key], memberNode(root, key), 1);
  }
  after?.(writer);
  return writer.finish();
}
