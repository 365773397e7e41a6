/**
 * Decoding of the messages whose kube JSON is not an object: the inverse of encode-special.ts.
 * Each mapping follows the Go type's Unmarshal (protobuf) and MarshalJSON (JSON) methods.
 */
import { fromUtf8 } from './bytes.js';
import type { MessageDescriptor, SpecialKind } from './descriptors.js';
import { ProtobufDecodeError } from './errors.js';
import { formatGoDuration, formatMicroTime, formatTime } from './go-time.js';
import { hasEnvelopeMagic } from './envelope.js';
import { WireReader, WireType } from './wire.js';

/** What a special mapping needs from the generic decoder. */
export interface SpecialContext {
  /** Decodes a nested message by name. */
  message(name: string, bytes: Uint8Array): unknown;
  /** Decodes an embedded `k8s\0` envelope (a RawExtension holding a Protobuf object). */
  embedded(bytes: Uint8Array): unknown;
}

type Handler = (reader: WireReader) => void;

/** Reads the listed fields (checking their wire types) and skips the others. */
function readFields(bytes: Uint8Array, handlers: Record<number, [number, Handler]>): void {
  const reader = new WireReader(bytes);
  while (!reader.done) {
    const { field, wireType } = reader.tag();
    const entry = handlers[field];
    if (!entry) {
      reader.skip(wireType);
      continue;
    }
    if (entry[0] !== wireType) throw new ProtobufDecodeError(`field ${field}: wrong wire type ${wireType}`);
    entry[1](reader);
  }
}

function parseJson(bytes: Uint8Array, what: string): unknown {
  try {
    return JSON.parse(fromUtf8(bytes));
  } catch {
    throw new ProtobufDecodeError(`${what} does not hold valid JSON`);
  }
}

const { Varint, LengthDelimited } = WireType;

function decodeTime(bytes: Uint8Array, micro: boolean): string | null {
  // Empty bytes are Go's zero time, which marshals to JSON null.
  if (bytes.length === 0) return null;
  let seconds = 0;
  let nanos = 0;
  readFields(bytes, { 1: [Varint, (r) => (seconds = r.int64())], 2: [Varint, (r) => (nanos = r.int32())] });
  // metav1.Time drops the nanoseconds on unmarshal; MicroTime keeps them (normalized like time.Unix).
  if (!micro) return formatTime(seconds);
  seconds += Math.floor(nanos / 1e9);
  nanos = ((nanos % 1e9) + 1e9) % 1e9;
  return formatMicroTime(seconds, nanos);
}

function decodeDuration(bytes: Uint8Array): string {
  let ns = 0n;
  readFields(bytes, { 1: [Varint, (r) => {
    r.varint64();
    ns = BigInt.asIntN(64, (BigInt(r.hi) << 32n) | BigInt(r.lo));
  }] });
  return formatGoDuration(ns);
}

function decodeIntOrString(bytes: Uint8Array): number | string {
  let type = 0;
  let intVal = 0;
  let strVal = '';
  readFields(bytes, {
    1: [Varint, (r) => (type = r.int64())],
    2: [Varint, (r) => (intVal = r.int32())],
    3: [LengthDelimited, (r) => (strVal = fromUtf8(r.bytes()))],
  });
  if (type === 0) return intVal;
  if (type === 1) return strVal;
  throw new ProtobufDecodeError(`IntOrString has impossible type ${type}`);
}

/** The bytes of field 1 (RawExtension.raw, FieldsV1.Raw, JSON.raw, Quantity.string). */
function firstBytes(bytes: Uint8Array): Uint8Array | undefined {
  let out: Uint8Array | undefined;
  readFields(bytes, { 1: [LengthDelimited, (r) => (out = r.bytes())] });
  return out;
}

function decodeRaw(bytes: Uint8Array, ctx: SpecialContext): unknown {
  const raw = firstBytes(bytes);
  if (!raw || raw.length === 0) return null;
  return hasEnvelopeMagic(raw) ? ctx.embedded(raw) : parseJson(raw, 'RawExtension');
}

/** The JSONSchemaProps-or-X unions of apiextensions: field 1 and 2 as their Go MarshalJSON picks. */
function decodeUnion(kind: SpecialKind, d: MessageDescriptor, bytes: Uint8Array, ctx: SpecialContext): unknown {
  const schemaType = (n: number) => d.byNumber.get(n)?.type.message ?? '';
  let schema: unknown;
  let allows = false;
  const list: unknown[] = [];
  if (kind === 'schemaOrBool') {
    readFields(bytes, {
      1: [Varint, (r) => (allows = r.bool())],
      2: [LengthDelimited, (r) => (schema = ctx.message(schemaType(2), r.bytes()))],
    });
    return schema ?? allows;
  }
  readFields(bytes, {
    1: [LengthDelimited, (r) => (schema = ctx.message(schemaType(1), r.bytes()))],
    2: [LengthDelimited, (r) => list.push(kind === 'schemaOrArray' ? ctx.message(schemaType(2), r.bytes()) : fromUtf8(r.bytes()))],
  });
  return list.length > 0 ? list : (schema ?? null);
}

/** Decodes a special message's bytes into its kube JSON value. */
export function decodeSpecial(d: MessageDescriptor, bytes: Uint8Array, ctx: SpecialContext): unknown {
  const kind = d.special!;
  switch (kind) {
    case 'time':
    case 'microtime':
      return decodeTime(bytes, kind === 'microtime');
    case 'duration':
      return decodeDuration(bytes);
    case 'quantity': {
      const value = firstBytes(bytes);
      return value && value.length > 0 ? fromUtf8(value) : '0';
    }
    case 'intorstring':
      return decodeIntOrString(bytes);
    case 'raw':
      return decodeRaw(bytes, ctx);
    case 'json': {
      const raw = firstBytes(bytes);
      return raw && raw.length > 0 ? parseJson(raw, d.name) : null;
    }
    case 'items': {
      const items: string[] = [];
      readFields(bytes, { 1: [LengthDelimited, (r) => items.push(fromUtf8(r.bytes()))] });
      return items;
    }
    default:
      return decodeUnion(kind, d, bytes, ctx);
  }
}
