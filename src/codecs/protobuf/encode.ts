/**
 * Reflective encoding of kube JSON into a message, following gogo-protobuf's generated Marshal:
 * fields in field-number order, map entries sorted by key (bytewise, like sort.Strings) with key
 * and value always written, repeated fields unpacked (proto2). A field is written when the JSON
 * has it (not null); a Go value field (flag `v`) is written even when absent, with its zero value,
 * as gogo does for non-pointer fields. JSON keys without a field (kind, apiVersion, unknown) are
 * ignored.
 *
 * The whole object is written into one buffer, nested messages in place (see WireWriter); the
 * path of a value that does not fit is built only on failure (see FieldError).
 */
import { isJsonObject } from '../../apimachinery/json-value.js';
import { compareUtf8, fromBase64 } from './bytes.js';
import { encodeSpecial, FieldError, within, type EncodeSpecialContext } from './encode-special.js';
import { jsonNamesOf, messageDescriptor, messageNameForKind, type FieldDescriptor, type MessageDescriptor, type ScalarType } from './descriptors.js';
import { writeEnvelope } from './envelope.js';
import { ProtobufEncodeError } from './errors.js';
import { WireType, WireWriter } from './wire.js';

export interface EncodeOptions {
  /**
   * Embed objects held by a RawExtension (kind and apiVersion set, kind known) as `k8s\0`
   * envelopes instead of JSON, as kube does for the object of a Protobuf watch event.
   */
  rawObjectsAsProtobuf?: boolean;
}

const MAX_DEPTH = 256;
const { Varint, Fixed32, Fixed64, LengthDelimited } = WireType;
type JsonObject = Record<string, unknown>;

/** Encodes kube JSON as the message's bytes (no envelope). */
export function encodeMessage(descriptor: MessageDescriptor, json: unknown, options: EncodeOptions = {}): Uint8Array {
  return encodeRoot(descriptor, json, options, 0, descriptor.name);
}

/** Encodes an object with its `k8s\0` envelope; the message is chosen by apiVersion and kind. */
export function encodeEnvelopedObject(object: JsonObject, options: EncodeOptions = {}, depth = 0): Uint8Array {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !kind) {
    throw new ProtobufEncodeError('object needs string apiVersion and kind to be encoded as Protobuf');
  }
  const name = messageNameForKind(apiVersion, kind);
  if (!name) throw new ProtobufEncodeError(`no Protobuf message for apiVersion "${apiVersion}", kind "${kind}"`);
  return encodeRoot(messageDescriptor(name), object, options, depth, kind, { apiVersion, kind });
}

/**
 * Encodes a message whose errors name their path from `root` (the kind or the message name),
 * inside the envelope of `typeMeta` when given, written in place around the message.
 */
function encodeRoot(d: MessageDescriptor, json: unknown, options: EncodeOptions, depth: number, root: string,
  typeMeta?: { apiVersion: string; kind: string }): Uint8Array {
  const encoder = new Encoder(options, depth);
  const write = () => encodeNamingErrors(encoder, d, json, root);
  if (typeMeta) writeEnvelope(encoder.writer, typeMeta.apiVersion, typeMeta.kind, write);
  else write();
  return encoder.writer.finish();
}

function encodeNamingErrors(encoder: Encoder, d: MessageDescriptor, json: unknown, root: string): void {
  try {
    encoder.message(d, json);
  } catch (error) {
    if (error instanceof FieldError) {
      throw new ProtobufEncodeError(`${root}${error.segments.reverse().join('')}: ${error.detail}`);
    }
    throw error;
  }
}

function fail(want: string, value: unknown): never {
  throw new FieldError(`want ${want}, got ${JSON.stringify(value)?.slice(0, 80)}`);
}

/** One encoding: the buffer, the options and the nesting depth of the message being written. */
class Encoder implements EncodeSpecialContext {
  readonly writer = new WireWriter(1024);

  constructor(private readonly options: EncodeOptions, private depth: number) {}

  messageField(number: number, name: string, json: unknown): void {
    this.nested(number, messageDescriptor(name), json);
  }

  embedded(json: unknown): Uint8Array | undefined {
    if (!this.options.rawObjectsAsProtobuf || !isJsonObject(json)) return undefined;
    const { apiVersion, kind } = json;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
    return messageNameForKind(apiVersion, kind) ? encodeEnvelopedObject(json, this.options, this.depth + 1) : undefined;
  }

