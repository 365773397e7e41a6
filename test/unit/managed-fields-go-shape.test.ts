/**
 * Go's zero-value shape of built-in kinds, which decides FieldsV1's `".": {}` entries on create:
 * kube compares against `scope.Creater.New(kind)` converted by reflection (value structs always
 * present, non-omitempty fields as zero or null). The table src/apply/go-zero-values.ts is derived
 * from the `default` openapi-gen writes on exactly those fields; this test derives it again from
 * data/openapi-documents.js and fails when the two differ (regenerate the table from the output).
 */
import { describe, expect, it } from 'vitest';
import documents from '../../data/openapi-documents.js';
import { packages } from '../../data/schemas.js';
import { builtinManagedFieldsSchema, customResourceManagedFieldsSchema, goShaped, goZeroObject } from '../../src/apply/index.js';
import { goZeroFields } from '../../src/apply/go-zero-values.js';

function derivedTable(): Record<string, Record<string, unknown>> {
  const names = new Set<string>();
  for (const text of Object.values(packages)) for (const name of Object.keys(JSON.parse(text) as object)) names.add(name);
  const table: Record<string, Record<string, unknown>> = {};
  for (const { text } of Object.values(documents)) {
    if (!text.includes('"components"')) continue;
    const schemas = (JSON.parse(text) as { components?: { schemas?: Record<string, { properties?: Record<string, { default?: unknown }> }> } }).components?.schemas ?? {};
    for (const [name, node] of Object.entries(schemas)) {
      if (!names.has(name) || table[name]) continue;
      const fields: Record<string, unknown> = {};
      for (const [field, property] of Object.entries(node.properties ?? {})) {
        const zero = property.default;
        if (zero === '' || zero === 0 || zero === false) fields[field] = zero;
        else if (zero !== null && typeof zero === 'object' && !Array.isArray(zero) && Object.keys(zero).length === 0) fields[field] = {};
      }
      if (Object.keys(fields).length > 0) table[name] = fields;
    }
  }
  return table;
}

describe('Go zero values', () => {
  it('the committed table matches kube\'s OpenAPI documents', () => {
    expect(goZeroFields).toEqual(derivedTable());
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
