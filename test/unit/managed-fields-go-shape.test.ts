/**
 * Go's zero-value shape of built-in kinds, which decides FieldsV1's `".": {}` entries on create:
 * kube compares against `scope.Creater.New(kind)` converted by reflection (value structs always
 * present, non-omitempty fields as zero or null). The table src/apply/go-zero-values.ts holds
 * those fields (from Go's struct tags; see its comment); this test checks each entry against
 * kube v1.32.13's OpenAPI documents (data/openapi-documents.js): the schema and the field exist,
 * a scalar zero has the field's type, and a `{}` is a struct (a `$ref` or an object).
 */
import { describe, expect, it } from 'vitest';
import documents from '../../data/openapi-documents.js';
import { builtinManagedFieldsSchema, customResourceManagedFieldsSchema, goShaped, goZeroObject } from '../../src/apply/index.js';
import { goZeroFields } from '../../src/apply/go-zero-values.js';

type Property = { type?: string; $ref?: string; allOf?: unknown[] };

/** Every component schema of the documents, by name. */
function documentSchemas(): Map<string, { properties?: Record<string, Property> }> {
  const schemas = new Map<string, { properties?: Record<string, Property> }>();
  for (const { text } of Object.values(documents)) {
    if (!text.includes('"components"')) continue;
    const parsed = JSON.parse(text) as { components?: { schemas?: Record<string, { properties?: Record<string, Property> }> } };
    for (const [name, node] of Object.entries(parsed.components?.schemas ?? {})) schemas.set(name, node);
  }
  return schemas;
}

/** Why an entry does not fit its property, or undefined when it does. */
function misfit(property: Property | undefined, zero: unknown): string | undefined {
  if (!property) return 'no such field';
  const struct = property.$ref !== undefined || property.allOf !== undefined || property.type === 'object';
  if (typeof zero === 'object') return struct ? undefined : `a {} for a ${property.type}`;
  const type = typeof zero === 'string' ? 'string' : typeof zero === 'number' ? ['integer', 'number'] : 'boolean';
  return (Array.isArray(type) ? type.includes(property.type ?? '') : type === property.type) ? undefined : `a ${typeof zero} for a ${property.type ?? 'struct'}`;
}

describe('Go zero values', () => {
  it('every entry of the table is a field of kube v1.32.13\'s documents, of a matching type', () => {
    const schemas = documentSchemas();
    const misfits: string[] = [];
    for (const [name, fields] of Object.entries(goZeroFields)) {
      for (const [field, zero] of Object.entries(fields)) {
        const problem = schemas.has(name) ? misfit(schemas.get(name)!.properties?.[field], zero) : 'no such schema';
        if (problem) misfits.push(`${name}.${field}: ${problem}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it.each([
    // ConfigMap: only ObjectMeta's creationTimestamp (a metav1.Time value, encoded null).
    ['', 'v1', 'ConfigMap', { metadata: { creationTimestamp: null } }],
    // Pod: spec and status are value structs; PodSpec.containers has no omitempty (null).
    ['', 'v1', 'Pod', { metadata: { creationTimestamp: null }, spec: { containers: null }, status: {} }],
    // Deployment: selector is a required pointer (null); strategy and template are value structs.
    ['apps', 'v1', 'Deployment', {
      metadata: { creationTimestamp: null },
      spec: { selector: null, strategy: {}, template: { metadata: { creationTimestamp: null }, spec: { containers: null } } },
      status: {},
    }],
  ])('%s/%s %s: the empty object kube compares a create against', (group, version, kind, zero) => {
    expect(goZeroObject(builtinManagedFieldsSchema(group, version, kind))).toEqual(zero);
  });

  it('custom resources are unstructured: their empty object is {}', () => {
    expect(goZeroObject(customResourceManagedFieldsSchema(undefined))).toEqual({});
  });

  it('fills a new list item as Go would (Container.name, resources) and drops nulls Go would omit', () => {
    const schema = builtinManagedFieldsSchema('', 'v1', 'Pod');
    const shaped = goShaped({ spec: { containers: [{ image: 'i', securityContext: null }], nodeName: null } }, schema.root, schema);
    expect(shaped).toEqual({ metadata: { creationTimestamp: null }, spec: { containers: [{ image: 'i', name: '', resources: {} }] }, status: {} });
  });
});
