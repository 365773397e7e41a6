/**
 * CRD validation of x-kubernetes-validations (apiextensions validation.go
 * ValidateCustomResourceDefinitionOpenAPISchema, schema/cel/compilation.go): static checks of the
 * rule fields, compile errors with cel-go's display (`ERROR: <input>:L:C: ...` and a caret),
 * result types, literal validators, and where oldSelf may be used; exact texts and paths.
 */
import { describe, expect, it } from 'vitest';
import { compileSchemaRules } from '../../src/cel/index.js';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import type { SchemaNode, ValidationRule } from '../../src/schema/types.js';

const str: SchemaNode = { type: 'string' };
const root = 'spec.versions[0].schema.openAPIV3Schema';
const P = `${root}.properties[spec]`;
const resource = (spec: SchemaNode, rules?: ValidationRule[]): SchemaNode => ({
  type: 'object', properties: { apiVersion: str, kind: str, metadata: { type: 'object' }, spec }, ...(rules ? { 'x-kubernetes-validations': rules } : {}),
});
const spec = (...rules: ValidationRule[]): SchemaNode => ({ type: 'object', properties: { size: { type: 'integer' }, name: str }, 'x-kubernetes-validations': rules });
/** %#v of the internal apiextensions.ValidationRule. */
const literal = (rule: string, messageExpression = ''): string =>
  `apiextensions.ValidationRule{Rule:${JSON.stringify(rule)}, Message:"", MessageExpression:${JSON.stringify(messageExpression)}, Reason:(*apiextensions.FieldValueErrorReason)(nil), FieldPath:"", OptionalOldSelf:(*bool)(nil)}`;
const compileError = (rule: string, detail: string, at = P): string => `${at}.x-kubernetes-validations[0].rule: Invalid value: ${literal(rule)}: ${detail}`;

const list = (listType: 'atomic' | 'set' | 'map' | undefined, rule: ValidationRule): SchemaNode => ({
  type: 'object',
  properties: {
    list: {
      type: 'array', maxItems: 100, ...(listType ? { 'x-kubernetes-list-type': listType } : {}), ...(listType === 'map' ? { 'x-kubernetes-list-map-keys': ['name'] } : {}),
      items: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } }, 'x-kubernetes-validations': [rule] },
    },
  },
});

