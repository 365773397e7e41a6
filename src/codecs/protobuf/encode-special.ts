/**
 * Encoding of the messages whose kube JSON is not an object: the inverse of decode-special.ts,
 * writing what the Go type's Marshal method writes (gogo writes every value field, so
 * IntOrString carries all three fields and Time's Timestamp both seconds and nanos).
 */
import { utf8 } from './bytes.js';
import type { MessageDescriptor } from './descriptors.js';
import { ProtobufEncodeError } from './errors.js';
import { parseGoDuration, parseRfc3339 } from './go-time.js';
import { WireType, WireWriter } from './wire.js';

/** What a special mapping needs from the generic encoder. */
export interface EncodeSpecialContext {
  /** Encodes a nested message by name. */
  message(name: string, json: unknown, path: string): Uint8Array;
  /** The `k8s\0` envelope of an embedded object, or undefined to embed it as JSON. */
  embedded(json: unknown): Uint8Array | undefined;
}

const { Varint, LengthDelimited } = WireType;
const EMPTY = new Uint8Array(0);
/** Unix seconds of 0001-01-01T00:00:00Z, Go's zero time. */
const GO_ZERO_TIME = -62135596800;

function fail(path: string, want: string, value: unknown): never {
  throw new ProtobufEncodeError(`${path}: want ${want}, got ${JSON.stringify(value)}`);
}

function encodeTime(json: unknown, micro: boolean, path: string): Uint8Array {
  if (json === null || json === undefined) return EMPTY;
  const instant = typeof json === 'string' ? parseRfc3339(json) : undefined;
  if (!instant) fail(path, 'an RFC 3339 time', json);
  // Go's zero time marshals to no bytes; metav1.Time writes no nanoseconds (ProtoTime).
  if (instant.seconds === GO_ZERO_TIME && instant.nanos === 0) return EMPTY;
  return new WireWriter()
    .tag(1, Varint).int(instant.seconds)
    .tag(2, Varint).int(micro ? instant.nanos : 0)
    .finish();
}

function encodeDuration(json: unknown, path: string): Uint8Array {
  const ns = typeof json === 'string' ? parseGoDuration(json) : undefined;
  if (ns === undefined) fail(path, 'a Go duration', json);
  const bits = BigInt.asUintN(64, ns);
  return new WireWriter().tag(1, Varint).varint64(Number(bits & 0xffffffffn), Number(bits >> 32n)).finish();
}

function encodeIntOrString(json: unknown, path: string): Uint8Array {
  const w = new WireWriter();
  if (typeof json === 'number' && Number.isInteger(json)) {
    return w.tag(1, Varint).int(0).tag(2, Varint).int(json).tag(3, LengthDelimited).bytes(EMPTY).finish();
  }
  if (typeof json === 'string') {
    return w.tag(1, Varint).int(1).tag(2, Varint).int(0).tag(3, LengthDelimited).bytes(utf8(json)).finish();
  }
  return fail(path, 'an integer or a string', json);
}

/** A message whose only field 1 holds bytes (RawExtension, FieldsV1, JSON, Quantity). */
function field1(bytes: Uint8Array): Uint8Array {
  return new WireWriter().tag(1, LengthDelimited).bytes(bytes).finish();
}

function encodeJsonBytes(json: unknown): Uint8Array {
  return json === null || json === undefined ? EMPTY : field1(utf8(JSON.stringify(json)));
}

function encodeStrings(field: number, json: unknown, path: string, w = new WireWriter()): WireWriter {
  if (!Array.isArray(json)) fail(path, 'an array of strings', json);
  for (const item of json) {
    if (typeof item !== 'string') fail(path, 'a string', item);
    w.tag(field, LengthDelimited).bytes(utf8(item));
  }
  return w;
}

/** The JSONSchemaProps-or-X unions of apiextensions (see decode-special.ts). */
function encodeUnion(d: MessageDescriptor, json: unknown, ctx: EncodeSpecialContext, path: string): Uint8Array {
  const w = new WireWriter();
  if (json === null || json === undefined) return EMPTY;
  const schema = (n: number, value: unknown) => ctx.message(d.byNumber.get(n)!.type.message!, value, path);
  const isObject = typeof json === 'object' && !Array.isArray(json);
  if (d.special === 'schemaOrBool') {
    if (typeof json === 'boolean') return w.tag(1, Varint).int(json ? 1 : 0).finish();
    if (!isObject) fail(path, 'a boolean or a schema', json);
    return w.tag(1, Varint).int(1).tag(2, LengthDelimited).bytes(schema(2, json)).finish();
  }
  if (isObject) return w.tag(1, LengthDelimited).bytes(schema(1, json)).finish();
  if (d.special === 'schemaOrStringArray') return encodeStrings(2, json, path, w).finish();
  if (!Array.isArray(json)) fail(path, 'a schema or an array of schemas', json);
  for (const item of json) w.tag(2, LengthDelimited).bytes(schema(2, item));
  return w.finish();
}

/** Encodes a special message's kube JSON value into the message's bytes. */
export function encodeSpecial(d: MessageDescriptor, json: unknown, ctx: EncodeSpecialContext, path: string): Uint8Array {
  switch (d.special) {
    case 'time':
    case 'microtime':
      return encodeTime(json, d.special === 'microtime', path);
    case 'duration':
      return encodeDuration(json, path);
    case 'quantity':
      if (typeof json !== 'string' && typeof json !== 'number') fail(path, 'a quantity string', json);
      return field1(utf8(String(json)));
    case 'intorstring':
      return encodeIntOrString(json, path);
    case 'raw':
      if (json === null || json === undefined) return EMPTY;
      return field1(ctx.embedded(json) ?? utf8(JSON.stringify(json)));
    case 'json':
      return encodeJsonBytes(json);
    case 'items':
      return json === null || json === undefined ? EMPTY : encodeStrings(1, json, path).finish();
    default:
      return encodeUnion(d, json, ctx, path);
  }
}
