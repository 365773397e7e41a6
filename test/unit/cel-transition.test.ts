/**
 * Transition rules (`oldSelf`), optionalOldSelf, old-value correlation (objects, maps,
 * list-type=map items by key) and ratcheting (CRDValidationRatcheting, on in v1.32), as
 * apiextensions schema/cel/validation.go and apiserver/pkg/cel/common/equality.go define them.
 */
import { describe, expect, it } from 'vitest';
import { compileSchemaRules } from '../../src/cel/index.js';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import type { SchemaNode, ValidationRule } from '../../src/schema/types.js';

const str: SchemaNode = { type: 'string' };
const int: SchemaNode = { type: 'integer' };
const withRule = (node: SchemaNode, rule: ValidationRule): SchemaNode => ({ ...node, 'x-kubernetes-validations': [rule] });
const resource = (spec: SchemaNode): SchemaNode => ({ type: 'object', properties: { apiVersion: str, kind: str, metadata: { type: 'object' }, spec } });
const object = (spec: unknown): Record<string, unknown> => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec });

const immutable: ValidationRule = { rule: 'self == oldSelf', message: 'Value is immutable' };
const ports: SchemaNode = {
  type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'],
  items: { type: 'object', properties: { name: str, port: withRule(int, { rule: 'self >= oldSelf', message: 'port may not decrease' }) } },
};

interface Case {
  name: string;
  spec: SchemaNode;
  old: unknown;
  value: unknown;
  errors: string[];
  warnings?: string[];
}

const cases: Case[] = [
  // A transition rule runs on updates: `self == oldSelf` makes a field immutable.
  { name: 'immutable field changed', spec: { type: 'object', properties: { name: withRule(str, immutable) } }, old: { name: 'a' }, value: { name: 'b' },
    errors: ['spec.name: Invalid value: "string": Value is immutable'] },
  // ... and is skipped on creates.
  { name: 'immutable field on create', spec: { type: 'object', properties: { name: withRule(str, immutable) } }, old: undefined, value: { name: 'b' }, errors: [] },
  // A field added by the update has no old value: the transition rule does not run.
  { name: 'no old value for a new field', spec: { type: 'object', properties: { name: withRule(str, immutable) } }, old: {}, value: { name: 'b' }, errors: [] },
  // optionalOldSelf: oldSelf is an optional and the rule also runs on create.
  { name: 'optionalOldSelf on create', spec: { type: 'object', properties: { replicas: withRule(int, { rule: 'oldSelf.hasValue() || self == 1', message: 'must start at 1', optionalOldSelf: true }) } }, old: undefined, value: { replicas: 3 },
    errors: ['spec.replicas: Invalid value: "integer": must start at 1'] },
  { name: 'optionalOldSelf on update', spec: { type: 'object', properties: { replicas: withRule(int, { rule: 'self >= oldSelf.orValue(0)', message: 'may not decrease', optionalOldSelf: true }) } }, old: { replicas: 3 }, value: { replicas: 2 },
    errors: ['spec.replicas: Invalid value: "integer": may not decrease'] },
  // list-type=map items correlate by key, whatever their position.
  { name: 'map list items by key', spec: { type: 'object', properties: { ports } }, old: { ports: [{ name: 'a', port: 80 }, { name: 'b', port: 90 }] }, value: { ports: [{ name: 'b', port: 85 }, { name: 'a', port: 80 }, { name: 'c', port: 1 }] },
    errors: ['spec.ports[0].port: Invalid value: "integer": port may not decrease'] },
  // Map values (additionalProperties) correlate by key.
  { name: 'map values by key', spec: { type: 'object', properties: { limits: { type: 'object', additionalProperties: withRule(int, { rule: 'self >= oldSelf', message: 'may not decrease' }) } } }, old: { limits: { cpu: 4, mem: 8 } }, value: { limits: { cpu: 2, mem: 8, gpu: 1 } },
    errors: ['spec.limits[cpu]: Invalid value: "integer": may not decrease'] },
  // Rules without oldSelf are ratcheted on unchanged values: the error becomes a warning.
  { name: 'ratcheting an unchanged invalid value', spec: { type: 'object', properties: { name: withRule(str, { rule: "self.startsWith('x-')", message: 'must start with x-' }), other: str } }, old: { name: 'a', other: '1' }, value: { name: 'a', other: '2' },
    errors: [], warnings: ['spec.name: Invalid value: "string": must start with x-'] },
  // A changed invalid value is an error.
  { name: 'no ratcheting of a changed value', spec: { type: 'object', properties: { name: withRule(str, { rule: "self.startsWith('x-')", message: 'must start with x-' }) } }, old: { name: 'a' }, value: { name: 'b' },
    errors: ['spec.name: Invalid value: "string": must start with x-'] },
  // Items of atomic lists do not correlate, but an unchanged list ratchets its items' errors.
  { name: 'ratcheting items of an unchanged atomic list', spec: { type: 'object', properties: { tags: { type: 'array', items: withRule(str, { rule: "self != 'bad'" }) }, other: str } }, old: { tags: ['bad'], other: '1' }, value: { tags: ['bad'], other: '2' },
    errors: [], warnings: ['spec.tags[0]: Invalid value: "string": failed rule: self != \'bad\''] },
  // Transition rules never ratchet.
  { name: 'transition rules do not ratchet', spec: { type: 'object', properties: { name: withRule(str, { rule: "oldSelf != 'bar' && self == 'baz'", message: 'gotta be baz' }) } }, old: { name: 'bar' }, value: { name: 'bar' },
    errors: ['spec.name: Invalid value: "string": gotta be baz'] },
  // An object rule on a changed object is not ratcheted even if its fieldPath points at an unchanged field.
  { name: 'fieldPath does not change ratcheting', spec: withRule({ type: 'object', properties: { foo: str, bar: str } }, { rule: "self.foo == 'baz'", message: 'gotta be baz', fieldPath: '.foo' }), old: { foo: 'bar' }, value: { foo: 'bar', bar: 'x' },
    errors: ['spec.foo: Invalid value: "object": gotta be baz'] },
];

