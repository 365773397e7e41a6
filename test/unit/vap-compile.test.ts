/**
 * validatePolicyExpressions: the CEL parts of kube's ValidatingAdmissionPolicy validation, with
 * its field paths and compile error texts (`compilation failed: ERROR: <input>:L:C: ...`).
 */
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { validatePolicyExpressions } from '../../src/admission-policy/index.js';

const errorsOf = (spec: Record<string, unknown>): string[] => validatePolicyExpressions({ metadata: { name: 'p' }, spec }).map(fieldErrorText);

describe('validatePolicyExpressions', () => {
  it('accepts a valid policy', () => {
    expect(errorsOf({
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConditions: [{ name: 'm', expression: `request.userInfo.username != 'admin' && params != null` }],
      variables: [{ name: 'replicas', expression: 'object.spec.replicas' }, { name: 'big', expression: 'variables.replicas > 3' }],
      validations: [{ expression: '!variables.big', messageExpression: `'too big: ' + string(variables.replicas)` }],
      auditAnnotations: [{ key: 'k', valueExpression: `'x'` }],
    })).toEqual([]);
  });

  it.each([
    { name: 'undeclared reference', spec: { validations: [{ expression: 'foo == 1' }] },
      want: [`spec.validations[0].expression: Invalid value: "foo == 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'foo' (in container '')\n | foo == 1\n | ^`] },
    { name: 'params without paramKind', spec: { validations: [{ expression: 'params.x == 1' }] },
      want: [`spec.validations[0].expression: Invalid value: "params.x == 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^`] },
    { name: 'unknown request field', spec: { validations: [{ expression: `request.foo == 'x'` }] },
      want: [`spec.validations[0].expression: Invalid value: "request.foo == 'x'": compilation failed: ERROR: <input>:1:8: undefined field 'foo'\n | request.foo == 'x'\n | .......^`] },
    { name: 'a dyn result is not a bool', spec: { validations: [{ expression: 'object.spec.enabled' }] },
      want: [`spec.validations[0].expression: Invalid value: "object.spec.enabled": must evaluate to bool but got dyn`] },
    { name: 'messageExpression must be a string', spec: { validations: [{ expression: 'true', messageExpression: '1' }] },
      want: [`spec.validations[0].messageExpression: Invalid value: "1": must evaluate to string but got int`] },
    { name: 'blank messageExpression', spec: { validations: [{ expression: 'true', messageExpression: '  ' }] },
      want: [`spec.validations[0].messageExpression: Invalid value: "  ": must be non-empty if specified`] },
    { name: 'missing expression', spec: { validations: [{ expression: ' ' }] },
      want: [`spec.validations[0].expression: Required value: expression is not specified`] },
    { name: 'variables without variables declared', spec: { validations: [{ expression: 'variables.x' }] },
      want: [`spec.validations[0].expression: Invalid value: "variables.x": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.x\n | ^`] },
    { name: 'a variable sees only earlier variables', spec: { variables: [{ name: 'a', expression: 'variables.b' }, { name: 'b', expression: '1' }], validations: [{ expression: 'variables.b == 1' }] },
      want: [`spec.variables[0].expression: Invalid value: "variables.b": compilation failed: ERROR: <input>:1:10: undefined field 'b'\n | variables.b\n | .........^`] },
    { name: 'variable name must be a CEL identifier', spec: { variables: [{ name: 'in', expression: '1' }], validations: [{ expression: 'true' }] },
      want: [`spec.variables[0].name: Invalid value: "in": name is not a valid CEL identifier`] },
    { name: 'matchConditions do not see variables', spec: { variables: [{ name: 'a', expression: '1' }], matchConditions: [{ name: 'm', expression: 'variables.a == 1' }], validations: [{ expression: 'true' }] },
      want: [`spec.matchConditions[0].expression: Invalid value: "variables.a == 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.a == 1\n | ^`] },
    { name: 'audit annotation value type', spec: { auditAnnotations: [{ key: 'k', valueExpression: '1' }] },
      want: [`spec.auditAnnotations[0].valueExpression: Invalid value: "1": must evaluate to one of [string null_type] but got int`] },
    { name: 'syntax error', spec: { validations: [{ expression: '1 +' }] },
      // The text after `Syntax error:` is @bufbuild/cel's wording (see src/cel/README.md).
      want: [expect.stringMatching(/^spec\.validations\[0\]\.expression: Invalid value: "1 \+": compilation failed: ERROR: <input>:1:\d+: Syntax error: /)] },
  ])('$name', ({ spec, want }) => {
    expect(errorsOf(spec)).toEqual(want);
  });
});
