// More openAPIV3Schema rules of a CRD (kube v1.32, apiextensions validation.go and
// schema/defaulting/validation.go): list and map types, defaults (where they may appear, pruning,
// validity), the status subresource's root restrictions, per-version schema paths, and the
// CrdValidationHooks through which CEL joins. Each case names the kube rule it checks.
import { describe, expect, it, vi } from 'vitest';
import { fieldError, fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinitionSemantics, type CrdValidationHooks } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

type Schema = Record<string, any>; // fixtures are edited freely
const root = 'spec.validation.openAPIV3Schema';
const spec = `${root}.properties[spec]`;

function crd(schemas: Schema[], subresources?: Schema): KubeObject {
  const versions = schemas.map((schema, index) => ({ name: `v${index + 1}`, served: true, storage: index === 0, schema: { openAPIV3Schema: schema }, subresources }));
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced', versions },
  };
}

function errorsOf(object: KubeObject, hooks: CrdValidationHooks = {}): string[] {
  const semantics = customResourceDefinitionSemantics(hooks);
  semantics.default!(object);
  semantics.prepareForCreate!(object);
  return semantics.validate!(object).map(fieldErrorText);
}

const withSpec = (properties: Schema): Schema => ({ type: 'object', properties: { spec: { type: 'object', properties } } });
const list = (extra: Schema, items: Schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }): Schema => ({ type: 'array', items, ...extra });

