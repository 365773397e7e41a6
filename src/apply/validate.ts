/**
 * The part of SMD's typed-value validation (typed/validate.go) that can fail on objects this
 * server already decoded: items of associative lists that cannot be named (a missing key field
 * without a default, null items, maps in a set) and, unless allowed, two items with the same
 * key. kube types the applied configuration strictly and stored objects allowing duplicates.
 * Scalar type checks are left to the decoder.
 */
import { TypedValueError, listItemElements } from './list-items.js';
import { fieldElement, fieldPathText, pathElementText, serializePathElement, type FieldPath } from './path-element.js';
import { entryNode, valueTypeOf, type ManagedFieldsSchema } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isJsonObject, presentEntries } from './values.js';

/** Throws a TypedValueError for the first value SMD would not type. */
export function validateTypedValue(value: unknown, schema: ManagedFieldsSchema, allowDuplicates: boolean): void {
  walk(value, schema.root, [], schema, allowDuplicates);
}

function walk(value: unknown, node: SchemaNode | undefined, path: FieldPath, schema: ManagedFieldsSchema, allowDuplicates: boolean): void {
  const type = valueTypeOf(node, value, schema);
  if (type.kind === 'scalar') return;
  if (type.kind === 'list') {
    if (!Array.isArray(value) || type.atomic) return;
    const elements = listItemElements(type, value, schema, fieldPathText(path));
    const seen = new Set<string>();
    elements.forEach((element, index) => {
      const key = serializePathElement(element);
      if (!allowDuplicates && seen.has(key)) throw new TypedValueError(fieldPathText(path), `duplicate entries for key ${pathElementText(element)}`);
      seen.add(key);
      walk(value[index], type.item, [...path, element], schema, allowDuplicates);
    });
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, item] of presentEntries(value)) walk(item, entryNode(type, key), [...path, fieldElement(key)], schema, allowDuplicates);
}
