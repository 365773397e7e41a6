/**
 * Cost: the static estimate (cel-go's coster with kube's CostEstimator; values from kube's
 * compilation_test.go TestCostEstimation), the actual runtime cost (values from
 * celcoststability_test.go), CRD cost limits and the runtime per-call limit and request budget,
 * with kube's texts.
 */
import { describe, expect, it } from 'vitest';
import { compileRule } from '../../src/cel/compile.js';
import { schemaDeclType } from '../../src/cel/decl-types.js';
import { evaluateProgram } from '../../src/cel/evaluate.js';
import { compileSchemaRules } from '../../src/cel/index.js';
import { buildRuleTree } from '../../src/cel/rule-tree.js';
import { validateObjectTree } from '../../src/cel/validator.js';
import { toValue } from '../../src/cel/values/convert.js';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import type { SchemaNode } from '../../src/schema/types.js';

const str = (maxLength?: number): SchemaNode => ({ type: 'string', ...(maxLength !== undefined ? { maxLength } : {}) });
const list = (items: SchemaNode, maxItems?: number): SchemaNode => ({ type: 'array', items, ...(maxItems !== undefined ? { maxItems } : {}) });
const map = (values: SchemaNode): SchemaNode => ({ type: 'object', additionalProperties: values });
const num: SchemaNode = { type: 'number' };

/** cr.MaxCost of a rule on `schema` (compilation_test.go TestCostEstimation). */
const staticCases: [string, SchemaNode, string, number][] = [
  ['number array with all', list(num), 'self.all(x, true)', 4718591],
  ['number array with all, maxItems 10', list(num, 10), 'self.all(x, true)', 32],
  ['string array with all', list(str()), 'self.all(x, true)', 3145727],
  ['map of numbers with all', map(num), 'self.all(x, true)', 1348169],
  ['map of numbers with has', map(num), 'has(self.x)', 0],
  ['string with contains', str(), "self.contains('test')", 314574],
  ['string with startsWith', str(), "self.startsWith('test')", 2],
  ['concat string', str(), 'size(self + "hello") > size("hello")', 314578],
  ['index of array with strings', list(str()), 'self[1] == self[1]', 314577],
  ['O(n^2) loop, maxItems 10', list(num, 10), 'self.all(x, self.all(y, true))', 352],
  ['regex matches, maxLength 50', str(50), 'self.matches("x")', 22],
  ['map of strings with value length', map(str()), 'self.all(x, x.contains(self[x]))', 2752507],
  ['date-time array with all', list({ type: 'string', format: 'date-time' }), 'self.all(x, true)', 428963],
  ['extended library find', str(), "self.find('[0-9]+') == ''", 629147],
  ['extended library join', list(str()), "self.join(' ') == 'aa bb'", 329853068905],
  ['extended library isSorted, maxLength 10', list(str(10), 10), 'self.isSorted() == true', 52],
  ['extended library replace', { type: 'object', properties: { str: str(), before: str(2), after: str(4) } }, "self.str.replace(self.before, self.after) == 'does not matter'", 629154],
  ['extended library split', { type: 'object', properties: { str: str(), separator: str() } }, 'self.str.split(self.separator) == []', 629160],
  ['timestamp comparison', map({ type: 'string', format: 'date-time' }), 'self["a"] == self["b"]', 8],
];

/**
 * Actual cost of a rule on `value` (celcoststability_test.go; kube's rules read `self.val1`,
 * which costs 2 where `self` costs 1, hence 1 less per access here).
 */
const runtimeCases: [string, SchemaNode, unknown, string, number][] = [
  ['int equality', { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } }, { a: 1, b: 1 }, 'self.a == self.b', 5],
  ['type names cost nothing', { type: 'object', properties: { a: { type: 'integer' } } }, { a: 1 }, 'type(self.a) == int', 4],
  ['conversions of constants are folded', str(), 'x', 'double(5) < 10.0', 1],
  ['startsWith sizes the receiver', str(), 'Rook takes 👑', "self.startsWith('Rook')", 3],
  ['regex', str(), 'Rook takes 👑', "self.matches('^[^0-9]*$')", 7],
  ['split', str(), 'Rook takes 👑', "self.split(' ') == ['Rook', 'takes', '👑']", 5],
  ['in a constant list is a set lookup', str(), 'Pending', "self in ['Pending', 'Available']", 1],
  ['map all', map({ type: 'integer' }), { b: 1, d: 2 }, 'self.all(k, self[k] > 0)', 14],
  ['exists_one', list({ type: 'integer' }), [1, 1, 2, 2, 3, 3, 4, 5], 'self.exists_one(e, e > 4)', 21],
  ['chained comprehensions', list({ type: 'integer' }), [1, 1, 2, 2, 3, 3, 4, 5], 'self.map(e, e * 20).filter(e, e > 50).exists(e, e == 60)', 193],
  ['literal list join', str(), 'x', "size(['aa', 'bb', 'cc', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join(' ')) > 0", 7],
];

