/**
 * FieldsV1, the wire form of a field set (fieldpath/serialize.go): a JSON object per trie node
 * whose keys are serialized path elements in SMD's path element order, `{}` for a member that has
 * no children, and a `".": {}` first entry for a path that is both a member and a parent.
 */
import { FieldSet } from './field-set.js';
import { comparePathElements, deserializePathElement, PathElementSyntaxError, serializePathElement } from './path-element.js';
import { isJsonObject } from './values.js';

/** A FieldsV1 object: serialized path element -> nested FieldsV1 (`{}` for a leaf member). */
export interface FieldsV1 {
  [key: string]: FieldsV1;
}

/** Set.ToJSON: the FieldsV1 of a set, keys in kube's order. */
export function encodeFieldsV1(set: FieldSet): FieldsV1 {
  return emitNode(set, false);
}

function emitNode(set: FieldSet, includeSelf: boolean): FieldsV1 {
  const out: FieldsV1 = {};
  const { members, children } = set;
  if (includeSelf && (members.length > 0 || children.length > 0)) out['.'] = {};
  let m = 0;
  let c = 0;
  while (m < members.length || c < children.length) {
    const order = m >= members.length ? 1 : c >= children.length ? -1 : comparePathElements(members[m]!, children[c]!.element);
    if (order < 0) {
      out[serializePathElement(members[m++]!)] = {};
      continue;
    }
    const child = children[c++]!;
    // A member equal to this child is written as the child's "." entry, not as its own key.
    if (order === 0) m++;
    out[serializePathElement(child.element)] = emitNode(child.set, order === 0);
  }
  return out;
}

/** Thrown when a FieldsV1 value cannot be read; the message says why. */
export class FieldsV1DecodeError extends Error {}

/**
 * Set.FromJSON (readIterV1): `"."` marks the enclosing path as a member, `{}` is a member with no
 * children, keys of an unknown kind are skipped (a newer kube may know them), malformed keys fail.
 */
export function decodeFieldsV1(fields: unknown): FieldSet {
  if (fields === null || fields === undefined) return FieldSet.empty();
  return readNode(fields).children ?? FieldSet.empty();
}

function readNode(node: unknown): { children: FieldSet | undefined; isMember: boolean } {
  if (!isJsonObject(node)) throw new FieldsV1DecodeError(`expected a JSON object in FieldsV1, got ${JSON.stringify(node)}`);
  let children: FieldSet | undefined;
  let isMember = false;
  for (const [key, value] of Object.entries(node)) {
    if (key === '.') {
      isMember = true;
      continue;
    }
    const element = parseKey(key);
    if (!element) continue;
    const child = readNode(value);
    children ??= FieldSet.empty();
    if (child.isMember) children.addMember(element);
    if (child.children) children.addChild(element, child.children);
  }
  // A node with no children of its own is a member even without ".": `"f:a": {}`.
  return { children, isMember: isMember || children === undefined };
}

function parseKey(key: string) {
  try {
    return deserializePathElement(key);
  } catch (error) {
    if (error instanceof PathElementSyntaxError) throw new FieldsV1DecodeError(`parsing key as path element: ${error.message}`);
    throw error;
  }
}