describe('transition rules and ratcheting', () => {
  it.each(cases)('$name', ({ spec, old, value, errors, warnings = [] }) => {
    const compiled = compileSchemaRules(resource(spec), 'spec.versions[0].schema.openAPIV3Schema');
    expect(compiled.errors.map(fieldErrorText)).toEqual([]);
    const result = compiled.validator.validateWithWarnings(object(value), old === undefined ? undefined : object(old));
    expect(result.errors.map(fieldErrorText)).toEqual(errors);
    expect(result.warnings).toEqual(warnings);
  });

  // Typemeta at the root is never ratcheted (ratchetingOptions.key drops the correlation).
  it('apiVersion and kind are not ratcheted', () => {
    const schema: SchemaNode = { type: 'object', properties: { apiVersion: withRule(str, { rule: "self == 'example.com/v1'" }), kind: str, metadata: { type: 'object' } } };
    const stored = { apiVersion: 'example.com/v2', kind: 'Widget', metadata: { name: 'w' } };
    const result = compileSchemaRules(schema, 'openAPIV3Schema').validator.validateWithWarnings({ ...stored }, stored);
    expect(result.errors.map(fieldErrorText)).toEqual(['apiVersion: Invalid value: "string": failed rule: self == \'example.com/v1\'']);
  });

  // kube evaluates messageExpression with the plain activation: without an old value, oldSelf is unbound and the message falls back.
  it('messageExpression of an optionalOldSelf rule on create', () => {
    const spec: SchemaNode = { type: 'object', properties: { replicas: withRule(int, { rule: 'oldSelf.hasValue()', optionalOldSelf: true, message: 'fallback', messageExpression: "'was ' + string(oldSelf.value())" }) } };
    const { validator } = compileSchemaRules(resource(spec), 'openAPIV3Schema');
    expect(validator.validate(object({ replicas: 1 }), undefined).map(fieldErrorText)).toEqual(['spec.replicas: Invalid value: "integer": fallback']);
  });
});
