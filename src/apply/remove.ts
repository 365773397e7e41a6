/**
 * RemoveItems (typed/remove.go) and Set.EnsureNamedFieldsAreMembers, the tools of apply's prune.
 * RemoveItems drops every map entry and list item whose path is a member of the set, walking only
 * where the set has deeper paths. SMD quirk kept: a container on that walk that ends up empty
 * (or was empty, or atomic) becomes null rather than disappearing; the caller's Go shaping turns
 * those nulls into what Go's encoder would write.
 */
import type { FieldSet } from './field-set.js';
import { listItemElement } from './list-items.js';
import { fieldElement, type PathElement } from './path-element.js';
import { declaredType, entryNode, isDeclaredField, valueTypeOf, type ManagedFieldsSchema } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isJsonObject, presentEntries } from './values.js';

/** The value without the members of `set` (RemoveItems). */
export function removeItems(value: unknown, set: FieldSet, node: SchemaNode | undefined, schema: ManagedFieldsSchema): unknown {
  const type = valueTypeOf(node, value, schema);
  if (type.kind === 'scalar') return value;
  if (type.kind === 'list') {
    if (!Array.isArray(value) || value.length === 0 || type.atomic) return null;
    const items: unknown[] = [];
    for (const item of value) {
      const element = listItemElement(type, item, schema);
      const kept = keep(item, element, set, type.item, schema);
      if (kept !== undefined) items.push(kept);
    }
    return items.length > 0 ? items : null;
  }
  if (!isJsonObject(value) || presentEntries(value).length === 0 || type.atomic) return null;
  const out: Record<string, unknown> = {};
  for (const [key, item] of presentEntries(value)) {
    const kept = keep(item, fieldElement(key), set, entryNode(type, key), schema);
    if (kept !== undefined) out[key] = kept;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** One child: dropped when a member, walked when the set goes deeper, else kept as is. */
function keep(item: unknown, element: PathElement, set: FieldSet, node: SchemaNode | undefined, schema: ManagedFieldsSchema): unknown {
  if (set.has([element])) return undefined;
  const subset = set.withPrefix(element);
  return subset.isEmpty() ? item : removeItems(item, subset, node, schema);
}

/**
 * The set plus, at every level, the declared struct fields it reaches into as members: prune
 * removes a struct field its applier dropped as a whole, not only the leaves under it. Only
 * struct fields and keyed list items are followed (SMD's EnsureNamedFieldsAreMembers).
 */
export function ensureNamedFieldsAreMembers(set: FieldSet, node: SchemaNode | undefined, schema: ManagedFieldsSchema): FieldSet {
  const type = node ? declaredType(node, schema.resolve) : 'deduced';
  const named: PathElement[] = [];
  const children = set.children.map((child) => {
    let childNode: SchemaNode | undefined;
    if (type !== 'deduced' && type.kind === 'map' && child.element.kind === 'field') {
      childNode = entryNode(type, child.element.name);
      if (isDeclaredField(type, child.element.name)) named.push(child.element);
    } else if (type !== 'deduced' && type.kind === 'list' && child.element.kind === 'key') {
      childNode = type.item;
    }
    // Anything else recurses untyped (deduced), which has no named fields.
    return { element: child.element, set: ensureNamedFieldsAreMembers(child.set, childNode, schema) };
  });
  return set.withMembers(named, children);
}
