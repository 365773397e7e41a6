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
 */
import { fromUtf8, toBase64 } from './bytes.js';
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
  return decodeAt(descriptor, bytes, 0);
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
  const body = decodeAt(messageDescriptor(name), raw, depth) as JsonObject;
  return { apiVersion, kind, object: { kind, apiVersion, ...body } };
}

function decodeAt(d: MessageDescriptor, bytes: Uint8Array, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new ProtobufDecodeError(`messages nested deeper than ${MAX_DEPTH} levels`);
  if (d.special) return decodeSpecial(d, bytes, contextAt(depth + 1));
  return decodeObject(d, bytes, depth);
}

function contextAt(depth: number): SpecialContext {
  return {
    message: (name, bytes) => decodeAt(messageDescriptor(name), bytes, depth),
    embedded: (bytes) => decodeEnvelopedObject(bytes, depth).object,
  };
}

function decodeObject(d: MessageDescriptor, bytes: Uint8Array, depth: number): JsonObject {
  const out: JsonObject = {};
  // proto2 merges a repeated occurrence of a singular message field: re-decode the concatenation.
  const seen = new Map<number, Uint8Array>();
  const reader = new WireReader(bytes);
  while (!reader.done) {
    const { field: number, wireType } = reader.tag();
    const field = d.byNumber.get(number);
    if (!field) reader.skip(wireType);
    else if (field.mapKey) readMapEntry(field, reader, wireType, out, depth);
    else if (field.repeated) readRepeated(field, reader, wireType, out, depth);
    else if (field.type.message) readMessageField(field, reader, wireType, out, seen, depth);
    else setScalar(field, readScalar(field.type.scalar!, reader, wireType, number), out);
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
    case 'string': return fromUtf8(reader.bytes());
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
  if (isUnset(field, value)) delete out[field.name];
  else out[field.name] = value;
}

function readMessageField(field: FieldDescriptor, reader: WireReader, wireType: number, out: JsonObject,
  seen: Map<number, Uint8Array>, depth: number): void {
  expectWire(field.number, wireType, WireType.LengthDelimited);
  let bytes = reader.bytes();
  const previous = seen.get(field.number);
  if (previous) bytes = concat(previous, bytes);
  seen.set(field.number, bytes);
  const value = decodeAt(messageDescriptor(field.type.message!), bytes, depth + 1);
  if (field.inline) Object.assign(out, value);
  else out[field.name] = value;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
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
    list.push(decodeAt(messageDescriptor(message), reader.bytes(), depth + 1));
  } else if (wireType === WireType.LengthDelimited && SCALAR_WIRE[scalar!] !== WireType.LengthDelimited) {
    // Packed encoding of a repeated number (proto3 style); gogo's proto2 writes unpacked, both are valid.
    const packed = new WireReader(reader.bytes());
    while (!packed.done) list.push(readScalar(scalar!, packed, SCALAR_WIRE[scalar!], field.number));
  } else list.push(readScalar(scalar!, reader, wireType, field.number));
}

/** A map entry is a message { key = 1; value = 2 }; either may be absent (zero value). */
function readMapEntry(field: FieldDescriptor, reader: WireReader, wireType: number, out: JsonObject, depth: number): void {
  expectWire(field.number, wireType, WireType.LengthDelimited);
  const entry = new WireReader(reader.bytes());
  let key: unknown = field.mapKey === 'string' ? '' : 0;
  let value: unknown;
  while (!entry.done) {
    const { field: n, wireType: w } = entry.tag();
    if (n === 1) key = readScalar(field.mapKey!, entry, w, n);
    else if (n !== 2) entry.skip(w);
    else if (field.type.message) {
      expectWire(n, w, WireType.LengthDelimited);
      value = decodeAt(messageDescriptor(field.type.message), entry.bytes(), depth + 1);
    } else value = readScalar(field.type.scalar!, entry, w, n);
  }
  value ??= field.type.message
    ? decodeAt(messageDescriptor(field.type.message), new Uint8Array(0), depth + 1)
    : readScalarZero(field.type.scalar!);
  const map = (out[field.name] ??= {}) as JsonObject;
  // A "__proto__" key must become an own property, not the object's prototype.
  Object.defineProperty(map, String(key), { value, enumerable: true, writable: true, configurable: true });
}

function readScalarZero(type: ScalarType): unknown {
  if (type === 'string' || type === 'bytes') return '';
  return type === 'bool' ? false : 0;
}
