/**
 * ToFieldSet (typed/tofieldset.go): the set of fields a value mentions, which is what an applier
 * owns. Leaves are members: scalars, atomic lists and maps, items of associative lists, entries of
 * maps that are not declared struct fields, and fields whose value is null or `{}`. A struct
 * field holding a non-empty struct is not a member by itself, so an applied config never owns
 * `.data` or `.spec` (golden 038: `f:data` has no `"."`), while every list item it names is one.
 * Duplicate items of an associative list are owned as a whole (the item path, no children).
 */
import { FieldSet } from './field-set.js';
import { groupListItems } from './list-items.js';
import { fieldElement, fieldPathText, type FieldPath } from './path-element.js';
import { entryNode, isDeclaredField, valueTypeOf, type ListType, type ManagedFieldsSchema, type MapType } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isEmptyContainer, isJsonObject, presentEntries } from './values.js';

/** The field set of `value` typed by `node` (the schema root for a whole object). */
export function toFieldSet(value: unknown, node: SchemaNode | undefined, schema: ManagedFieldsSchema): FieldSet {
  const set = FieldSet.empty();
  collect(value, node, [], set, schema);
  return set;
}

function collect(value: unknown, node: SchemaNode | undefined, path: FieldPath, set: FieldSet, schema: ManagedFieldsSchema): void {
  const type = valueTypeOf(node, value, schema);
  if (type.kind === 'scalar' || type.atomic) {
    set.insert(path);
    return;
  }
  if (type.kind === 'list') {
    if (Array.isArray(value)) collectListItems(type, value, path, set, schema);
    return;
  }
  if (isJsonObject(value)) collectMapEntries(type, value, path, set, schema);
}

function collectListItems(type: ListType, items: unknown[], path: FieldPath, set: FieldSet, schema: ManagedFieldsSchema): void {
  for (const { element, items: sameKey } of groupListItems(type, items, schema, fieldPathText(path)).values()) {
    const itemPath = [...path, element];
    if (sameKey.length === 1) collect(sameKey[0], type.item, itemPath, set, schema);
    set.insert(itemPath);
  }
}

function collectMapEntries(type: MapType, entries: Record<string, unknown>, path: FieldPath, set: FieldSet, schema: ManagedFieldsSchema): void {
  for (const [key, item] of presentEntries(entries)) {
    const entryPath = [...path, fieldElement(key)];
    collect(item, entryNode(type, key), entryPath, set, schema);
    // SMD v4.4: null and empty-map values are owned as leaves (a struct field set to `{}` too).
    if (isEmptyMapOrNull(item) || !isDeclaredField(type, key)) set.insert(entryPath);
  }
}

function isEmptyMapOrNull(value: unknown): boolean {
  return value === null || (isJsonObject(value) && isEmptyContainer(value));
}