const root = 'spec.versions[0].schema.openAPIV3Schema';
const P = `${root}.properties[spec]`;
const resource = (spec: SchemaNode): SchemaNode => ({ type: 'object', properties: { apiVersion: str(), kind: str(), metadata: { type: 'object' }, spec } });
const hint = '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)';
const containsRule = "self.all(x, x.contains('a'))";

describe('static cost estimate', () => {
  it.each(staticCases)('%s', (_name, schema, rule, expected) => {
    const compiled = compileRule({ rule }, schemaDeclType(schema, false)!, schema);
    expect(compiled.program?.maxCost).toBe(expected);
  });
});

describe('actual runtime cost', () => {
  it.each(runtimeCases)('%s', (_name, schema, value, rule, expected) => {
    const decl = schemaDeclType(schema, false)!;
    const evaluation = evaluateProgram(compileRule({ rule }, decl, schema).program!, { self: toValue(value, decl) });
    expect([evaluation.value, evaluation.cost]).toEqual([true, expected]);
  });
});

describe('CRD cost limits', () => {
  const texts = (spec: SchemaNode): string[] => compileSchemaRules(resource(spec), root).errors.map(fieldErrorText);
  const rulesOn = (name: string, node: SchemaNode, rules: string[]): SchemaNode =>
    ({ type: 'object', properties: { [name]: { ...node, 'x-kubernetes-validations': rules.map((rule) => ({ rule })) } } });

  // More than 100x prints as such; the total of the CRD is over its limit too.
  it('quadratic rule on an unbounded list', () => {
    expect(texts(rulesOn('list', list(num), ['self.all(x, self.all(y, true))']))).toEqual([
      `${P}.properties[list].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x ${hint}`,
      `${P}.properties[list].x-kubernetes-validations[0].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema`,
      `${root}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x ${hint}`,
    ]);
  });

  // Factors from 1.5x print with one decimal, below 1.5x with Go's %f.
  it('factor formats', () => {
    expect(texts(rulesOn('tags', list(str(50)), [containsRule]))).toEqual([`${P}.properties[tags].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 2.5x ${hint}`]);
    expect(texts(rulesOn('tags', list(str(20)), [containsRule]))).toEqual([`${P}.properties[tags].x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 1.258290x ${hint}`]);
  });

  // A rule below an unbounded list runs once per item that fits in a request (maxCardinality); maxItems bounds it.
  it('cardinality of rules under lists', () => {
    const items = { ...str(30), 'x-kubernetes-validations': [{ rule: "self.contains('a')" }] };
    expect(texts({ type: 'object', properties: { tags: list(items) } })).toEqual([`${P}.properties[tags].items.x-kubernetes-validations[0].rule: Forbidden: estimated rule cost exceeds budget by factor of 1.363149x ${hint}`]);
    expect(texts({ type: 'object', properties: { tags: list(items, 10) } })).toEqual([]);
  });

  // The CRD-wide total (100,000,000) reports the four most expensive rules, then the total.
  it('total cost of all rules', () => {
    const rules = Array.from({ length: 11 }, (_, index) => containsRule + ' && self.size() > 0'.repeat(index));
    const at = (index: number): string => `${P}.properties[tags].x-kubernetes-validations[${index}].rule: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema`;
    expect(texts(rulesOn('tags', list(str(12)), rules))).toEqual([at(10), at(9), at(8), at(7),
      `${root}: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of 1.038091x ${hint}`]);
  });
});

describe('runtime limits', () => {
  // PerCallLimit (1,000,000): the evaluation is cancelled and no further rule runs.
  it('per-call limit', () => {
    const spec: SchemaNode = { type: 'object', properties: { list: { ...list(num, 1000), 'x-kubernetes-validations': [{ rule: 'self.all(x, self.all(y, true))' }] }, z: { ...str(), 'x-kubernetes-validations': [{ rule: 'false' }] } } };
    const { errors, validator } = compileSchemaRules(resource(spec), root);
    expect(errors).toEqual([]);
    const object = { apiVersion: 'v1', kind: 'W', metadata: { name: 'w' }, spec: { list: Array.from({ length: 600 }, (_, index) => index), z: 'x' } };
    expect(validator.validate(object, undefined).map(fieldErrorText)).toEqual([
      "spec.list: Invalid value: \"array\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.all(x, self.all(y, true))",
    ]);
  });

  // RuntimeCELCostBudget: once a rule's cost exceeds what is left, validation stops at that node.
  it('request budget', () => {
    const spec: SchemaNode = { type: 'object', properties: { size: { type: 'integer' } }, 'x-kubernetes-validations': [{ rule: 'self.size > 0' }, { rule: 'self.size < 10' }] };
    const schema = resource(spec);
    const tree = buildRuleTree(schema, schema, true, schemaDeclType(schema, true))!;
    const state = validateObjectTree(tree, { apiVersion: 'v1', kind: 'W', metadata: { name: 'w' }, spec: { size: 1 } }, undefined, 3);
    expect(state.errors.map(fieldErrorText)).toEqual(['spec: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run']);
    expect(state.remaining).toBe(-1);
  });
});
