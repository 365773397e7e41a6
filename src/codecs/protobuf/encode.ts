/**
 * Reflective encoding of kube JSON into a message, following gogo-protobuf's generated Marshal:
 * fields in field-number order, map entries sorted by key (bytewise, like sort.Strings) with key
 * and value always written, repeated fields unpacked (proto2). A field is written when the JSON
 * has it (not null); a Go value field (flag `v`) is written even when absent, with its zero value,
 * as gogo does for non-pointer fields. JSON keys without a field (kind, apiVersion, unknown) are
 * ignored.
 */
import { isJsonObject } from '../../core/json-value.js';
import { compareUtf8, fromBase64, utf8 } from './bytes.js';
import { encodeSpecial, type EncodeSpecialContext } from './encode-special.js';
import { jsonNamesOf, messageDescriptor, messageNameForKind, type FieldDescriptor, type MessageDescriptor, type ScalarType } from './descriptors.js';
import { wrapEnvelope } from './envelope.js';
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
type JsonObject = Record<string, unknown>;

interface Context extends EncodeSpecialContext {
  options: EncodeOptions;
  depth: number;
}

/** Encodes kube JSON as the message's bytes (no envelope). */
export function encodeMessage(descriptor: MessageDescriptor, json: unknown, options: EncodeOptions = {}): Uint8Array {
  return encodeAt(descriptor, json, contextAt(options, 0), descriptor.name);
}

/** Encodes an object with its `k8s\0` envelope; the message is chosen by apiVersion and kind. */
export function encodeEnvelopedObject(object: JsonObject, options: EncodeOptions = {}, depth = 0): Uint8Array {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !kind) {
    throw new ProtobufEncodeError('object needs string apiVersion and kind to be encoded as Protobuf');
  }
  const name = messageNameForKind(apiVersion, kind);
  if (!name) throw new ProtobufEncodeError(`no Protobuf message for apiVersion "${apiVersion}", kind "${kind}"`);
  const raw = encodeAt(messageDescriptor(name), object, contextAt(options, depth), kind);
  return wrapEnvelope(apiVersion, kind, raw);
}

function contextAt(options: EncodeOptions, depth: number): Context {
  return {
    options,
    depth,
    message: (name, json, path) => encodeAt(messageDescriptor(name), json, contextAt(options, depth + 1), path),
    embedded: (json) => {
      if (!options.rawObjectsAsProtobuf || !isObject(json)) return undefined;
      const { apiVersion, kind } = json;
      if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
      return messageNameForKind(apiVersion, kind) ? encodeEnvelopedObject(json, options, depth + 1) : undefined;
    },
  };
}

function isObject(value: unknown): value is JsonObject {
  return isJsonObject(value);
}

function fail(path: string, want: string, value: unknown): never {
  throw new ProtobufEncodeError(`${path}: want ${want}, got ${JSON.stringify(value)?.slice(0, 80)}`);
}

function encodeAt(d: MessageDescriptor, json: unknown, ctx: Context, path: string): Uint8Array {
  if (ctx.depth > MAX_DEPTH) throw new ProtobufEncodeError(`${path}: nested deeper than ${MAX_DEPTH} levels`);
  if (d.special) return encodeSpecial(d, json, ctx, path);
  const obj = json === null || json === undefined ? {} : json;
  if (!isObject(obj)) fail(path, 'an object', json);
  const w = new WireWriter();
  for (const field of d.fields) writeField(w, field, obj, ctx, `${path}.${field.name}`);
  return w.finish();
}

function writeField(w: WireWriter, field: FieldDescriptor, obj: JsonObject, ctx: Context, path: string): void {
  if (field.inline) {
    // The inline message's fields sit in the parent's JSON; gogo always writes the embedded value.
    const sub = messageDescriptor(field.type.message!);
    const names = jsonNamesOf(sub);
    const picked = Object.fromEntries(Object.entries(obj).filter(([k]) => names.has(k)));
    w.tag(field.number, WireType.LengthDelimited).bytes(ctx.message(sub.name, picked, path));
    return;
  }
  const value = obj[field.name];
  if (value === undefined || value === null) {
    if (field.value && !field.repeated && !field.mapKey) writeOne(w, field.number, field.type, undefined, ctx, path);
  } else if (field.mapKey) writeMap(w, field, value, ctx, path);
  else if (field.repeated) {
    if (!Array.isArray(value)) fail(path, 'an array', value);
    value.forEach((item, i) => writeOne(w, field.number, field.type, item, ctx, `${path}[${i}]`));
  } else writeOne(w, field.number, field.type, value, ctx, path);
}

/** One value with its tag; undefined writes the zero value (a message's zero is its empty JSON). */
function writeOne(w: WireWriter, number: number, type: FieldDescriptor['type'], value: unknown, ctx: Context, path: string): void {
  if (type.message) w.tag(number, WireType.LengthDelimited).bytes(ctx.message(type.message, value, path));
  else writeScalar(w, number, type.scalar!, value, path);
}

function writeMap(w: WireWriter, field: FieldDescriptor, value: unknown, ctx: Context, path: string): void {
  if (!isObject(value)) fail(path, 'an object', value);
  for (const key of Object.keys(value).sort(compareUtf8)) {
    const entry = new WireWriter();
    writeScalar(entry, 1, field.mapKey!, field.mapKey === 'string' ? key : Number(key), `${path} key`);
    const item = value[key];
    writeOne(entry, 2, field.type, item === null ? undefined : item, ctx, `${path}[${JSON.stringify(key)}]`);
    w.tag(field.number, WireType.LengthDelimited).bytes(entry.finish());
  }
}

/** Integer ranges, upper bound exclusive. */
const INT_RANGE: Partial<Record<ScalarType, [number, number]>> = {
  int32: [-(2 ** 31), 2 ** 31], uint32: [0, 2 ** 32], int64: [-(2 ** 63), 2 ** 63], uint64: [0, 2 ** 64],
};

/** A scalar with its tag; undefined writes the type's zero value. */
function writeScalar(w: WireWriter, number: number, type: ScalarType, value: unknown, path: string): void {
  switch (type) {
    case 'string':
      if (value !== undefined && typeof value !== 'string') fail(path, 'a string', value);
      w.tag(number, WireType.LengthDelimited).bytes(utf8(value ?? ''));
      return;
    case 'bytes':
      if (value !== undefined && typeof value !== 'string') fail(path, 'a base64 string', value);
      w.tag(number, WireType.LengthDelimited).bytes(decodeBase64(value ?? '', path));
      return;
    case 'bool':
      if (value !== undefined && typeof value !== 'boolean') fail(path, 'a boolean', value);
      w.tag(number, WireType.Varint).int(value ? 1 : 0);
      return;
    case 'double':
    case 'float':
      if (value !== undefined && typeof value !== 'number') fail(path, 'a number', value);
      if (type === 'double') w.tag(number, WireType.Fixed64).double(value ?? 0);
      else w.tag(number, WireType.Fixed32).float(value ?? 0);
      return;
    default: {
      const n = value ?? 0;
      const [min, max] = INT_RANGE[type]!;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n >= max) {
        fail(path, `an ${type}`, value);
      }
      w.tag(number, WireType.Varint).int(n);
    }
  }
}

function decodeBase64(text: string, path: string): Uint8Array {
  try {
    return fromBase64(text);
  } catch {
    return fail(path, 'a base64 string', text);
  }
}
