/**
 * Decoding of the messages whose kube JSON is not an object: the inverse of encode-special.ts.
 * Each mapping follows the Go type's Unmarshal (protobuf) and MarshalJSON (JSON) methods. Each
 * reads its message in place, from the reader's position to its limit.
 */
import type { MessageDescriptor, SpecialKind } from './descriptors.js';
import { ProtobufDecodeError } from './errors.js';
import { formatGoDuration, formatMicroTime, formatTime } from './go-time.js';
import { hasEnvelopeMagic } from './envelope.js';
import { WireReader, WireType } from './wire.js';

/** What a special mapping needs from the generic decoder. */
export interface SpecialContext {
  /** Decodes the length-delimited field at the reader's position as the named message. */
  message(name: string, reader: WireReader): unknown;
  /** Decodes an embedded `k8s\0` envelope (a RawExtension holding a Protobuf object). */
  embedded(bytes: Uint8Array): unknown;
}

const { Varint, LengthDelimited } = WireType;

/**
 * Reads the next tag. Returns its field number when the field is one of the mapping's, fields
 * 1 to wires.length with wires[n - 1] its wire type (checked); else skips the field, returns 0.
 */
function nextField(reader: WireReader, wires: readonly number[]): number {
  const key = reader.key();
  const field = key >>> 3;
  const wireType = key & 7;
  const want = wires[field - 1];
  if (want === undefined) {
    reader.skip(wireType);
    return 0;
  }
  if (want !== wireType) throw new ProtobufDecodeError(`field ${field}: wrong wire type ${wireType}`);
  return field;
}

const TIME_FIELDS = [Varint, Varint];
const DURATION_FIELDS = [Varint];
const INT_OR_STRING_FIELDS = [Varint, Varint, LengthDelimited];
const BYTES_FIELD = [LengthDelimited];
const BOOL_OR_SCHEMA_FIELDS = [Varint, LengthDelimited];
const SCHEMA_OR_LIST_FIELDS = [LengthDelimited, LengthDelimited];

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProtobufDecodeError(`${what} does not hold valid JSON`);
  }
}

// The times of a list repeat (an object's creationTimestamp recurs in its managedFields and
// conditions): remember the last ones formatted.
const times = new Map<number, string>();

function timeText(seconds: number): string {
  let text = times.get(seconds);
  if (text === undefined) {
    text = formatTime(seconds);
    if (times.size >= 64) times.clear();
    times.set(seconds, text);
  }
  return text;
}

function decodeTime(reader: WireReader, micro: boolean): string | null {
  // Empty bytes are Go's zero time, which marshals to JSON null.
  if (reader.done) return null;
  let seconds = 0;
  let nanos = 0;
  while (!reader.done) {
    const field = nextField(reader, TIME_FIELDS);
    if (field === 1) seconds = reader.int64();
    else if (field === 2) nanos = reader.int32();
  }
  // metav1.Time drops the nanoseconds on unmarshal; MicroTime keeps them (normalized like time.Unix).
  if (!micro) return timeText(seconds);
  seconds += Math.floor(nanos / 1e9);
  nanos = ((nanos % 1e9) + 1e9) % 1e9;
  return formatMicroTime(seconds, nanos);
}

function decodeDuration(reader: WireReader): string {
  let ns = 0n;
  while (!reader.done) {
    if (nextField(reader, DURATION_FIELDS) !== 1) continue;
    reader.varint64();
    ns = BigInt.asIntN(64, (BigInt(reader.hi) << 32n) | BigInt(reader.lo));
  }
  return formatGoDuration(ns);
}

function decodeIntOrString(reader: WireReader): number | string {
  let type = 0;
  let intVal = 0;
  let strVal = '';
  while (!reader.done) {
    const field = nextField(reader, INT_OR_STRING_FIELDS);
    if (field === 1) type = reader.int64();
    else if (field === 2) intVal = reader.int32();
    else if (field === 3) strVal = reader.string();
  }
  if (type === 0) return intVal;
  if (type === 1) return strVal;
  throw new ProtobufDecodeError(`IntOrString has impossible type ${type}`);
}

/** Where the last payload of field 1 lies (RawExtension.raw, FieldsV1.Raw, JSON.raw, Quantity.string). */
function firstField(reader: WireReader): { start: number; end: number } | undefined {
  let out: { start: number; end: number } | undefined;
  while (!reader.done) {
    if (nextField(reader, BYTES_FIELD) !== 1) continue;
    const end = reader.delimitedEnd();
    out = { start: reader.pos, end };
    reader.pos = end;
  }
  return out;
}

/** The text of field 1, or undefined when absent or empty. */
function firstText(reader: WireReader): string | undefined {
  const range = firstField(reader);
  return range && range.end > range.start ? reader.utf8(range.start, range.end) : undefined;
}

function decodeRaw(reader: WireReader, ctx: SpecialContext): unknown {
  const range = firstField(reader);
  if (!range || range.end === range.start) return null;
  const raw = reader.buf.subarray(range.start, range.end);
  return hasEnvelopeMagic(raw) ? ctx.embedded(raw) : parseJson(reader.utf8(range.start, range.end), 'RawExtension');
}

/** The JSONSchemaProps-or-X unions of apiextensions: field 1 and 2 as their Go MarshalJSON picks. */
function decodeUnion(kind: SpecialKind, d: MessageDescriptor, reader: WireReader, ctx: SpecialContext): unknown {
  const schemaType = (n: number) => d.byNumber.get(n)?.type.message ?? '';
  let schema: unknown;
  let allows = false;
  const list: unknown[] = [];
  if (kind === 'schemaOrBool') {
    while (!reader.done) {
      const field = nextField(reader, BOOL_OR_SCHEMA_FIELDS);
      if (field === 1) allows = reader.bool();
      else if (field === 2) schema = ctx.message(schemaType(2), reader);
    }
    return schema ?? allows;
  }
  while (!reader.done) {
    const field = nextField(reader, SCHEMA_OR_LIST_FIELDS);
    if (field === 1) schema = ctx.message(schemaType(1), reader);
    else if (field === 2) list.push(kind === 'schemaOrArray' ? ctx.message(schemaType(2), reader) : reader.string());
  }
  return list.length > 0 ? list : (schema ?? null);
}

/** Decodes a special message (the reader's bytes up to its limit) into its kube JSON value. */
export function decodeSpecial(d: MessageDescriptor, reader: WireReader, ctx: SpecialContext): unknown {
  const kind = d.special!;
  switch (kind) {
    case 'time':
    case 'microtime':
      return decodeTime(reader, kind === 'microtime');
    case 'duration':
      return decodeDuration(reader);
    case 'quantity':
      return firstText(reader) ?? '0';
    case 'intorstring':
      return decodeIntOrString(reader);
    case 'raw':
      return decodeRaw(reader, ctx);
    case 'json': {
      const text = firstText(reader);
      return text === undefined ? null : parseJson(text, d.name);
    }
    case 'items': {
      const items: string[] = [];
      while (!reader.done) if (nextField(reader, BYTES_FIELD) === 1) items.push(reader.string());
      return items;
    }
    default:
      return decodeUnion(kind, d, reader, ctx);
  }
}
