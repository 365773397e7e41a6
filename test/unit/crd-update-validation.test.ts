// ValidateCustomResourceDefinitionUpdate (apiextensions validation.go, kube v1.32): immutable
// group and plural (scope and kind once established), storedVersions that must stay in
// spec.versions, and the rules an update does not enforce when the stored CRD already broke them
// ("don't tighten validation on existing persisted data"). Each case names the kube rule.
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinition as semantics, customResourceDefinitionSemantics } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

type Spec = Record<string, any>; // fixtures are edited freely
const schema = (properties: Spec = {}) => ({ openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties } } } });
const established = [{ type: 'Established', status: 'True' }];

function stored(change: (spec: Spec, object: KubeObject) => void = () => {}, conditions?: unknown[]): KubeObject {
  const spec: Spec = {
    group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema: schema() }],
  };
  const object: KubeObject = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec };
  change(spec, object);
  semantics.default!(object);
  semantics.prepareForCreate!(object);
  if (conditions) (object.status as Spec).conditions = conditions;
  return object;
}

/** The errors of updating `old` with `change` applied to a copy (status carried over, as the strategy does). */
function updateErrors(old: KubeObject, change: (spec: Spec, object: KubeObject) => void, kind = semantics): string[] {
  const next = structuredClone(old);
  change(next.spec as Spec, next);
  kind.default!(next);
  next.status = old.status;
  kind.prepareForUpdate!(next, old);
  return kind.validateUpdate!(next, old).map(fieldErrorText);
}

describe('immutability', () => {
  it.each<[string, unknown[] | undefined, (spec: Spec) => void, string[]]>([
    // validateCustomResourceDefinitionSpecUpdate: group and plural name the resource
    ['group', undefined, (spec) => (spec.group = 'other.example.com'), ['spec.group: Invalid value: "other.example.com": field is immutable']],
    ['plural', undefined, (spec) => (spec.names.plural = 'gadgets'), ['spec.names.plural: Invalid value: "gadgets": field is immutable']],
    // requireImmutableNames: scope and kind only once Established
    ['scope and kind before establishment', undefined, (spec) => Object.assign(spec, { scope: 'Cluster', names: { ...spec.names, kind: 'Gadget', listKind: 'GadgetList' } }), []],
    ['scope and kind once established', established, (spec) => Object.assign(spec, { scope: 'Cluster', names: { ...spec.names, kind: 'Gadget', listKind: 'GadgetList' } }), [
      'spec.scope: Invalid value: "Cluster": field is immutable', 'spec.names.kind: Invalid value: "Gadget": field is immutable',
    ]],
  ])('%s', (_, conditions, change, expected) => {
    expect(updateErrors(stored(undefined, conditions), change)).toEqual(expected);
  });
});

describe('storedVersions', () => {
  // ValidateCustomResourceDefinitionStoredVersions: a stored version stays in spec.versions
  it('refuses to drop a version still in status.storedVersions', () => {
    const old = stored((spec) => spec.versions.push({ name: 'v2', served: true, storage: false, schema: schema() }));
    (old.status as Spec).storedVersions = ['v1', 'v2'];
    expect(updateErrors(old, (spec) => spec.versions.splice(1, 1))).toEqual([
      'status.storedVersions[1]: Invalid value: "v2": missing from spec.versions; v2 was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in v2 and removes v2 from status.storedVersions',
    ]);
  });

  it('accepts a new storage version, which PrepareForUpdate records', () => {
    const old = stored();
    expect(updateErrors(old, (spec) => spec.versions.push({ name: 'v2', served: true, storage: false, schema: schema() }))).toEqual([]);
    expect(updateErrors(old, (spec) => {
      spec.versions[0].storage = false;
      spec.versions.push({ name: 'v2', served: true, storage: true, schema: schema() });
    })).toEqual([]);
  });
});

describe('rules the stored CRD already broke', () => {
  const nonAtomicSet = { tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'object', properties: { a: { type: 'string' } } } } };
  const setError = 'spec.validation.openAPIV3Schema.properties[spec].properties[tags].items.x-kubernetes-map-type: Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set';

  // requireAtomicSetType
  it('keeps accepting a non-atomic set item the stored CRD has', () => {
    const old = stored((spec) => (spec.versions[0].schema = schema(nonAtomicSet)));
    expect(updateErrors(old, (spec) => (spec.versions[0].schema = schema({ ...nonAtomicSet, size: { type: 'integer' } })))).toEqual([]);
    expect(updateErrors(stored(), (spec) => (spec.versions[0].schema = schema(nonAtomicSet)))).toEqual([setError]);
  });

  // requireOpenAPISchema; without it, served versions still need a schema (preserveUnknownFields false)
  it('lets a CRD with a schemaless version stay so, but not serve it', () => {
    const old = stored((spec) => spec.versions.push({ name: 'v2', served: false, storage: false }));
    expect(updateErrors(old, (spec) => (spec.names.categories = ['all']))).toEqual([]);
    expect(updateErrors(old, (spec) => (spec.versions[1].served = true))).toEqual([
      'spec.versions[1].schema.openAPIV3Schema: Required value: because otherwise all fields are pruned',
    ]);
  });

  // validateAPIApproval: an unchanged approval state is never refused
  it('does not ask an existing protected-group CRD for approval again', () => {
    const old = stored((spec, object) => { spec.group = 'widgets.k8s.io'; object.metadata.name = 'widgets.widgets.k8s.io'; });
    expect(updateErrors(old, (spec) => (spec.names.shortNames = ['wd']))).toEqual([]);
  });
});

describe('what CEL is told', () => {
  it('lists the stored rules and suppresses cost limits for versions whose schema is unchanged', () => {
    const compileSchemaRules = vi.fn(() => []);
    const rules = { 'x-kubernetes-validations': [{ rule: 'self.size > 0', messageExpression: '"size " + string(self.size)' }] };
    const old = stored((spec) => (spec.versions[0].schema.openAPIV3Schema.properties.spec = { type: 'object', properties: { size: { type: 'integer' } }, ...rules }));
    updateErrors(old, (spec) => (spec.names.shortNames = ['wd']), customResourceDefinitionSemantics({ compileSchemaRules }));
    expect(compileSchemaRules).toHaveBeenCalledWith(expect.anything(), 'spec.validation.openAPIV3Schema', {
      preexistingRules: new Set(['self.size > 0']), preexistingMessageExpressions: new Set(['"size " + string(self.size)']), suppressPerExpressionCost: true,
    });
  });
});
