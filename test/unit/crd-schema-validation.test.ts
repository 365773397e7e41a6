// The openAPIV3Schema rules of a CRD (kube v1.32): ValidateStructural (apiextensions-apiserver
// pkg/apiserver/schema/validation.go, completeness.go), specStandardValidatorV3 and
// ValidateCustomResourceDefinitionOpenAPISchema (pkg/apis/apiextensions/validation/validation.go).
// One version, so every error reads `spec.validation.openAPIV3Schema...` (the schema is hoisted).
// Each case names the kube rule; structural errors come sorted by text, as kube sorts them.
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinition as semantics } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

type Schema = Record<string, any>; // fixtures are edited freely
const root = 'spec.validation.openAPIV3Schema';
const spec = `${root}.properties[spec]`;

/** The errors of a CRD whose schema is {type: object, properties: {spec: <specSchema>}} after `change`. */
function errorsOf(specSchema: Schema, change: (schema: Schema) => void = () => {}): string[] {
  const schema: Schema = { type: 'object', properties: { spec: specSchema } };
  change(schema);
  const object: KubeObject = {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }],
    },
  };
  semantics.default!(object);
  semantics.prepareForCreate!(object);
  return semantics.validate!(object).map(fieldErrorText);
}

const object = (properties: Schema, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });

describe('ValidateStructural', () => {
  it.each<[string, Schema, ((schema: Schema) => void) | undefined, string[]]>([
    // validateStructuralInvariants: every specified field has a type
    ['field without type', object({ size: { minimum: 1 } }), undefined, [`${spec}.properties[size].type: Required value: must not be empty for specified object fields`]],
    ['array items without type, array without items', object({ a: { type: 'array', items: {} }, b: { type: 'array' } }), undefined, [
      `${spec}.properties[a].items.type: Required value: must not be empty for specified array items`,
      `${spec}.properties[b].items: Required value: must be specified`,
    ]],
    ['root without type', object({}), (schema) => delete schema.type, [`${root}.type: Required value: must not be empty at the root`]],
    ['root of another type', object({}), (schema) => Object.assign(schema, { type: 'array', items: { type: 'string' } }), [`${root}.type: Invalid value: "array": must be object at the root`]],
    // validateStructuralInvariants: additionalProperties never at the root
    ['additionalProperties at the root', object({}), (schema) => { schema.properties = {}; schema.additionalProperties = { type: 'string' }; }, [
      `${root}.additionalProperties: Forbidden: must not be used at the root`,
    ]],
    // validateStructuralMetadataInvariants: root metadata restricts name and generateName only
    ['metadata restricting labels', object({}), (schema) => (schema.properties.metadata = object({ labels: { type: 'object' } })), [
      `${root}.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`,
    ]],
    ['metadata restricting the name only', object({}), (schema) => (schema.properties.metadata = object({ name: { type: 'string', maxLength: 20 } })), []],
    ['metadata and kind of the wrong type', object({}), (schema) => Object.assign(schema.properties, { metadata: { type: 'string' }, kind: { type: 'integer' } }), [
      `${root}.properties[kind].type: Invalid value: "integer": must be string`,
      `${root}.properties[metadata].type: Invalid value: "string": must be object`,
    ]],
    // validateStructuralInvariants: x-kubernetes-embedded-resource
    ['embedded resource without type and properties', object({ template: { 'x-kubernetes-embedded-resource': true } }), undefined, [
      `${spec}.properties[template].properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields`,
      `${spec}.properties[template].type: Required value: must be object if x-kubernetes-embedded-resource is true`,
    ]],
    // validateExtensions: int-or-string excludes preserve-unknown-fields
    ['int-or-string preserving unknown fields', object({ port: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-preserve-unknown-fields': true } }), undefined, [
      `${spec}.properties[port].x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true`,
    ]],
    ['the int-or-string anyOf pattern', object({ port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] } }), undefined, []],
    // validateNestedValueValidation: junctors may not specify structure
    ['anyOf with a type and a default', object({ size: { type: 'integer', anyOf: [{ type: 'integer', default: 1 }, { minimum: 2 }] } }), undefined, [
      `${spec}.properties[size].anyOf[0].default: Forbidden: must be undefined to be structural`,
      `${spec}.properties[size].anyOf[0].type: Forbidden: must be empty to be structural`,
    ]],
    ['allOf mentioning metadata', object({}), (schema) => (schema.allOf = [{ properties: { metadata: { required: ['name'] } } }]), [
      `${root}.allOf[0].properties[metadata]: Forbidden: must not be specified in a nested context`,
      `${root}.properties[metadata]: Required value: because it is defined in ${root}.allOf[0].properties[metadata]`,
    ]],
    // validateStructuralCompleteness: only for the root's junctors (kube's quirk)
    ['oneOf naming unknown properties', object({ a: { type: 'string', oneOf: [{ properties: { x: {} } }] } }), (schema) => (schema.oneOf = [{ required: ['b'] }, { properties: { b: {} } }]), [
      `${root}.properties[b]: Required value: because it is defined in ${root}.oneOf[1].properties[b]`,
    ]],
    // validateValueValidation: patterns are RE2
    ['lookahead pattern', object({ name: { type: 'string', pattern: '^(?!x)' } }), undefined, [
      `${spec}.properties[name].pattern: Invalid value: "^(?!x)": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: \`(?!\``,
    ]],
    ['unclosed class', object({ name: { type: 'string', pattern: 'a[b-' } }), undefined, [
      `${spec}.properties[name].pattern: Invalid value: "a[b-": must be a valid regular expression, but isn't: error parsing regexp: missing closing ]: \`[b-\``,
    ]],
  ])('%s', (_, specSchema, change, expected) => {
    expect(errorsOf(specSchema, change)).toEqual(expected);
  });
});

