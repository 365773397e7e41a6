/**
 * CEL rules on custom resources at runtime: which rules run where, and the field errors kube
 * v1.32 returns (apiextensions schema/cel/validation.go), with exact texts.
 */
import { describe, expect, it } from 'vitest';
import { compileSchemaRules } from '../../src/cel/index.js';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import type { SchemaNode, ValidationRule } from '../../src/schema/types.js';

const str: SchemaNode = { type: 'string' };
const int: SchemaNode = { type: 'integer' };

/** A custom resource schema with `spec`. */
const resource = (spec: SchemaNode, rules: ValidationRule[] = []): SchemaNode => ({
  type: 'object',
  properties: { apiVersion: str, kind: str, metadata: { type: 'object' }, spec },
  ...(rules.length ? { 'x-kubernetes-validations': rules } : {}),
});
const object = (spec: unknown, name = 'w3'): Record<string, unknown> => ({ apiVersion: 'golden.example.com/v1', kind: 'Widget', metadata: { name }, spec });

interface Case {
  name: string;
  schema: SchemaNode;
  spec: unknown;
  expected: string[];
  /** The whole object's name (root rules). */
  objectName?: string;
}

const sized = (rule: ValidationRule): SchemaNode => ({
  type: 'object', required: ['size'], 'x-kubernetes-validations': [rule],
  properties: { size: { type: 'integer', minimum: 1 }, color: { type: 'string', enum: ['red', 'blue'], default: 'red' }, labels: { type: 'object', additionalProperties: str } },
});

