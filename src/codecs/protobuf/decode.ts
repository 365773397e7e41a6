/**
 * Reflective decoding of a kube message into the JSON the Go struct would marshal to (see
 * descriptors.ts for the field flags): JSON names, int64 as numbers, bytes as base64, maps as
 * objects, repeated fields as arrays, inline fields merged into the parent, special messages
 * (Time, Quantity, IntOrString, RawExtension...) as their JSON values. Unknown fields are skipped.
 *
 * Presence: fields absent from the wire are absent from the JSON. gogo writes every Go value
 * (non-pointer) field, so a zero on the wire often means "unset": a "" string is dropped unless
 * the field is a known *string, and a 0/false is dropped for fields known to be Go values; both
 * are kept for fields without omitempty, whose zero kube's JSON prints. Other zeros are kept,
 * since a pointer field's zero (replicas: 0) is meaningful.
 *
 * Nested messages are read in place from one WireReader (its limit marks the message's end).
 */
import { toBase64 } from './bytes.js';
import { decodeSpecial, type SpecialContext } from './decode-special.js';
import { messageDescriptor, messageNameForKind, type FieldDescriptor, type MessageDescriptor, type ScalarType } from './descriptors.js';
import { unwrapEnvelope } from './envelope.js';
import { ProtobufDecodeError } from './errors.js';
import { WireReader, WireType } from './wire.js';

/** Deep enough for CRD schemas (each schema level is two messages), shallow enough for the stack. */
const MAX_DEPTH = 256;

type JsonObject = Record<string, unknown>;

/** Decodes a message's bytes into kube's JSON form (an object, or a value for special messages). */
export function decodeMessage(descriptor: MessageDescriptor, bytes: Uint8Array): unknown {
  return decodeAt(descriptor, new WireReader(bytes), 0);
}

/** A decoded object with its TypeMeta from the envelope. */
export interface DecodedObject {
  apiVersion: string;
  kind: string;
  object: JsonObject;
}

/** Decodes a whole `k8s\0` envelope and the object inside, kind and apiVersion first. */
export function decodeEnvelopedObject(bytes: Uint8Array, depth = 0): DecodedObject {
  const { apiVersion, kind, raw, contentEncoding } = unwrapEnvelope(bytes);
  if (!kind) throw new ProtobufDecodeError("Object 'Kind' is missing in the Protobuf envelope");
  if (contentEncoding) throw new ProtobufDecodeError(`unsupported content encoding "${contentEncoding}"`);
  const name = messageNameForKind(apiVersion, kind);
  if (!name) throw new ProtobufDecodeError(`no Protobuf message for apiVersion "${apiVersion}", kind "${kind}"`);
  const body = decodeAt(messageDescriptor(name), new WireReader(raw), depth) as JsonObject;
  return { apiVersion, kind, object: { kind, apiVersion, ...body } };
}

/** Decodes the message that fills the reader up to its limit. */
function decodeAt(d: MessageDescriptor, reader: WireReader, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new ProtobufDecodeError(`messages nested deeper than ${MAX_DEPTH} levels`);
  if (d.special) return decodeSpecial(d, reader, (contexts[depth + 1] ??= new Nested(depth + 1)));
  return decodeObject(d, reader, depth);
}

/** Decodes the payload of the length-delimited field at the reader's position as a message. */
function decodeNested(d: MessageDescriptor, reader: WireReader, depth: number): unknown {
  const end = reader.delimitedEnd();
  const limit = reader.limit;
  reader.limit = end;
  const value = decodeAt(d, reader, depth);
  reader.limit = limit;
  return value;
}

/** What special mappings at a depth need from the generic decoder; one per depth, made once. */
class Nested implements SpecialContext {
  constructor(private readonly depth: number) {}

  message(name: string, reader: WireReader): unknown {
    return decodeNested(messageDescriptor(name), reader, this.depth);
  }

  embedded(bytes: Uint8Array): unknown {
    return decodeEnvelopedObject(bytes, this.depth).object;
  }
}

const contexts: Nested[] = [];

function decodeObject(d: MessageDescriptor, reader: WireReader, depth: number): JsonObject {
  const out: JsonObject = {};
  const start = reader.pos;
  // Singular message fields seen so far, by number (see readMessageField).
  let seenLow = 0;
  let seenHigh: Set<number> | undefined;
  while (reader.pos < reader.limit) {
    const fieldStart = reader.pos;
    const key = reader.key();
    const number = key >>> 3;
    const wireType = key & 7;
    const field = d.byNumber.get(number);
    if (!field) reader.skip(wireType);
    else if (field.mapKey) readMapEntry(field, reader, wireType, out, depth);
    else if (field.repeated) readRepeated(field, reader, wireType, out, depth);
    else if (field.type.message) {
      let repeat: boolean;
      if (number < 32) {
        repeat = (seenLow & (1 << number)) !== 0;
        seenLow |= 1 << number;
      } else {
        repeat = seenHigh?.has(number) ?? false;
        (seenHigh ??= new Set()).add(number);
      }
      readMessageField(field, reader, wireType, out, depth, repeat ? { start, fieldStart } : undefined);
    } else setScalar(field, readScalar(field.type.scalar!, reader, wireType, number), out);
  }
  return out;
}

function expectWire(number: number, actual: number, expected: number): void {
  if (actual !== expected) throw new ProtobufDecodeError(`field ${number}: wrong wire type ${actual}, want ${expected}`);
}