describe('specStandardValidatorV3 and the OpenAPI walk', () => {
  it.each<[string, Schema, ((schema: Schema) => void) | undefined, string[]]>([
    // specStandardValidatorV3.validate: valid OpenAPI v3 types; null is never a type
    ['unknown type', object({ a: { type: 'str' } }), undefined, [`${spec}.properties[a].type: Unsupported value: "str": supported values: "array", "boolean", "integer", "number", "object", "string"`]],
    ['null type', object({ a: { type: 'null' } }), undefined, [
      `${spec}.properties[a].type: Unsupported value: "null": supported values: "array", "boolean", "integer", "number", "object", "string"`,
      `${spec}.properties[a].type: Forbidden: type cannot be set to null, use nullable as an alternative`,
    ]],
    // specStandardValidatorV3.validate: unsupported JSON-schema keywords (NewStructural then fails: no structural errors)
    ['$ref, definitions and patternProperties', object({ a: { $ref: '#/definitions/a' } }), (schema) => {
      schema.properties.spec.definitions = { a: { type: 'string' } };
      schema.properties.spec.patternProperties = { '^x': { type: 'string' } };
    }, [
      `${spec}.patternProperties: Forbidden: patternProperties is not supported`,
      `${spec}.definitions: Forbidden: definitions is not supported`,
      `${spec}.properties[a].$ref: Forbidden: $ref is not supported`,
    ]],
    // ValidateCustomResourceDefinitionOpenAPISchema: uniqueItems, properties vs additionalProperties
    ['uniqueItems', object({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } }), undefined, [
      `${spec}.properties[a].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`,
    ]],
    ['properties with additionalProperties', object({ a: { type: 'string' } }, { additionalProperties: { type: 'string' } }), undefined, [
      `${spec}.additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive`,
    ]],
    ['properties with additionalProperties: true (allowed)', object({ a: { type: 'string' } }, { additionalProperties: true }), undefined, []],
    ['preserve-unknown-fields false', object({}, { 'x-kubernetes-preserve-unknown-fields': false }), undefined, [
      `${spec}.x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined`,
    ]],
    // validateCustomResourceDefinitionValidation: nullable root
    ['nullable root', object({}), (schema) => (schema.nullable = true), [`${root}.nullable: Forbidden: nullable cannot be true at the root`]],
    // x-kubernetes-validations entries (rule, message, reason, fieldPath)
    ['validation rules', object({ a: { type: 'string' } }, {
      'x-kubernetes-validations': [{ rule: ' ' }, { rule: 'true', message: 'a\nb' }, { rule: 'true', reason: 'Bad', fieldPath: '.b' }],
    }), undefined, [
      `${spec}.x-kubernetes-validations[0].rule: Required value: rule is not specified`,
      `${spec}.x-kubernetes-validations[1].message: Invalid value: "a\\nb": message must not contain line breaks`,
      `${spec}.x-kubernetes-validations[2].reason: Unsupported value: "Bad": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
      `${spec}.x-kubernetes-validations[2].fieldPath: Invalid value: ".b": fieldPath must be a valid path`,
    ]],
    // NewStructural's error, reported only when nothing else is wrong
    ['$schema', object({}), (schema) => (schema.$schema = 'http://json-schema.org/draft-04/schema#'), [
      `${root}: Invalid value: "": OpenAPIV3Schema '$schema' is not supported`,
    ]],
  ])('%s', (_, specSchema, change, expected) => {
    expect(errorsOf(specSchema, change)).toEqual(expected);
  });
});