const cases: Case[] = [
  // Golden 084-cr-create-cel-violation: the bad value is the node's type name, the message the rule's.
  { name: 'golden: message of a failing rule', schema: resource(sized({ rule: 'self.size <= 10', message: 'size must be at most 10' })), spec: { size: 11, color: 'red' },
    expected: ['spec: Invalid value: "object": size must be at most 10'] },
  // ruleMessageOrDefault: without a message, `failed rule: <rule>` (trimmed).
  { name: 'default message', schema: resource(sized({ rule: ' self.size <= 10 ' })), spec: { size: 11 },
    expected: ['spec: Invalid value: "object": failed rule: self.size <= 10'] },
  // A passing rule reports nothing.
  { name: 'passing rule', schema: resource(sized({ rule: 'self.size <= 10' })), spec: { size: 10 }, expected: [] },
  // fieldErrorForReason: FieldValueForbidden and FieldValueRequired keep the message, without a value.
  { name: 'reason Forbidden', schema: resource(sized({ rule: 'self.size <= 10', message: 'too big', reason: 'FieldValueForbidden' })), spec: { size: 11 },
    expected: ['spec: Forbidden: too big'] },
  { name: 'reason Required', schema: resource(sized({ rule: 'has(self.labels)', message: 'labels are required', reason: 'FieldValueRequired' })), spec: { size: 1 },
    expected: ['spec: Required value: labels are required'] },
  // field.Duplicate(path, type): the message is dropped.
  { name: 'reason Duplicate', schema: resource(sized({ rule: 'self.size <= 10', message: 'dropped', reason: 'FieldValueDuplicate' })), spec: { size: 11 },
    expected: ['spec: Duplicate value: "object"'] },
  // fieldPath is appended to the node's path (field.Path.Child of the normalized path).
  { name: 'fieldPath to a property', schema: resource(sized({ rule: 'self.size <= 10', message: 'too big', fieldPath: '.size' })), spec: { size: 11 },
    expected: ['spec.size: Invalid value: "object": too big'] },
  // fieldPath through a map key: `labels[app]`.
  { name: 'fieldPath to a map key', schema: resource(sized({ rule: "self.labels['app'] != 'x'", fieldPath: ".labels['app']" })), spec: { size: 1, labels: { app: 'x' } },
    expected: ['spec.labels[app]: Invalid value: "object": failed rule: self.labels[\'app\'] != \'x\''] },
  // messageExpression replaces the message.
  { name: 'messageExpression', schema: resource(sized({ rule: 'self.size <= 10', message: 'static', messageExpression: "self.size > 100 ? 'size is far over 10' : 'size is over 10'" })), spec: { size: 12 },
    expected: ['spec: Invalid value: "object": size is over 10'] },
  // A failing messageExpression falls back to the message (kube only logs the failure).
  { name: 'messageExpression error falls back', schema: resource(sized({ rule: 'self.size <= 10', message: 'static', messageExpression: "self.labels['x']" })), spec: { size: 12, labels: {} },
    expected: ['spec: Invalid value: "object": static'] },
  // messageExpression that is blank after trimming: fallback to `failed rule`.
  { name: 'blank messageExpression result falls back', schema: resource(sized({ rule: 'self.size <= 10', messageExpression: "'  '" })), spec: { size: 12 },
    expected: ['spec: Invalid value: "object": failed rule: self.size <= 10'] },
  // Runtime errors: `<error> evaluating rule: <rule>` (cel-go's texts).
  { name: 'division by zero', schema: resource(sized({ rule: 'self.size / 0 == 1' })), spec: { size: 1 },
    expected: ['spec: Invalid value: "object": division by zero evaluating rule: self.size / 0 == 1'] },
  // A declared but absent field is `no such key`; the rule's message names it when set.
  { name: 'absent field', schema: resource(sized({ rule: "self.color == 'red'", message: 'must be red' })), spec: { size: 1 },
    expected: ['spec: Invalid value: "object": no such key: color evaluating rule: must be red'] },
  // int-or-string is dyn: a type mismatch at runtime is `no such overload`, reported with kube's long text.
  { name: 'no such overload at runtime', schema: resource({ type: 'object', 'x-kubernetes-validations': [{ rule: 'self.port + 1 > 0' }], properties: { port: { 'x-kubernetes-int-or-string': true } } }), spec: { port: 'http' },
    expected: ["spec: Invalid value: \"object\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: self.port + 1 > 0"] },
  // Since 1.24 comparing int-or-string with the other type is false, not an error.
  { name: 'int-or-string compares across types', schema: resource({ type: 'object', properties: { port: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-validations': [{ rule: "self == 80 || self == 'http'" }] } } }), spec: { port: 'https' },
    expected: ['spec.port: Invalid value: "": failed rule: self == 80 || self == \'http\''] },
  // Rules on scalars: the bad value is the schema type (`string`, `integer`).
  { name: 'string and integer nodes', schema: resource({ type: 'object', properties: { name: { ...str, 'x-kubernetes-validations': [{ rule: "self.startsWith('a')" }] }, count: { ...int, 'x-kubernetes-validations': [{ rule: 'self % 2 == 0' }] } } }), spec: { name: 'b', count: 3 },
    expected: ['spec.count: Invalid value: "integer": failed rule: self % 2 == 0', 'spec.name: Invalid value: "string": failed rule: self.startsWith(\'a\')'] },
  // List items are validated at `path[i]`, map values at `path[key]`.
  { name: 'items and map values', schema: resource({ type: 'object', properties: { items: { type: 'array', items: { ...int, 'x-kubernetes-validations': [{ rule: 'self > 0' }] } }, limits: { type: 'object', additionalProperties: { ...int, 'x-kubernetes-validations': [{ rule: 'self < 10' }] } } } }), spec: { items: [1, 0, 2, -1], limits: { cpu: 12, mem: 1 } },
    expected: ['spec.items[1]: Invalid value: "integer": failed rule: self > 0', 'spec.items[3]: Invalid value: "integer": failed rule: self > 0', 'spec.limits[cpu]: Invalid value: "integer": failed rule: self < 10'] },
  // Null values are not validated; a null field counts as absent for has().
  { name: 'null values', schema: resource({ type: 'object', 'x-kubernetes-validations': [{ rule: '!has(self.note)' }], properties: { note: { type: 'string', nullable: true, 'x-kubernetes-validations': [{ rule: 'false' }] } } }), spec: { note: null }, expected: [] },
  // Root rules see apiVersion, kind and metadata.name; the root path prints as Go's nil path.
  { name: 'root rule', schema: resource(sized({ rule: 'true' }), [{ rule: "self.metadata.name.startsWith('w-')", message: 'name must start with w-' }]), spec: { size: 1 },
    expected: ['<nil>: Invalid value: "object": name must start with w-'] },
  // Embedded resources see apiVersion, kind and metadata.name/generateName too.
  { name: 'embedded resource', schema: resource({ type: 'object', properties: { template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: "self.kind == 'Pod' && self.metadata.name != ''" }] } } }), spec: { template: { apiVersion: 'v1', kind: 'Service', metadata: { name: 'x' } } },
    expected: ['spec.template: Invalid value: "object": failed rule: self.kind == \'Pod\' && self.metadata.name != \'\''] },
  // Escaped property names: `-` becomes `__dash__`, reserved words `__word__`.
  { name: 'escaped property names', schema: resource({ type: 'object', 'x-kubernetes-validations': [{ rule: "self.max__dash__size > self.__namespace__.size()" }], properties: { 'max-size': int, namespace: str } }), spec: { 'max-size': 1, namespace: 'abc' },
    expected: ['spec: Invalid value: "object": failed rule: self.max__dash__size > self.__namespace__.size()'] },
  // list-type=set compares as a set, list-type=map by keys; atomic lists in order.
  { name: 'set and map list equality', schema: resource({ type: 'object', 'x-kubernetes-validations': [{ rule: "self.tags == ['b', 'a'] && self.ports == [self.ports[1], self.ports[0]] && self.order != ['b', 'a']" }], properties: { tags: { type: 'array', 'x-kubernetes-list-type': 'set', items: str }, order: { type: 'array', items: str }, ports: { type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'], items: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { name: str, port: int } } } } }), spec: { tags: ['a', 'b'], order: ['a', 'b'], ports: [{ name: 'a', port: 1 }, { name: 'b', port: 2 }] }, expected: [] },
  // Formats: date-time is a timestamp, duration a duration.
  { name: 'timestamp and duration formats', schema: resource({ type: 'object', 'x-kubernetes-validations': [{ rule: "self.start + self.timeout < timestamp('2024-01-01T01:00:00Z')", message: 'ends too late' }], properties: { start: { type: 'string', format: 'date-time' }, timeout: { type: 'string', format: 'duration' } } }), spec: { start: '2024-01-01T00:30:00Z', timeout: '45m' },
    expected: ['spec: Invalid value: "object": ends too late'] },
  // allOf entries carry rules too (they run after the node's own rules).
  { name: 'allOf rules', schema: resource({ type: 'object', properties: { a: int, b: int }, 'x-kubernetes-validations': [{ rule: 'self.a < 5', message: 'a' }], allOf: [{ 'x-kubernetes-validations': [{ rule: 'self.b < 5', message: 'b' }] }] }), spec: { a: 6, b: 6 },
    expected: ['spec: Invalid value: "object": a', 'spec: Invalid value: "object": b'] },
];

const texts = (errors: FieldError[]): string[] => errors.map(fieldErrorText);

describe('CEL validation of custom resources', () => {
  it.each(cases)('$name', ({ schema, spec, expected, objectName }) => {
    const { errors, validator } = compileSchemaRules(schema, 'spec.versions[0].schema.openAPIV3Schema');
    expect(texts(errors)).toEqual([]);
    expect(texts(validator.validate(object(spec, objectName), undefined))).toEqual(expected);
  });

  it('golden 084: the cause as kube returns it', () => {
    const { validator } = compileSchemaRules(resource(sized({ rule: 'self.size <= 10', message: 'size must be at most 10' })), 'spec.versions[0].schema.openAPIV3Schema');
    expect(validator.validate(object({ size: 11, color: 'red' }), undefined)).toEqual([{ type: 'FieldValueInvalid', field: 'spec', badValue: 'object', detail: 'size must be at most 10' }]);
  });

  it('a schema without rules is empty', () => {
    expect(compileSchemaRules(resource({ type: 'object' }), 'openAPIV3Schema').validator.empty).toBe(true);
    expect(compileSchemaRules(resource(sized({ rule: 'true' })), 'openAPIV3Schema').validator.empty).toBe(false);
  });
});