const SCALAR_WIRE: Record<ScalarType, number> = {
  string: WireType.LengthDelimited, bytes: WireType.LengthDelimited, bool: WireType.Varint,
  int32: WireType.Varint, int64: WireType.Varint, uint32: WireType.Varint, uint64: WireType.Varint,
  double: WireType.Fixed64, float: WireType.Fixed32,
};

function readScalar(type: ScalarType, reader: WireReader, wireType: number, number: number): unknown {
  expectWire(number, wireType, SCALAR_WIRE[type]);
  switch (type) {
    case 'string': return reader.string();
    case 'bytes': return toBase64(reader.bytes());
    case 'bool': return reader.bool();
    case 'int32': return reader.int32();
    case 'int64': return reader.int64();
    case 'uint32': reader.varint64(); return reader.lo;
    case 'uint64': reader.varint64(); return reader.hi * 4294967296 + reader.lo;
    case 'double': return reader.double();
    case 'float': return reader.float();
  }
}

/** Whether a singular scalar's value means "unset" for its field (see the module comment). */
function isUnset(field: FieldDescriptor, value: unknown): boolean {
  if (field.keep) return false;
  if (field.type.scalar === 'string') return value === '' && !field.pointer;
  return field.value && (value === 0 || value === false);
}

function setScalar(field: FieldDescriptor, value: unknown, out: JsonObject): void {
  // An earlier occurrence of the field is overwritten (proto2: the last one wins), even by unset.
  if (!isUnset(field, value)) out[field.name] = value;
  else if (out[field.name] !== undefined) delete out[field.name];
}

/**
 * A singular message field. proto2 merges a repeated occurrence: the message is decoded again
 * from all its occurrences' payloads, found by reading the parent from `start` to `fieldStart`.
 */
function readMessageField(field: FieldDescriptor, reader: WireReader, wireType: number, out: JsonObject,
  depth: number, earlier: { start: number; fieldStart: number } | undefined): void {
  expectWire(field.number, wireType, WireType.LengthDelimited);
  const d = messageDescriptor(field.type.message!);
  let value: unknown;
  if (!earlier) value = decodeNested(d, reader, depth + 1);
  else {
    const merged = concat([...payloadsOf(reader.buf, earlier.start, earlier.fieldStart, field.number), reader.bytes()]);
    value = decodeAt(d, new WireReader(merged), depth + 1);
  }
  if (field.inline) Object.assign(out, value);
  else out[field.name] = value;
}

/** The payloads of the length-delimited occurrences of field `number` in buf[start, end). */
function payloadsOf(buf: Uint8Array, start: number, end: number, number: number): Uint8Array[] {
  const reader = new WireReader(buf.subarray(0, end));
  reader.pos = start;
  const out: Uint8Array[] = [];
  while (!reader.done) {
    const key = reader.key();
    if (key === ((number << 3) | WireType.LengthDelimited)) out.push(reader.bytes());
    else reader.skip(key & 7);
  }
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function arrayOf(out: JsonObject, name: string): unknown[] {
  const existing = out[name];
  if (Array.isArray(existing)) return existing;
  const list: unknown[] = [];
  out[name] = list;
  return list;
}

function readRepeated(field: FieldDescriptor, reader: WireReader, wireType: number, out: JsonObject, depth: number): void {
  const list = arrayOf(out, field.name);
  const { message, scalar } = field.type;
  if (message) {
    expectWire(field.number, wireType, WireType.LengthDelimited);
    list.push(decodeNested(messageDescriptor(message), reader, depth + 1));
  } else if (wireType === WireType.LengthDelimited && SCALAR_WIRE[scalar!] !== WireType.LengthDelimited) {
    // Packed encoding of a repeated number (proto3 style); gogo's proto2 writes unpacked, both are valid.
    const end = reader.delimitedEnd();
    const limit = reader.limit;
    reader.limit = end;
    while (reader.pos < end) list.push(readScalar(scalar!, reader, SCALAR_WIRE[scalar!], field.number));
    reader.limit = limit;
  } else list.push(readScalar(scalar!, reader, wireType, field.number));
}

/** A map entry is a message { key = 1; value = 2 }; either may be absent (zero value). */
function readMapEntry(field: FieldDescriptor, reader: WireReader, wireType: number, out: JsonObject, depth: number): void {
  expectWire(field.number, wireType, WireType.LengthDelimited);
  const end = reader.delimitedEnd();
  const limit = reader.limit;
  reader.limit = end;
  let key: unknown = field.mapKey === 'string' ? '' : 0;
  let value: unknown;
  while (reader.pos < end) {
    const tag = reader.key();
    const n = tag >>> 3;
    const w = tag & 7;
    if (n === 1) key = readScalar(field.mapKey!, reader, w, n);
    else if (n !== 2) reader.skip(w);
    else if (field.type.message) {
      expectWire(n, w, WireType.LengthDelimited);
      value = decodeNested(messageDescriptor(field.type.message), reader, depth + 1);
    } else value = readScalar(field.type.scalar!, reader, w, n);
  }
  reader.limit = limit;
  value ??= field.type.message
    ? decodeAt(messageDescriptor(field.type.message), new WireReader(new Uint8Array(0)), depth + 1)
    : readScalarZero(field.type.scalar!);
  const map = (out[field.name] ??= {}) as JsonObject;
  const name = String(key);
  // A "__proto__" key must become an own property, not the object's prototype.
  if (name === '__proto__') Object.defineProperty(map, name, { value, enumerable: true, writable: true, configurable: true });
  else map[name] = value;
}

function readScalarZero(type: ScalarType): unknown {
  if (type === 'string' || type === 'bytes') return '';
  return type === 'bool' ? false : 0;
}