const cases: { name: string; schema: SchemaNode; expected: string[] }[] = [
  // cel-go checker: unknown field of a schema object, at the `.`.
  { name: 'undefined field', schema: resource(spec({ rule: 'self.foo > 0' })),
    expected: [compileError('self.foo > 0', "compilation failed: ERROR: <input>:1:5: undefined field 'foo'\n | self.foo > 0\n | ....^")] },
  // cel-go checker: unknown function, at its `(`.
  { name: 'undeclared reference', schema: resource(spec({ rule: 'foo(self.size)' })),
    expected: [compileError('foo(self.size)', "compilation failed: ERROR: <input>:1:4: undeclared reference to 'foo' (in container '')\n | foo(self.size)\n | ...^")] },
  // Overload resolution, at the operator.
  { name: 'no matching overload', schema: resource(spec({ rule: "self.size == 'a'" })),
    expected: [compileError("self.size == 'a'", "compilation failed: ERROR: <input>:1:11: found no matching overload for '_==_' applied to '(int, string)'\n | self.size == 'a'\n | ..........^")] },
  // Schema fields are not null: comparing with null does not type-check.
  { name: 'comparison with null', schema: resource(spec({ rule: 'self.name == null' })),
    expected: [compileError('self.name == null', "compilation failed: ERROR: <input>:1:11: found no matching overload for '_==_' applied to '(string, null)'\n | self.name == null\n | ..........^")] },
  // HomogeneousAggregateLiterals.
  { name: 'mixed list literal', schema: resource(spec({ rule: "self.size in [1, 'a']" })),
    expected: [compileError("self.size in [1, 'a']", "compilation failed: ERROR: <input>:1:18: expected type 'int' but found 'string'\n | self.size in [1, 'a']\n | .................^")] },
  // Syntax errors keep cel-go's shape; the text after `Syntax error:` is @bufbuild/cel's parser's.
  { name: 'syntax error', schema: resource(spec({ rule: 'self.size >' })),
    expected: [compileError('self.size >', 'compilation failed: ERROR: <input>:1:11: Syntax error: found > but expecting end of input\n | self.size >\n | ..........^')] },
  // The result must be a bool.
  { name: 'non-bool rule', schema: resource(spec({ rule: 'self.size + 1' })), expected: [compileError('self.size + 1', 'cel expression must evaluate to a bool')] },
  // messageExpression: compiled in the same environment, must be a string; errors at `.messageExpression`.
  { name: 'messageExpression not a string', schema: resource(spec({ rule: 'self.size > 0', messageExpression: 'self.size' })),
    expected: [`${P}.x-kubernetes-validations[0].messageExpression: Invalid value: ${literal('self.size > 0', 'self.size')}: messageExpression must evaluate to a string`] },
  { name: 'messageExpression compile error', schema: resource(spec({ rule: 'self.size > 0', messageExpression: 'self.nope' })),
    expected: [`${P}.x-kubernetes-validations[0].messageExpression: Invalid value: ${literal('self.size > 0', 'self.nope')}: messageExpression compilation failed: ERROR: <input>:1:5: undefined field 'nope'\n | self.nope\n | ....^`] },
  // ValidateRegexLiterals / ValidateDurationLiterals, at the argument.
  { name: 'invalid regex literal', schema: resource(spec({ rule: "self.name.matches('(')" })),
    expected: [compileError("self.name.matches('(')", "compilation failed: ERROR: <input>:1:19: invalid matches argument\n | self.name.matches('(')\n | ..................^")] },
  { name: 'invalid duration literal', schema: resource(spec({ rule: "duration('1d') > duration('1h')" })),
    expected: [compileError("duration('1d') > duration('1h')", "compilation failed: ERROR: <input>:1:10: invalid duration argument\n | duration('1d') > duration('1h')\n | .........^")] },
  // cel.OptimizeRegex precompiles constant patterns of find/findAll.
  { name: 'invalid find pattern', schema: resource(spec({ rule: "self.name.find(')') == ''" })),
    expected: [compileError("self.name.find(')') == ''", 'program instantiation failed: error parsing regexp: unexpected ): `)`')] },
  // The authz library has no `authorizer` variable for CRD rules.
  { name: 'authorizer', schema: resource(spec({ rule: "authorizer.path('/healthz').check('get').allowed()" })),
    expected: [compileError("authorizer.path('/healthz').check('get').allowed()", "compilation failed: ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.path('/healthz').check('get').allowed()\n | ^")] },
  // At the resource root only metadata.name and metadata.generateName are visible.
  { name: 'metadata.namespace at the root', schema: resource(spec({ rule: 'true' }), [{ rule: "self.metadata.namespace == 'x'" }]),
    expected: [compileError("self.metadata.namespace == 'x'", "compilation failed: ERROR: <input>:1:14: undefined field 'namespace'\n | self.metadata.namespace == 'x'\n | .............^", root)] },
  // oldSelf is forbidden below lists that are not list-type=map (items do not correlate).
  { name: 'oldSelf under an atomic list', schema: resource(list(undefined, { rule: 'self.name == oldSelf.name' })),
    expected: [`${P}.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: "self.name == oldSelf.name": oldSelf cannot be used on the uncorrelatable portion of the schema within ${P}.properties[list]`] },
  { name: 'oldSelf under a set', schema: resource(list('set', { rule: 'self == oldSelf' })),
    expected: [`${P}.properties[list].items.x-kubernetes-validations[0].rule: Invalid value: "self == oldSelf": oldSelf cannot be used on the uncorrelatable portion of the schema within ${P}.properties[list]`] },
  { name: 'oldSelf under a map list', schema: resource(list('map', { rule: 'self.name == oldSelf.name' })), expected: [] },
  // optionalOldSelf only with oldSelf.
  { name: 'optionalOldSelf without oldSelf', schema: resource(spec({ rule: 'self.size > 0', optionalOldSelf: true })),
    expected: [`${P}.x-kubernetes-validations[0].optionalOldSelf: Invalid value: true: may not be set if oldSelf is not used in rule`] },
  // Static checks of the rule fields.
  { name: 'empty rule', schema: resource(spec({ rule: '  ' })), expected: [`${P}.x-kubernetes-validations[0].rule: Required value: rule is not specified`] },
  { name: 'unsupported reason', schema: resource(spec({ rule: 'true', reason: 'FieldValueTooLong' })),
    expected: [`${P}.x-kubernetes-validations[0].reason: Unsupported value: "FieldValueTooLong": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`] },
  { name: 'invalid fieldPath', schema: resource(spec({ rule: 'true', fieldPath: '.nope' })), expected: [`${P}.x-kubernetes-validations[0].fieldPath: Invalid value: ".nope": fieldPath must be a valid path`] },
  { name: 'message with a line break', schema: resource(spec({ rule: 'true', message: 'a\nb' })), expected: [`${P}.x-kubernetes-validations[0].message: Invalid value: "a\\nb": message must not contain line breaks`] },
  { name: 'multi-line rule without message', schema: resource(spec({ rule: 'self.size > 0 &&\n true' })), expected: [`${P}.x-kubernetes-validations[0].message: Required value: message must be specified if rule contains line breaks`] },
  // A schema error at a node skips compiling its rules; schema errors come before CEL errors.
  { name: 'schema errors first, then CEL errors', schema: resource({ type: 'object', properties: { a: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.nope', reason: 'Nope' }] }, b: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self > 1' }] } } }),
    expected: [
      `${P}.properties[a].x-kubernetes-validations[0].reason: Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
      compileError('self > 1', "compilation failed: ERROR: <input>:1:6: found no matching overload for '_>_' applied to '(string, int)'\n | self > 1\n | .....^", `${P}.properties[b]`),
    ] },
  // A property without a CEL type (no type, preserve-unknown-fields) cannot carry rules.
  { name: 'rules on an untyped node', schema: resource({ type: 'object', properties: { any: { 'x-kubernetes-preserve-unknown-fields': true, 'x-kubernetes-validations': [{ rule: 'true' }] } } }),
    expected: [`${P}.properties[any].x-kubernetes-validations: Internal error: internal error: failed to construct type information for x-kubernetes-validations rules: unable to convert structural schema to CEL declarations`] },
];

describe('CRD validation of rules', () => {
  it.each(cases)('$name', ({ schema, expected }) => {
    expect(compileSchemaRules(schema, root).errors.map(fieldErrorText)).toEqual(expected);
  });

  // kube does not compile allOf rules at CRD time; at runtime their compile errors are field errors.
  it('allOf rules compile at runtime only', () => {
    const schema = resource({ type: 'object', properties: { a: str }, allOf: [{ 'x-kubernetes-validations': [{ rule: 'self.b == 1' }] }] });
    const { errors, validator } = compileSchemaRules(schema, root);
    expect(errors).toEqual([]);
    const objectErrors = validator.validate({ apiVersion: 'v1', kind: 'W', metadata: { name: 'w' }, spec: { a: 'x' } }, undefined);
    expect(objectErrors.map(fieldErrorText)).toEqual(["spec: Invalid value: \"object\": rule compile error: compilation failed: ERROR: <input>:1:5: undefined field 'b'\n | self.b == 1\n | ....^"]);
  });
});