describe('list and map types', () => {
  it.each<[string, Schema, string[]]>([
    // ValidateCustomResourceDefinitionOpenAPISchema: x-kubernetes-list-type needs an array
    ['list type on an object', { l: { type: 'object', 'x-kubernetes-list-type': 'set' } }, [
      `${spec}.properties[l].type: Invalid value: "object": must be array if x-kubernetes-list-type is specified`,
    ]],
    ['unknown list and map types', { l: list({ 'x-kubernetes-list-type': 'bag' }), m: { type: 'object', 'x-kubernetes-map-type': 'fine' } }, [
      `${spec}.properties[l].x-kubernetes-list-type: Unsupported value: "bag": supported values: "atomic", "set", "map"`,
      `${spec}.properties[m].x-kubernetes-map-type: Unsupported value: "fine": supported values: "atomic", "granular"`,
    ]],
    ['map keys without list type', { l: list({ 'x-kubernetes-list-map-keys': ['name'] }) }, [
      `${spec}.properties[l].x-kubernetes-list-type: Required value: must be map if x-kubernetes-list-map-keys is non-empty`,
    ]],
    ['map list without keys', { l: list({ 'x-kubernetes-list-type': 'map' }) }, [
      `${spec}.properties[l].x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map`,
    ]],
    // quirk: the bad value of a non-scalar key is the item type
    ['map keys unknown, repeated or not scalar', {
      l: list({ 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'name', 'port', 'sub'] },
        { type: 'object', required: ['name', 'sub'], properties: { name: { type: 'string' }, sub: { type: 'object' } } }),
    }, [
      `${spec}.properties[l].x-kubernetes-list-map-keys: Invalid value: []string{"name", "name", "port", "sub"}: must not contain duplicate entries`,
      `${spec}.properties[l].x-kubernetes-list-map-keys: Invalid value: []string{"name", "name", "port", "sub"}: entries must all be names of item properties`,
      `${spec}.properties[l].items.properties[sub].type: Invalid value: "object": must be a scalar type if parent array's x-kubernetes-list-type is map`,
    ]],
    // validateMapListKeysMapSet: keys required or defaulted, never nullable; items not nullable
    ['optional nullable map key', { l: list({ 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['port'] }, { type: 'object', nullable: true, properties: { port: { type: 'integer', nullable: true } } }) }, [
      `${spec}.properties[l].items.nullable: Forbidden: cannot be nullable when x-kubernetes-list-type is map`,
      `${spec}.properties[l].items.properties[port].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property`,
      `${spec}.properties[l].items.properties[port].nullable: Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be nullable`,
    ]],
    // requireAtomicSetType; quirk: an object item reports its (unset) list type, "null"
    ['set of granular objects and of granular lists', {
      o: list({ 'x-kubernetes-list-type': 'set' }),
      l: list({ 'x-kubernetes-list-type': 'set' }, { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' }),
    }, [
      `${spec}.properties[l].items.x-kubernetes-list-type: Invalid value: "set": must be atomic as item of a list with x-kubernetes-list-type=set`,
      `${spec}.properties[o].items.x-kubernetes-map-type: Invalid value: "null": must be atomic as item of a list with x-kubernetes-list-type=set`,
    ]],
  ])('%s', (_, properties, expected) => {
    expect(errorsOf(crd([withSpec(properties)]))).toEqual(expected);
  });
});

describe('defaults', () => {
  it.each<[string, Schema, string[]]>([
    // specStandardValidatorV3: no defaults in top-level metadata, apiVersion or kind
    ['default in top-level metadata and kind', {
      type: 'object', properties: { metadata: { type: 'object', default: {} }, kind: { type: 'string', default: 'Widget' } },
    }, [
      `${root}.properties[kind].default: Forbidden: must not be set in top-level kind`,
      `${root}.properties[metadata].default: Forbidden: must not be set in top-level metadata`,
    ]],
    // ValidateDefaults: pruned, then validated like a custom resource's value (quirk: a list item of a
    // default reads `default.[0]`, kube-openapi's `[0]` name appended as a child)
    ['defaults with unknown fields, of the wrong type, outside the enum', withSpec({
      o: { type: 'object', properties: { a: { type: 'string' } }, default: { a: 'x', b: 1 } },
      n: { type: 'integer', default: 'ten' },
      c: { type: 'string', enum: ['red', 'blue'], default: 'green' },
      l: { type: 'array', items: { type: 'string', maxLength: 2 }, default: ['abc'] },
    }), [
      `${spec}.properties[c].default: Unsupported value: "green": supported values: "red", "blue"`,
      `${spec}.properties[l].default.[0]: Too long: may not be more than 2 bytes`,
      `${spec}.properties[n].default: Invalid value: "string":  in body must be of type integer: "string"`,
      `${spec}.properties[o].default: Invalid value: map[string]interface {}{"a":"x", "b":1}: must not have unknown fields`,
    ]],
  ])('%s', (_, schema, expected) => {
    expect(errorsOf(crd([schema]))).toEqual(expected);
  });
});

describe('status subresource, versions, CEL hooks', () => {
  // validateCustomResourceDefinitionValidation: with /status the root type is object
  it('reports a non-object root type first when status is enabled', () => {
    const errors = errorsOf(crd([{ type: 'array', items: { type: 'string' } }], { status: {} }));
    expect(errors).toEqual([
      `${root}.type: Invalid value: "array": only "object" is allowed as the type at the root of the schema if the status subresource is enabled`,
      `${root}.type: Invalid value: "array": must be object at the root`,
    ]);
  });

  // validateCustomResourceDefinitionValidation: with /status, only some fields at the root; the bad value is the
  // internal JSONSchemaProps as %#v (nil pointers here; set ones would print an address)
  it('reports a root field the status subresource does not allow, with the whole schema', () => {
    const literal = 'apiextensions.JSONSchemaProps{ID:"", Schema:"", Ref:(*string)(nil), Description:"", Type:"object", Nullable:true, Format:"", '
      + 'Title:"", Default:(*apiextensions.JSON)(nil), Maximum:(*float64)(nil), ExclusiveMaximum:false, Minimum:(*float64)(nil), '
      + 'ExclusiveMinimum:false, MaxLength:(*int64)(nil), MinLength:(*int64)(nil), Pattern:"", MaxItems:(*int64)(nil), MinItems:(*int64)(nil), '
      + 'UniqueItems:false, MultipleOf:(*float64)(nil), Enum:[]apiextensions.JSON(nil), MaxProperties:(*int64)(nil), MinProperties:(*int64)(nil), '
      + 'Required:[]string(nil), Items:(*apiextensions.JSONSchemaPropsOrArray)(nil), AllOf:[]apiextensions.JSONSchemaProps(nil), '
      + 'OneOf:[]apiextensions.JSONSchemaProps(nil), AnyOf:[]apiextensions.JSONSchemaProps(nil), Not:(*apiextensions.JSONSchemaProps)(nil), '
      + 'Properties:map[string]apiextensions.JSONSchemaProps(nil), AdditionalProperties:(*apiextensions.JSONSchemaPropsOrBool)(nil), '
      + 'PatternProperties:map[string]apiextensions.JSONSchemaProps(nil), Dependencies:apiextensions.JSONSchemaDependencies(nil), '
      + 'AdditionalItems:(*apiextensions.JSONSchemaPropsOrBool)(nil), Definitions:apiextensions.JSONSchemaDefinitions(nil), '
      + 'ExternalDocs:(*apiextensions.ExternalDocumentation)(nil), Example:(*apiextensions.JSON)(nil), XPreserveUnknownFields:(*bool)(nil), '
      + 'XEmbeddedResource:false, XIntOrString:false, XListMapKeys:[]string(nil), XListType:(*string)(nil), XMapType:(*string)(nil), '
      + 'XValidations:apiextensions.ValidationRules(nil)}';
    const allowed = '[Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems '
      + 'MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations]';
    expect(errorsOf(crd([{ type: 'object', nullable: true }], { status: {} }))).toEqual([
      `${root}: Invalid value: ${literal}: only ${allowed} fields are allowed at the root of the schema if the status subresource is enabled`,
      `${root}.nullable: Forbidden: nullable cannot be true at the root`,
    ]);
  });

  // Convert_v1_CustomResourceDefinitionSpec_To_apiextensions: different schemas stay per version
  it('reports each version\'s own schema at spec.versions[i].schema', () => {
    expect(errorsOf(crd([withSpec({ a: {} }), withSpec({ b: { type: 'string' } })]))).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[a].type: Required value: must not be empty for specified object fields',
    ]);
  });

  it('hands structural schemas to compileSchemaRules and appends its errors', () => {
    const compileSchemaRules = vi.fn(() => [fieldError.invalid(`${spec}.x-kubernetes-validations[0].rule`, 'x', 'compilation failed')]);
    const schema = withSpec({ size: { type: 'integer' } });
    expect(errorsOf(crd([schema]), { compileSchemaRules })).toEqual([`${spec}.x-kubernetes-validations[0].rule: Invalid value: "x": compilation failed`]);
    expect(compileSchemaRules).toHaveBeenCalledWith(schema, root, { preexistingRules: new Set(), preexistingMessageExpressions: new Set(), suppressPerExpressionCost: false });
  });

  it('does not compile rules of a schema with errors, and checks defaults with validateDefaultRules', () => {
    const compileSchemaRules = vi.fn(() => []);
    const validateDefaultRules = vi.fn(() => []);
    errorsOf(crd([withSpec({ a: {} })]), { compileSchemaRules });
    expect(compileSchemaRules).not.toHaveBeenCalled();
    errorsOf(crd([withSpec({ a: { type: 'string', default: 'x' } })]), { validateDefaultRules });
    expect(validateDefaultRules).toHaveBeenCalledWith({ type: 'string', default: 'x' }, 'x', `${spec}.properties[a].default`, false);
  });
});
