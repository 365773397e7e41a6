/** Defaulting and validation of ValidatingAdmissionPolicy(Binding), kube v1.32 texts and paths (CEL excluded). */
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { kindSemantics } from '../../src/kinds/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const policy = kindSemantics('admissionregistration.k8s.io', 'ValidatingAdmissionPolicy');
const binding = kindSemantics('admissionregistration.k8s.io', 'ValidatingAdmissionPolicyBinding');
const rule = { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] };
const object = (spec: unknown, name = 'p'): KubeObject => ({ metadata: { name }, spec } as KubeObject);
const defaulted = (semantics: typeof policy, spec: unknown): KubeObject => {
  const o = object(structuredClone(spec));
  semantics.default?.(o);
  return o;
};
const texts = (semantics: typeof policy, spec: unknown) => (semantics.validate?.(defaulted(semantics, spec)) ?? []).map(fieldErrorText);

describe('defaults', () => {
  it('ValidatingAdmissionPolicy: failurePolicy, matchPolicy, selectors, rule scope', () => {
    expect(defaulted(policy, { matchConstraints: { resourceRules: [rule] } }).spec).toEqual({
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ ...rule, scope: '*' }], matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {} },
    });
  });
  it('ValidatingAdmissionPolicyBinding: parameterNotFoundAction only when paramRef is set', () => {
    expect(defaulted(binding, { policyName: 'p', paramRef: { name: 'x' } }).spec).toEqual({ policyName: 'p', paramRef: { name: 'x', parameterNotFoundAction: 'Deny' } });
    expect(defaulted(binding, { policyName: 'p' }).spec).toEqual({ policyName: 'p' });
  });
});

describe('ValidatingAdmissionPolicy validation', () => {
  it.each([
    ['a valid policy', { matchConstraints: { resourceRules: [rule] }, validations: [{ expression: 'true' }] }, []],
    ['nothing', {}, [
      'spec.matchConstraints: Required value',
      'spec.validations: Required value: validations or auditAnnotations must contain at least one item',
      'spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item',
    ]],
    ['no resource rules, bad failurePolicy', { failurePolicy: 'Maybe', matchConstraints: {}, validations: [{ expression: ' ' }] }, [
      'spec.failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"',
      'spec.matchConstraints.resourceRules: Required value',
      'spec.validations[0].expression: Required value: expression is not specified',
    ]],
    ['paramKind and rules', {
      paramKind: { apiVersion: 'a/b/c', kind: '' },
      matchConstraints: { resourceRules: [{ ...rule, operations: ['*', 'PATCH'], resources: ['*/*', 'pods'], scope: 'All' }] },
      validations: [{ expression: 'true', message: 'a\nb', reason: 'Conflict' }],
    }, [
      'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      'spec.paramKind.kind: Required value',
      'spec.matchConstraints.resourceRules[0].operations: Invalid value: []string{"*", "PATCH"}: if \'*\' is present, must not specify other operations',
      'spec.matchConstraints.resourceRules[0].operations[1]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
      'spec.matchConstraints.resourceRules[0].resources: Invalid value: []string{"*/*", "pods"}: if \'*/*\' is present, must not specify other resources',
      'spec.matchConstraints.resourceRules[0].scope: Unsupported value: "All": supported values: "*", "Cluster", "Namespaced"',
      'spec.validations[0].message: Invalid value: "a\\nb": message must not contain line breaks',
      'spec.validations[0].reason: Unsupported value: "Conflict": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
    ]],
    ['variables, match conditions, audit annotations', {
      matchConstraints: { resourceRules: [rule] },
      variables: [{ name: 'in', expression: 'true' }, { name: 'ok', expression: '' }],
      matchConditions: [{ name: 'a', expression: 'true' }, { name: 'a', expression: 'true' }],
      auditAnnotations: [{ key: 'k', valueExpression: "'v'" }, { key: 'k', valueExpression: '' }],
    }, [
      'spec.matchConditions[1].name: Duplicate value: "a"',
      'spec.variables[0].name: Invalid value: "in": name is not a valid CEL identifier',
      'spec.variables[1].expression: Required value: expression is not specified',
      'spec.auditAnnotations[1].valueExpression: Required value: valueExpression is not specified',
      'spec.auditAnnotations[1].key: Duplicate value: "k"',
    ]],
    ['CEL compile errors (src/admission/policy)', {
      matchConstraints: { resourceRules: [rule] },
      validations: [{ expression: 'x' }, { expression: "'a'" }],
    }, [
      "spec.validations[0].expression: Invalid value: \"x\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x\n | ^",
      "spec.validations[1].expression: Invalid value: \"'a'\": must evaluate to bool but got string",
    ]],
  ])('%s', (_name, spec, want) => {
    expect(texts(policy, spec)).toEqual(want);
  });
});

describe('ValidatingAdmissionPolicyBinding validation', () => {
  it.each([
    ['a valid binding', { policyName: 'p', validationActions: ['Deny'] }, []],
    ['nothing', {}, ['spec.policyName: Required value', 'spec.validationActions: Required value: at least one validation action is required']],
    ['actions', { policyName: 'p', validationActions: ['Deny', 'Warn', 'Deny', 'Block'] }, [
      'spec.validationActions[2]: Duplicate value: "Deny"',
      'spec.validationActions[3]: Unsupported value: "Block": supported values: "Audit", "Deny", "Warn"',
      'spec.validationActions: Invalid value: []string{"Deny", "Warn", "Deny", "Block"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    ]],
    ['paramRef', { policyName: 'p', validationActions: ['Audit'], paramRef: { name: 'a', selector: {}, parameterNotFoundAction: 'Ignore' } }, [
      'spec.paramRef.name: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.selector: Forbidden: name and selector are mutually exclusive',
      'spec.paramRef.parameterNotFoundAction: Unsupported value: "Ignore": supported values: "Deny", "Allow"',
    ]],
    ['empty paramRef, matchResources (kube\'s misspelt path)', { policyName: 'p', validationActions: ['Warn'], paramRef: {}, matchResources: { matchPolicy: 'Fuzzy' } }, [
      'spec.paramRef: Required value: one of name or selector must be specified',
      'spec.matchResouces.matchPolicy: Unsupported value: "Fuzzy": supported values: "Equivalent", "Exact"',
    ]],
  ])('%s', (_name, spec, want) => {
    expect(texts(binding, spec)).toEqual(want);
  });
});

describe('status update', () => {
  it('requires a warning and fieldRef of each expression warning', () => {
    const o = { ...object({}), status: { typeChecking: { expressionWarnings: [{ fieldRef: '', warning: '' }] } } } as KubeObject;
    expect((policy.validateStatusUpdate?.(o, o) ?? []).map(fieldErrorText)).toEqual([
      'status.typeChecking.expressionWarnings[0].warning: Required value',
      'status.typeChecking.expressionWarnings[0].fieldRef: Required value',
    ]);
  });
});