  /** Writes a message's fields (a special message's mapping) at the current depth. */
  message(d: MessageDescriptor, json: unknown): void {
    if (this.depth > MAX_DEPTH) throw new FieldError(`nested deeper than ${MAX_DEPTH} levels`);
    if (d.special) return encodeSpecial(d, json, this);
    const obj = json === null || json === undefined ? {} : json;
    if (!isJsonObject(obj)) fail('an object', json);
    for (const field of d.fields) {
      try {
        this.field(field, obj);
      } catch (error) {
        throw within(error, `.${field.name}`);
      }
    }
  }

  /** A nested message as field `number`, written in place one level deeper. */
  private nested(number: number, d: MessageDescriptor, json: unknown): void {
    const w = this.writer;
    w.tag(number, LengthDelimited);
    const mark = w.beginLengthDelimited();
    this.depth++;
    this.message(d, json);
    this.depth--;
    w.endLengthDelimited(mark);
  }

  private field(field: FieldDescriptor, obj: JsonObject): void {
    if (field.inline) {
      // The inline message's fields sit in the parent's JSON; gogo always writes the embedded value.
      const sub = messageDescriptor(field.type.message!);
      this.nested(field.number, sub, sub.special ? pick(obj, jsonNamesOf(sub)) : obj);
      return;
    }
    const value = obj[field.name];
    if (value === undefined || value === null) {
      if (field.value && !field.repeated && !field.mapKey) this.one(field.number, field.type, undefined);
    } else if (field.mapKey) this.map(field, value);
    else if (field.repeated) this.repeated(field, value);
    else this.one(field.number, field.type, value);
  }

  /** One value with its tag; undefined writes the zero value (a message's zero is its empty JSON). */
  private one(number: number, type: FieldDescriptor['type'], value: unknown): void {
    if (type.message) this.nested(number, messageDescriptor(type.message), value);
    else writeScalar(this.writer, number, type.scalar!, value);
  }

  private repeated(field: FieldDescriptor, value: unknown): void {
    if (!Array.isArray(value)) fail('an array', value);
    let i = 0;
    try {
      for (; i < value.length; i++) this.one(field.number, field.type, value[i]);
    } catch (error) {
      throw within(error, `[${i}]`);
    }
  }

  private map(field: FieldDescriptor, value: unknown): void {
    if (!isJsonObject(value)) fail('an object', value);
    const w = this.writer;
    const keyType = field.mapKey!;
    for (const key of Object.keys(value).sort(compareUtf8)) {
      w.tag(field.number, LengthDelimited);
      const mark = w.beginLengthDelimited();
      try {
        writeScalar(w, 1, keyType, keyType === 'string' ? key : Number(key));
      } catch (error) {
        throw within(error, ' key');
      }
      const item = value[key];
      try {
        this.one(2, field.type, item === null ? undefined : item);
      } catch (error) {
        throw within(error, `[${JSON.stringify(key)}]`);
      }
      w.endLengthDelimited(mark);
    }
  }
}

/** The members of obj named in names, for an inline special message (none in kube today). */
function pick(obj: JsonObject, names: ReadonlySet<string>): JsonObject {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => names.has(k)));
}

/** A scalar with its tag; undefined writes the type's zero value. */
function writeScalar(w: WireWriter, number: number, type: ScalarType, value: unknown): void {
  switch (type) {
    case 'string':
      if (value !== undefined && typeof value !== 'string') fail('a string', value);
      w.tag(number, LengthDelimited).string(value ?? '');
      return;
    case 'bytes':
      if (value !== undefined && typeof value !== 'string') fail('a base64 string', value);
      w.tag(number, LengthDelimited).lengthDelimited(decodeBase64(value ?? ''));
      return;
    case 'bool':
      if (value !== undefined && typeof value !== 'boolean') fail('a boolean', value);
      w.tag(number, Varint).uint32(value ? 1 : 0);
      return;
    case 'double':
    case 'float':
      if (value !== undefined && typeof value !== 'number') fail('a number', value);
      if (type === 'double') w.tag(number, Fixed64).double(value ?? 0);
      else w.tag(number, Fixed32).float(value ?? 0);
      return;
    default: {
      const n = value ?? 0;
      if (typeof n !== 'number' || !Number.isInteger(n) || !inRange(type, n)) fail(`an ${type}`, value);
      w.tag(number, Varint).int(n);
    }
  }
}

/** Whether an integer fits the integer type. */
function inRange(type: ScalarType, n: number): boolean {
  switch (type) {
    case 'int32': return n >= -(2 ** 31) && n < 2 ** 31;
    case 'uint32': return n >= 0 && n < 2 ** 32;
    case 'int64': return n >= -(2 ** 63) && n < 2 ** 63;
    default: return n >= 0 && n < 2 ** 64;
  }
}

function decodeBase64(text: string): Uint8Array {
  try {
    return fromBase64(text);
  } catch {
    return fail('a base64 string', text);
  }
}
