/**
 * kube's encode mode over JSON values: the self-described tag first, maps with sorted keys
 * (map-keys.ts), every string a byte string, integers within int64 as integers and other numbers
 * as the shortest exact float (writer.ts), NaN and infinities refused. A Go []byte position
 * (byte-fields.ts) holding a base64 string is written as tag 22 around the decoded bytes, as Go
 * marshals []byte with ByteSliceLaterFormatBase64.
 */
import { fromBase64 } from '../protobuf/bytes.js';
import { BYTES, EMBEDDED, byteFieldsOf, elementNode, memberNode, type ByteFieldNode } from './byte-fields.js';
import { CborEncodeError } from './errors.js';
import { Major, SELF_DESCRIBED_PREFIX, Tag } from './major.js';
import { sortedKeys } from './map-keys.js';
import { CborWriter } from './writer.js';

/** Deeper than any kube object; reached only by a cycle. */
const MAX_DEPTH = 1000;
const INITIAL_CAPACITY = 16 * 1024;
/** A writer that grew past this is not kept for the next encoding. */
const MAX_KEPT_CAPACITY = 1024 * 1024;
const TWO_63 = 2n ** 63n;

type JsonObject = Record<string, unknown>;

/** One self-described item; `root` tells where the []byte fields are. */
export function encodeItem(value: unknown, root: ByteFieldNode | undefined): Uint8Array {
  return withWriter((writer) => {
    selfDescribed(writer);
    writeValue(writer, value, root, 0);
  });
}

/**
 * One item of a watch stream: {type, object}, the object self-described too, because kube
 * embeds the bytes of its embedded encoder (which start with the tag) as the RawExtension.
 */
export function encodeWatchEventItem(type: string, object: JsonObject): Uint8Array {
  return withWriter((writer) => {
    selfDescribed(writer);
    writer.head(Major.Map, 2);
    writer.string('type');
    writer.string(type);
    writer.string('object');
    selfDescribed(writer);
    writeValue(writer, object, byteFieldsOf(object.apiVersion, object.kind), 1);
  });
}

let spare: CborWriter | undefined;

/** Runs `write` with a reused writer (encoding is synchronous) and returns a copy of its bytes. */
function withWriter(write: (writer: CborWriter) => void): Uint8Array {
  const writer = spare ?? new CborWriter(INITIAL_CAPACITY);
  spare = undefined;
  writer.pos = 0;
  try {
    write(writer);
    return writer.finish();
  } finally {
    if (writer.bytes.length <= MAX_KEPT_CAPACITY) spare = writer;
  }
}

function selfDescribed(writer: CborWriter): void {
  writer.append(SELF_DESCRIBED_PREFIX);
}

/** Writes one value (no self-described tag) at nesting `depth`; `node` tells where its []byte fields are. */
export function writeValue(writer: CborWriter, value: unknown, node: ByteFieldNode | undefined, depth: number): void {
  switch (typeof value) {
    case 'string':
      return node === BYTES ? writeByteField(writer, value) : writer.string(value);
    case 'number':
      return writer.number(value);
    case 'boolean':
      return writer.byte(value ? 0xf5 : 0xf4);
    case 'undefined':
      return writer.byte(0xf6); // an array element, as JSON.stringify writes null
    case 'bigint':
      return writeBigInt(writer, value);
    case 'object':
      if (value === null) return writer.byte(0xf6);
      if (depth > MAX_DEPTH) throw new CborEncodeError(`cbor: exceeded max nested level ${MAX_DEPTH}`);
      if (Array.isArray(value)) return writeArray(writer, value, elementNode(node), depth);
      if (value instanceof Uint8Array) return writer.raw(Major.Bytes, value);
      return writeMap(writer, value as JsonObject, node, depth);
    default:
      throw new CborEncodeError(`cbor: unsupported type: ${typeof value}`);
  }
}

function writeArray(writer: CborWriter, items: unknown[], element: ByteFieldNode | undefined, depth: number): void {
  writer.head(Major.Array, items.length);
  for (const item of items) writeValue(writer, item, element, depth + 1);
}

function writeMap(writer: CborWriter, object: JsonObject, node: ByteFieldNode | undefined, depth: number): void {
  const fields = node === EMBEDDED ? byteFieldsOf(object.apiVersion, object.kind) : node;
  const keys = sortedKeys(object);
  writer.head(Major.Map, keys.length);
  for (const key of keys) {
    writer.string(key);
    writeValue(writer, object[key], memberNode(fields, key), depth + 1);
  }
}

/**
 * A []byte field: tag 22 and the raw bytes. A string that is not base64 (Go could not have
 * held it) is written as a plain string rather than failing the whole response.
 */
function writeByteField(writer: CborWriter, base64: string): void {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(base64);
  } catch {
    return writer.string(base64);
  }
  writer.head(Major.Tag, Tag.Base64);
  writer.raw(Major.Bytes, bytes);
}

function writeBigInt(writer: CborWriter, value: bigint): void {
  if (value < -TWO_63 || value >= TWO_63) throw new CborEncodeError(`cbor: unsupported value: ${value} overflows int64`);
  const major = value < 0n ? Major.Negative : Major.Unsigned;
  const argument = value < 0n ? -1n - value : value;
  if (argument <= BigInt(Number.MAX_SAFE_INTEGER)) writer.head(major, Number(argument));
  else writer.head64(major, Number(argument >> 32n), Number(argument & 0xffffffffn));
}
