/**
 * Message descriptors from data/proto-descriptors.json (built by scripts/build-proto.mjs from
 * kube's generated.proto files), compiled lazily into lookup-friendly objects and cached.
 */
import file from '../../../data/proto-descriptors.json';

/** Scalar types of kube's proto2 messages (no sint/fixed integer types occur). */
export type ScalarType = 'string' | 'bytes' | 'bool' | 'int32' | 'int64' | 'uint32' | 'uint64' | 'double' | 'float';
const SCALARS: ReadonlySet<string> = new Set(['string', 'bytes', 'bool', 'int32', 'int64', 'uint32', 'uint64', 'double', 'float']);

/** Messages whose kube JSON is not an object; the names match build-proto.mjs's SPECIAL table. */
export type SpecialKind =
  | 'time' | 'microtime' | 'duration' | 'quantity' | 'intorstring' | 'raw' | 'json' | 'items'
  | 'schemaOrArray' | 'schemaOrBool' | 'schemaOrStringArray';

/** A scalar type or a message (by fully-qualified name, no leading dot). */
export type TypeRef = { scalar: ScalarType; message?: undefined } | { scalar?: undefined; message: string };

export interface FieldDescriptor {
  number: number;
  /** The JSON name (Go json tag). */
  name: string;
  type: TypeRef;
  repeated: boolean;
  /** map<K, V>: `type` is V and this is K. */
  mapKey?: ScalarType;
  /** Embedded with json:",inline": the message's fields appear in the parent's JSON. */
  inline: boolean;
  /** A Go value (non-pointer) field: gogo always writes it; a zero scalar means unset. */
  value: boolean;
  /** A Go *string whose "" differs from unset: decode keeps "". */
  pointer: boolean;
  /** A scalar without omitempty: kube's JSON prints its zero value, so decode keeps it. */
  keep: boolean;
}

export interface MessageDescriptor {
  name: string;
  special?: SpecialKind;
  /** In field-number order, the order gogo writes them. */
  fields: readonly FieldDescriptor[];
  byNumber: ReadonlyMap<number, FieldDescriptor>;
}

type FieldTuple = [number, string, string, string?];
interface DescriptorFile {
  notice: string;
  special: Record<string, SpecialKind>;
  metaKinds: Record<string, string>;
  kinds: Record<string, [string, string[]]>;
  messages: Record<string, FieldTuple[]>;
}

const data = file as unknown as DescriptorFile;
const cache = new Map<string, MessageDescriptor>();

function typeRef(pkg: string, name: string): TypeRef {
  if (SCALARS.has(name)) return { scalar: name as ScalarType };
  return { message: name.includes('.') ? name : `${pkg}.${name}` };
}

function compileField(pkg: string, [number, name, type, flags = '']: FieldTuple): FieldDescriptor {
  const map = /^map<(\w+),(.+)>$/.exec(type);
  return {
    number,
    name,
    type: typeRef(pkg, map ? map[2]! : type),
    repeated: flags.includes('r'),
    ...(map ? { mapKey: map[1] as ScalarType } : {}),
    inline: flags.includes('i'),
    value: flags.includes('v'),
    pointer: flags.includes('p'),
    keep: flags.includes('k'),
  };
}

/** The descriptor of a message by fully-qualified name; throws if unknown (a bug, not bad input). */
export function messageDescriptor(name: string): MessageDescriptor {
  const cached = cache.get(name);
  if (cached) return cached;
  const tuples = data.messages[name];
  if (!tuples) throw new Error(`protobuf: no descriptor for message ${name}`);
  const pkg = name.slice(0, name.lastIndexOf('.'));
  const fields = tuples.map((t) => compileField(pkg, t));
  const special = data.special[name];
  const descriptor: MessageDescriptor = {
    name,
    ...(special ? { special } : {}),
    fields,
    byNumber: new Map(fields.map((f) => [f.number, f])),
  };
  cache.set(name, descriptor);
  return descriptor;
}

/**
 * The message of a kind served under apiVersion, or undefined. meta.k8s.io kinds (Status,
 * DeleteOptions, WatchEvent, ...) are found under any apiVersion, as kube registers them in
 * every group version.
 */
export function messageNameForKind(apiVersion: string, kind: string): string | undefined {
  const entry = data.kinds[apiVersion];
  if (entry && entry[1].includes(kind)) return `${entry[0]}.${kind}`;
  return Object.hasOwn(data.metaKinds, kind) ? data.metaKinds[kind] : undefined;
}

const inlineNames = new Map<string, ReadonlySet<string>>();

/** The JSON names an inline message contributes to its parent (nested inline fields included). */
export function jsonNamesOf(message: MessageDescriptor): ReadonlySet<string> {
  let names = inlineNames.get(message.name);
  if (!names) {
    const set = new Set<string>();
    for (const f of message.fields) {
      if (f.inline && f.type.message) for (const n of jsonNamesOf(messageDescriptor(f.type.message))) set.add(n);
      else set.add(f.name);
    }
    inlineNames.set(message.name, (names = set));
  }
  return names;
}
