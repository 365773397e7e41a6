/**
 * Where a kind's Go []byte fields are (Secret.data values, CSR spec.request, webhook caBundle...).
 * In JSON they are base64 strings; kube's CBOR writes them as tag 22 around the raw bytes. The
 * positions are derived from the Protobuf descriptors (proto `bytes` = Go []byte), reflectively:
 * a tree of nodes that holds only the paths leading to such a field, so that walking an object
 * with it costs nothing where there is none. Custom resources and unknown kinds have no tree.
 *
 * RawExtension ('raw') holds arbitrary JSON; when that JSON is an object with apiVersion and kind
 * (a WatchEvent's object, a List's items) it is walked as that kind. Other special messages
 * (FieldsV1, apiextensions JSON, Time, Quantity...) never hold []byte.
 */
import { messageDescriptor, messageNameForKind, type FieldDescriptor } from '../protobuf/descriptors.js';

export type ByteFieldNode =
  | { readonly kind: 'bytes' }
  | { readonly kind: 'embedded' }
  | { readonly kind: 'object'; readonly fields: ReadonlyMap<string, ByteFieldNode> }
  | { readonly kind: 'array'; readonly element: ByteFieldNode }
  | { readonly kind: 'map'; readonly value: ByteFieldNode };

/** A Go []byte: a base64 string in JSON, tag 22 + raw bytes in CBOR. */
export const BYTES: ByteFieldNode = { kind: 'bytes' };
/** A RawExtension: walked by the apiVersion and kind of its object, if any. */
export const EMBEDDED: ByteFieldNode = { kind: 'embedded' };

/** The node of a JSON member `key` of a value at `node` (an object's field or a map's value). */
export function memberNode(node: ByteFieldNode | undefined, key: string): ByteFieldNode | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'object') return node.fields.get(key);
  return node.kind === 'map' ? node.value : undefined;
}

/** The node of the elements of an array at `node`. */
export function elementNode(node: ByteFieldNode | undefined): ByteFieldNode | undefined {
  return node?.kind === 'array' ? node.element : undefined;
}

const byKind = new Map<string, ByteFieldNode | undefined>();

/** The []byte fields of a kind served under apiVersion (lists included); undefined when none. */
export function byteFieldsOf(apiVersion: unknown, kind: unknown): ByteFieldNode | undefined {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const key = `${apiVersion}\u0000${kind}`;
  if (byKind.has(key)) return byKind.get(key);
  const name = messageNameForKind(apiVersion, kind);
  const node = name === undefined ? undefined : messageNode(name);
  byKind.set(key, node);
  return node;
}

const byMessage = new Map<string, ByteFieldNode | undefined>();

function messageNode(name: string): ByteFieldNode | undefined {
  const descriptor = messageDescriptor(name);
  if (descriptor.special) return descriptor.special === 'raw' ? EMBEDDED : undefined;
  if (byMessage.has(name)) return byMessage.get(name);
  if (!reachesBytes(name)) {
    byMessage.set(name, undefined);
    return undefined;
  }
  const fields = new Map<string, ByteFieldNode>();
  // Registered before its fields are filled in, so a recursive message finds itself.
  const node: ByteFieldNode = { kind: 'object', fields };
  byMessage.set(name, node);
  addFields(fields, name);
  return node;
}

/** The fields of a message, the fields of its inline members flattened in, as Go's JSON does. */
function addFields(fields: Map<string, ByteFieldNode>, name: string): void {
  for (const field of messageDescriptor(name).fields) {
    if (field.inline && field.type.message) {
      addFields(fields, field.type.message);
      continue;
    }
    const node = fieldNode(field);
    if (node) fields.set(field.name, node);
  }
}

function fieldNode(field: FieldDescriptor): ByteFieldNode | undefined {
  const inner = field.type.scalar === 'bytes' ? BYTES : field.type.message ? messageNode(field.type.message) : undefined;
  if (!inner) return undefined;
  if (field.mapKey) return { kind: 'map', value: inner };
  return field.repeated ? { kind: 'array', element: inner } : inner;
}

// ---- which messages reach a []byte field --------------------------------------------------

const reaches = new Map<string, boolean>();

/**
 * True when a message holds a []byte field or a RawExtension, directly or through its fields.
 * Messages recurse (JSONSchemaProps), so the answer is a least fixpoint over every message
 * reachable from `name`, computed once for all of them.
 */
function reachesBytes(name: string): boolean {
  const known = reaches.get(name);
  if (known !== undefined) return known;
  const pending = unresolvedFrom(name);
  for (const n of pending) reaches.set(n, false);
  for (let changed = true; changed; ) {
    changed = false;
    for (const n of pending) {
      if (reaches.get(n) || !holdsBytes(n)) continue;
      reaches.set(n, true);
      changed = true;
    }
  }
  return reaches.get(name)!;
}

/** Messages reachable from `name` (itself included) whose answer is not known yet. */
function unresolvedFrom(name: string): Set<string> {
  const found = new Set<string>();
  const stack = [name];
  while (stack.length) {
    const next = stack.pop()!;
    if (found.has(next) || reaches.has(next)) continue;
    found.add(next);
    for (const field of messageDescriptor(next).fields) {
      const child = field.type.message;
      if (child && !messageDescriptor(child).special) stack.push(child);
    }
  }
  return found;
}

/** One step of the fixpoint: a field is bytes, a RawExtension, or a message known to reach one. */
function holdsBytes(name: string): boolean {
  return messageDescriptor(name).fields.some((field) => {
    if (field.type.scalar === 'bytes') return true;
    const child = field.type.message;
    if (!child) return false;
    const special = messageDescriptor(child).special;
    return special ? special === 'raw' : reaches.get(child) === true;
  });
}
