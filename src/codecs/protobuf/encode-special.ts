/**
 * Encoding of the messages whose kube JSON is not an object: the inverse of decode-special.ts,
 * writing what the Go type's Marshal method writes (gogo writes every value field, so
 * IntOrString carries all three fields and Time's Timestamp both seconds and nanos).
 */
import type { MessageDescriptor } from './descriptors.js';
import { parseGoDuration, parseRfc3339, type Instant } from './go-time.js';
import { WireType, type WireWriter } from './wire.js';

/** What a special mapping needs from the generic encoder. */
export interface EncodeSpecialContext {
  /** The buffer the message's fields are appended to (no tag, no length: the caller's). */
  readonly writer: WireWriter;
  /** Writes a nested message by name as field `number`: tag, length and fields. */
  messageField(number: number, name: string, json: unknown): void;
  /** The `k8s\0` envelope of an embedded object, or undefined to embed it as JSON. */
  embedded(json: unknown): Uint8Array | undefined;
}

/**
 * A value that does not fit its field. The encoder does not build field paths while it writes:
 * each level adds its segment to `segments` (innermost first) as the error unwinds, and the
 * entry point turns it into a ProtobufEncodeError naming the whole path.
 */
export class FieldError extends Error {
  readonly segments: string[] = [];

  constructor(readonly detail: string) {
    super(detail);
  }
}

/** Adds a path segment to a FieldError passing through; other errors pass unchanged. */
export function within(error: unknown, segment: string): unknown {
  if (error instanceof FieldError) error.segments.push(segment);
  return error;
}

const { Varint, LengthDelimited } = WireType;
/** Unix seconds of 0001-01-01T00:00:00Z, Go's zero time. */
const GO_ZERO_TIME = -62135596800;

function fail(want: string, value: unknown): never {
  throw new FieldError(`want ${want}, got ${JSON.stringify(value)}`);
}

// The times of a list repeat (an object's creationTimestamp recurs in its managedFields and
// conditions): remember the last ones parsed.
const instants = new Map<string, Instant>();

function instantOf(text: string): Instant | undefined {
  let instant = instants.get(text);
  if (instant === undefined) {
    instant = parseRfc3339(text);
    if (instant === undefined) return undefined;
    if (instants.size >= 64) instants.clear();
    instants.set(text, instant);
  }
  return instant;
}

function encodeTime(w: WireWriter, json: unknown, micro: boolean): void {
  if (json === null || json === undefined) return;
  const instant = typeof json === 'string' ? instantOf(json) : undefined;
  if (!instant) fail('an RFC 3339 time', json);
  // Go's zero time marshals to no bytes; metav1.Time writes no nanoseconds (ProtoTime).
  if (instant.seconds === GO_ZERO_TIME && instant.nanos === 0) return;
  w.tag(1, Varint).int(instant.seconds).tag(2, Varint).int(micro ? instant.nanos : 0);
}

function encodeDuration(w: WireWriter, json: unknown): void {
  const ns = typeof json === 'string' ? parseGoDuration(json) : undefined;
  if (ns === undefined) fail('a Go duration', json);
  const bits = BigInt.asUintN(64, ns);
  w.tag(1, Varint).varint64(Number(bits & 0xffffffffn), Number(bits >> 32n));
}

function encodeIntOrString(w: WireWriter, json: unknown): void {
  if (typeof json === 'number' && Number.isInteger(json)) {
    w.tag(1, Varint).int(0).tag(2, Varint).int(json).tag(3, LengthDelimited).uint32(0);
  } else if (typeof json === 'string') {
    w.tag(1, Varint).int(1).tag(2, Varint).int(0).tag(3, LengthDelimited).string(json);
  } else fail('an integer or a string', json);
}

function encodeStrings(w: WireWriter, field: number, json: unknown): void {
  if (!Array.isArray(json)) fail('an array of strings', json);
  for (const item of json) {
    if (typeof item !== 'string') fail('a string', item);
    w.tag(field, LengthDelimited).string(item);
  }
}

/** The JSONSchemaProps-or-X unions of apiextensions (see decode-special.ts). */
function encodeUnion(d: MessageDescriptor, json: unknown, ctx: EncodeSpecialContext): void {
  const w = ctx.writer;
  if (json === null || json === undefined) return;
  const schema = (n: number, value: unknown) => ctx.messageField(n, d.byNumber.get(n)!.type.message!, value);
  const isObject = typeof json === 'object' && !Array.isArray(json);
  if (d.special === 'schemaOrBool') {
    if (typeof json === 'boolean') {
      w.tag(1, Varint).int(json ? 1 : 0);
      return;
    }
    if (!isObject) fail('a boolean or a schema', json);
    w.tag(1, Varint).int(1);
    schema(2, json);
  } else if (isObject) schema(1, json);
  else if (d.special === 'schemaOrStringArray') encodeStrings(w, 2, json);
  else {
    if (!Array.isArray(json)) fail('a schema or an array of schemas', json);
    for (const item of json) schema(2, item);
  }
}

/** Writes a special message's fields for its kube JSON value. */
export function encodeSpecial(d: MessageDescriptor, json: unknown, ctx: EncodeSpecialContext): void {
  const w = ctx.writer;
  switch (d.special) {
    case 'time':
    case 'microtime':
      return encodeTime(w, json, d.special === 'microtime');
    case 'duration':
      return encodeDuration(w, json);
    case 'quantity':
      if (typeof json !== 'string' && typeof json !== 'number') fail('a quantity string', json);
      w.tag(1, LengthDelimited).string(String(json));
      return;
    case 'intorstring':
      return encodeIntOrString(w, json);
    case 'raw': {
      if (json === null || json === undefined) return;
      const embedded = ctx.embedded(json);
      if (embedded) w.tag(1, LengthDelimited).lengthDelimited(embedded);
      else w.tag(1, LengthDelimited).string(JSON.stringify(json));
      return;
    }
    case 'json':
      if (json !== null && json !== undefined) w.tag(1, LengthDelimited).string(JSON.stringify(json));
      return;
    case 'items':
      if (json !== null && json !== undefined) encodeStrings(w, 1, json);
      return;
    default:
      return encodeUnion(d, json, ctx);
  }
}
