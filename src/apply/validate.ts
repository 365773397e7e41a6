/**
 * The part of SMD's typed-value validation (typed/validate.go) that can fail on an applied
 * configuration: items of associative lists that cannot be named (a missing key field without a
 * default, null items, maps in a set), two items with the same key, and keys of a struct that it
 * does not declare (`.unknownField: field not declared in schema`; the rest of that struct is not
 * looked at, as SMD stops a map at its first unknown key). All problems are reported together, as
 * SMD's ValidationErrors: one as it is, several as `errors:\n  a\n  b`. (SMD walks Go maps, so
 * which unknown key of a struct it meets first varies from run to run; here it is the first in
 * the configuration.) Scalar type checks are left to the decoder.
 */
import { TypedValueError, listItemElements } from './list-items.js';
import { fieldElement, fieldPathText, pathElementText, serializePathElement, type FieldPath } from './path-element.js';
import { entryNode, isDeclaredField, valueTypeOf, type ManagedFieldsSchema } from './schema-types.js';
import type { SchemaNode } from '../schema/types.js';
import { isJsonObject, presentEntries } from './values.js';

/** Throws a TypedValueError listing every value SMD would not type. */
export function validateTypedValue(value: unknown, schema: ManagedFieldsSchema, allowDuplicates: boolean): void {
  const problems: TypedValueError[] = [];
  walk(value, schema.root, [], { schema, allowDuplicates, problems });
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) throw new TypedValueError('', `errors:\n  ${problems.map((problem) => problem.message).join('\n  ')}`);
}

interface Walk {
  schema: ManagedFieldsSchema;
  allowDuplicates: boolean;
  problems: TypedValueError[];
}

function walk(value: unknown, node: SchemaNode | undefined, path: FieldPath, context: Walk): void {
  const type = valueTypeOf(node, value, context.schema);
  if (type.kind === 'scalar') return;
  if (type.kind === 'list') {
    if (!Array.isArray(value)) return;
    if (type.atomic) {
      value.forEach((item, index) => walk(item, type.item, [...path, { kind: 'index', index }], context));
      return;
    }
    let elements;
    try {
      elements = listItemElements(type, value, context.schema, fieldPathText(path));
    } catch (error) {
      if (!(error instanceof TypedValueError)) throw error;
      context.problems.push(error);
      return;
    }
    const seen = new Set<string>();
    elements.forEach((element, index) => {
      const key = serializePathElement(element);
      if (!context.allowDuplicates && seen.has(key)) context.problems.push(new TypedValueError(fieldPathText(path), `duplicate entries for key ${pathElementText(element)}`));
      seen.add(key);
      walk(value[index], type.item, [...path, element], context);
    });
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, item] of presentEntries(value)) {
    const itemPath = [...path, fieldElement(key)];
    if (type.closed && !isDeclaredField(type, key)) {
      context.problems.push(new TypedValueError(fieldPathText(itemPath), 'field not declared in schema'));
      return;
    }
    walk(item, entryNode(type, key), itemPath, context);
  }
}
