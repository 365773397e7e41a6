/**
 * How structured-merge-diff names the items of associative lists (typed/helpers.go): a keyed
 * item by its key fields (sorted by name; a missing key takes the key field's schema default,
 * `protocol: TCP` for container ports), a set item by its value. Items that cannot be named are
 * SMD validation errors, reported with the list's path as kube prints them.
 */
import { goQuote } from '../apimachinery/go-format.js';
import { serializePathElement, sortKeyFields, type KeyField, type PathElement } from './path-element.js';
import { declaredType, type ListType, type ManagedFieldsSchema } from './schema-types.js';
import { isJsonObject } from './values.js';

/** An object that structured-merge-diff cannot type (ValidationError): `.spec.containers: duplicate entries for key [name="c"]`. */
export class TypedValueError extends Error {
  constructor(
    readonly path: string,
    readonly detail: string,
  ) {
    super(path ? `${path}: ${detail}` : detail);
    this.name = 'TypedValueError';
  }
}

/** listItemToPathElement: the path element of one item of an associative list. */
export function listItemElement(list: ListType, item: unknown, schema: ManagedFieldsSchema): PathElement {
  if (list.keys.length > 0) return keyedItemElement(list, item, schema);
  if (isJsonObject(item)) throw new Error("associative list without keys has an element that's a map type");
  if (Array.isArray(item)) throw new Error('not supported: associative list with lists as elements');
  if (item === null) throw new Error("associative list without keys has an element that's an explicit null");
  return { kind: 'value', value: item };
}

function keyedItemElement(list: ListType, item: unknown, schema: ManagedFieldsSchema): PathElement {
  if (item === null) throw new Error('associative list with keys may not have a null element');
  if (!isJsonObject(item)) throw new Error('associative list with keys may not have non-map elements');
  const fields: KeyField[] = [];
  for (const name of list.keys) {
    const value = item[name] !== undefined ? item[name] : keyDefault(list, name, schema);
    if (value === undefined) {
      throw new Error(`associative list with keys has an element that omits key field ${goQuote(name)} (and doesn't have default value)`);
    }
    fields.push({ name, value });
  }
  return { kind: 'key', fields: sortKeyFields(fields) };
}

/** getAssociativeKeyDefault: the default of the key field in the item schema. */
function keyDefault(list: ListType, name: string, schema: ManagedFieldsSchema): unknown {
  if (!list.item) return undefined;
  const itemType = declaredType(list.item, schema.resolve);
  if (itemType === 'deduced' || itemType.kind !== 'map') return undefined;
  return itemType.fields[name]?.default;
}

/**
 * Names every item of a list, in order, as SMD indexes them; `element i: ...` errors carry the
 * item's index like SMD's messages.
 */
export function listItemElements(list: ListType, items: readonly unknown[], schema: ManagedFieldsSchema, path: string): PathElement[] {
  return items.map((item, index) => {
    try {
      return listItemElement(list, item, schema);
    } catch (error) {
      throw new TypedValueError(path, `element ${index}: ${(error as Error).message}`);
    }
  });
}

/** Items that share one path element (more than one only for duplicates). */
export interface ItemGroup {
  readonly element: PathElement;
  readonly items: unknown[];
}

/** Each item's path element and its FieldsV1 text, which is canonical (key fields sorted, values Go-encoded). */
export function listItemKeys(list: ListType, items: readonly unknown[], schema: ManagedFieldsSchema, path: string): Array<{ key: string; element: PathElement }> {
  return listItemElements(list, items, schema, path).map((element) => ({ key: serializePathElement(element), element }));
}

/** The items of a list grouped by path element, in first-seen order, keyed by that text. */
export function groupListItems(list: ListType, items: readonly unknown[], schema: ManagedFieldsSchema, path: string): Map<string, ItemGroup> {
  return groupByKey(listItemKeys(list, items, schema, path), items);
}

/** Items grouped by their precomputed keys. */
export function groupByKey(keys: ReadonlyArray<{ key: string; element: PathElement }>, items: readonly unknown[]): Map<string, ItemGroup> {
  const groups = new Map<string, ItemGroup>();
  keys.forEach(({ key, element }, index) => {
    const group = groups.get(key);
    if (group) group.items.push(items[index]);
    else groups.set(key, { element, items: [items[index]] });
  });
  return groups;
}
