/**
 * ToFieldSet (typed/tofieldset.go): the set of fields a value mentions, which is what an applier
 * owns. Leaves are members: scalars, atomic lists and maps, items of associative lists, entries of
 * maps that are not declared struct fields, and fields whose value is null or `{}`. A struct
 * field holding a non-empty struct is not a member by itself, so an applied config never owns
 * `.data` or `.spec` (golden 038: `f:data` has no `"."`), while every list item it names is one.
 * Duplicate items of an associative list are owned as a whole (the item path, no children).
 */
import { FieldSet, SetCursor } from './field-set.js';
import { groupListItems } from './list-items.js';
import { fieldElement, fieldPathText, type FieldPath } from './path-element.js';
import { entryNode, isDeclaredField, valueTypeOf, type ListType, type ManagedFieldsSchema, type MapType } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isEmptyContainer, isJsonObject, presentEntries } from './values.js';

/** The field set of `value` typed by `node` (the schema root for a whole object). */
export function toFieldSet(value: unknown, node: SchemaNode | undefined, schema: ManagedFieldsSchema): FieldSet {
  const set = FieldSet.empty();
  collect(value, node, [], SetCursor.at(set), schema);
  return set;
}

/** `path` names `at`'s position, for error messages. */
function collect(value: unknown, node: SchemaNode | undefined, path: FieldPath, at: SetCursor, schema: ManagedFieldsSchema): void {
  const type = valueTypeOf(node, value, schema);
  if (type.kind === 'scalar' || type.atomic) {
    at.add();
    return;
  }
  if (type.kind === 'list') {
    if (Array.isArray(value)) collectListItems(type, value, path, at, schema);
    return;
  }
  if (isJsonObject(value)) collectMapEntries(type, value, path, at, schema);
}

function collectListItems(type: ListType, items: unknown[], path: FieldPath, at: SetCursor, schema: ManagedFieldsSchema): void {
  for (const { element, items: sameKey } of groupListItems(type, items, schema, fieldPathText(path)).values()) {
    const item = at.child(element);
    if (sameKey.length === 1) collect(sameKey[0], type.item, [...path, element], item, schema);
    item.add();
  }
}

function collectMapEntries(type: MapType, entries: Record<string, unknown>, path: FieldPath, at: SetCursor, schema: ManagedFieldsSchema): void {
  for (const [key, value] of presentEntries(entries)) {
    const element = fieldElement(key);
    const entry = at.child(element);
    collect(value, entryNode(type, key), [...path, element], entry, schema);
    // SMD v4.4: null and empty-map values are owned as leaves (a struct field set to `{}` too).
    if (isEmptyMapOrNull(value) || !isDeclaredField(type, key)) entry.add();
  }
}

function isEmptyMapOrNull(value: unknown): boolean {
  return value === null || (isJsonObject(value) && isEmptyContainer(value));
}
