/**
 * Compare (typed/compare.go): which fields a write added, modified or removed. Leaves (scalars,
 * atomic lists and maps, and containers empty or null on both sides) are compared by value.
 * A granular container that appears or disappears is itself added or removed, besides its
 * contents: that is where FieldsV1's `".": {}` comes from (golden 015: `f:data` of a new
 * ConfigMap), and why a container present before, even empty or null in Go's zero value, gets
 * none (golden 072: `f:spec`, `f:strategy`, `f:containers`).
 */
import { FieldSet, SetCursor } from './field-set.js';
import { groupListItems } from './list-items.js';
import { fieldElement, fieldPathText, type FieldPath, type PathElement } from './path-element.js';
import { entryNode, valueTypeOf, type ListType, type ManagedFieldsSchema, type MapType, type ValueType } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isEmptyContainer, isJsonObject, jsonEqual, presentEntries } from './values.js';

export interface Comparison {
  readonly added: FieldSet;
  readonly modified: FieldSet;
  readonly removed: FieldSet;
}

/** Compares two whole objects (`before` may be Go's zero object) under the schema root. */
export function compareObjects(before: unknown, after: unknown, schema: ManagedFieldsSchema): Comparison {
  const comparison = { added: FieldSet.empty(), modified: FieldSet.empty(), removed: FieldSet.empty() };
  const root = { path: [], added: SetCursor.at(comparison.added), modified: SetCursor.at(comparison.modified), removed: SetCursor.at(comparison.removed) };
  new Comparer(schema).compare(before, after, schema.root, root);
  return comparison;
}

/** A path and the cursors at it in the three sets being built. */
interface Position {
  readonly path: FieldPath;
  readonly added: SetCursor;
  readonly modified: SetCursor;
  readonly removed: SetCursor;
}

function below(at: Position, element: PathElement): Position {
  return { path: [...at.path, element], added: at.added.child(element), modified: at.modified.child(element), removed: at.removed.child(element) };
}

/** Drops `fields` and everything under them from each set (Comparison.ExcludeFields). */
export function excludeFields(comparison: Comparison, fields: FieldSet): Comparison {
  if (fields.isEmpty()) return comparison;
  return {
    added: comparison.added.recursiveDifference(fields),
    modified: comparison.modified.recursiveDifference(fields),
    removed: comparison.removed.recursiveDifference(fields),
  };
}

class Comparer {
  constructor(private readonly schema: ManagedFieldsSchema) {}

  /** `left` or `right` is undefined when the field is absent on that side (never both). */
  compare(left: unknown, right: unknown, node: SchemaNode | undefined, at: Position): void {
    // A null takes the other side's type (SMD's deduceAtom leaves null untyped; Map wins).
    const leftType = left === undefined || left === null ? undefined : valueTypeOf(node, left, this.schema);
    const rightType = right === undefined || right === null ? undefined : valueTypeOf(node, right, this.schema);
    if (leftType && rightType && leftType.kind !== rightType.kind) return this.compareKinds(left, right, node, at);
    const type = rightType ?? leftType ?? valueTypeOf(node, {}, this.schema);
    if (this.isLeaf(type, left, right)) return this.leaf(left, right, at);
    if (type.kind === 'list') this.compareLists(type, left, right, at);
    else this.compareMaps(type as MapType, left, right, at);
    if (left === undefined) at.added.add();
    else if (right === undefined) at.removed.add();
  }

  private isLeaf(type: ValueType, left: unknown, right: unknown): boolean {
    if (type.kind === 'scalar' || type.atomic) return true;
    return isEmptyContainer(left) && isEmptyContainer(right);
  }

  private leaf(left: unknown, right: unknown, at: Position): void {
    if (left === undefined) at.added.add();
    else if (right === undefined) at.removed.add();
    else if (!jsonEqual(left, right)) at.modified.add();
  }

  /** A value whose kind changed (deduced fields): the old contents go, the new ones come. */
  private compareKinds(left: unknown, right: unknown, node: SchemaNode | undefined, at: Position): void {
    at.modified.add();
    this.compareChildren(left, undefined, node, at);
    this.compareChildren(undefined, right, node, at);
  }

  private compareChildren(left: unknown, right: unknown, node: SchemaNode | undefined, at: Position): void {
    const type = valueTypeOf(node, left ?? right, this.schema);
    if (type.kind === 'scalar' || type.atomic) return;
    if (type.kind === 'list') this.compareLists(type, left, right, at);
    else this.compareMaps(type, left, right, at);
  }

  private compareMaps(type: MapType, left: unknown, right: unknown, at: Position): void {
    const leftMap = isJsonObject(left) ? left : {};
    const rightMap = isJsonObject(right) ? right : {};
    for (const [key, value] of presentEntries(leftMap)) {
      this.compare(value, rightMap[key], entryNode(type, key), below(at, fieldElement(key)));
    }
    for (const [key, value] of presentEntries(rightMap)) {
      if (leftMap[key] === undefined) this.compare(undefined, value, entryNode(type, key), below(at, fieldElement(key)));
    }
  }

  private compareLists(type: ListType, left: unknown, right: unknown, at: Position): void {
    const pathText = fieldPathText(at.path);
    const leftItems = groupListItems(type, Array.isArray(left) ? left : [], this.schema, pathText);
    const rightItems = groupListItems(type, Array.isArray(right) ? right : [], this.schema, pathText);
    for (const [key, { element, items }] of leftItems) this.compareItems(type, element, items, rightItems.get(key)?.items ?? [], at);
    for (const [key, { element, items }] of rightItems) if (!leftItems.has(key)) this.compareItems(type, element, [], items, at);
  }

  /** SMD's duplicate handling: duplicated items compare as one atomic value under the item path. */
  private compareItems(type: ListType, element: PathElement, left: unknown[], right: unknown[], at: Position): void {
    const item = below(at, element);
    if (left.length <= 1 && right.length <= 1) return this.compare(left[0], right[0], type.item, item);
    if (left.length >= 2 && right.length >= 2) {
      if (!jsonEqual(left, right)) item.modified.add();
    } else if (left.length >= 2) {
      if (right.length > 0) this.compare(undefined, right[0], type.item, item);
      item.removed.add();
    } else {
      if (left.length > 0) this.compare(left[0], undefined, type.item, item);
      item.added.add();
    }
  }
}
