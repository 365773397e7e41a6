/**
 * The resource types v1.32 serves GA that v1.26 lacked (ValidatingAdmissionPolicy, its binding, SelfSubjectReview):
 * catalog entries, schemas, served OpenAPI v3 documents and Protobuf descriptors.
 */
import { describe, expect, it } from 'vitest';
import documents from '../../data/openapi-documents.js';
import descriptors from '../../data/proto-descriptors.json';
import { kinds, packages } from '../../data/schemas.js';
import { findResource } from '../../src/api/catalog.js';

const crud = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

describe('catalog entries', () => {
  it.each([
    ['admissionregistration.k8s.io', 'validatingadmissionpolicies', {
      group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicies', kind: 'ValidatingAdmissionPolicy',
      listKind: 'ValidatingAdmissionPolicyList', singularName: 'validatingadmissionpolicy', namespaced: false, verbs: crud,
      categories: ['api-extensions'], storageVersionHash: '6OxvlMmQ6is=',
      subresources: [{ name: 'status', kind: 'ValidatingAdmissionPolicy', verbs: ['get', 'patch', 'update'] }],
    }],
    ['admissionregistration.k8s.io', 'validatingadmissionpolicybindings', {
      group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicybindings', kind: 'ValidatingAdmissionPolicyBinding',
      listKind: 'ValidatingAdmissionPolicyBindingList', singularName: 'validatingadmissionpolicybinding', namespaced: false, verbs: crud,
      categories: ['api-extensions'], storageVersionHash: 'v9715VZqakg=',
    }],
    ['authentication.k8s.io', 'selfsubjectreviews', {
      group: 'authentication.k8s.io', version: 'v1', resource: 'selfsubjectreviews', kind: 'SelfSubjectReview',
      singularName: 'selfsubjectreview', namespaced: false, verbs: ['create'], virtual: true,
    }],
  ])('%s/v1 %s', (group, resource, want) => {
    expect(findResource(group, 'v1', resource)).toStrictEqual(want);
  });
});

describe('schemas and documents', () => {
  const schemasOf = (pkg: string) => JSON.parse(packages[pkg] ?? '{}') as Record<string, { properties?: Record<string, unknown>; required?: string[] }>;

  it('names a root schema for each new kind', () => {
    expect(kinds['admissionregistration.k8s.io']?.v1).toMatchObject({
      ValidatingAdmissionPolicy: 'io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicy',
      ValidatingAdmissionPolicyBinding: 'io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicyBinding',
    });
    expect(kinds['authentication.k8s.io']?.v1?.SelfSubjectReview).toBe('io.k8s.api.authentication.v1.SelfSubjectReview');
  });

  it.each([
    ['ValidatingAdmissionPolicy', ['apiVersion', 'kind', 'metadata', 'spec', 'status']],
    ['ValidatingAdmissionPolicySpec', ['failurePolicy', 'matchConstraints', 'paramKind', 'validations', 'auditAnnotations', 'matchConditions', 'variables']],
    ['Validation', ['expression', 'message', 'reason', 'messageExpression']],
    ['ParamRef', ['name', 'namespace', 'selector', 'parameterNotFoundAction']],
    ['ValidatingAdmissionPolicyBindingSpec', ['matchResources', 'paramRef', 'policyName', 'validationActions']],
    ['ValidatingAdmissionPolicyStatus', ['observedGeneration', 'typeChecking', 'conditions']],
    ['ExpressionWarning', ['fieldRef', 'warning']],
  ])('%s has the v1.32 fields', (name, fields) => {
    const schema = schemasOf('io.k8s.api.admissionregistration.v1')[`io.k8s.api.admissionregistration.v1.${name}`];
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual([...fields].sort());
  });

  it('serves the v1 paths, the /status subresource included, in the OpenAPI v3 documents', () => {
    const admission = JSON.parse(documents['apis/admissionregistration.k8s.io/v1']!.text) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(admission.paths)).toEqual(expect.arrayContaining([
      '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies/{name}/status',
      '/apis/admissionregistration.k8s.io/v1/watch/validatingadmissionpolicybindings/{name}',
    ]));
    expect(admission.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.Condition']).toBeDefined();
    const authentication = JSON.parse(documents['apis/authentication.k8s.io/v1']!.text) as { paths: Record<string, unknown> };
    expect(Object.keys(authentication.paths)).toContain('/apis/authentication.k8s.io/v1/selfsubjectreviews');
  });
});

describe('Protobuf descriptors', () => {
  const messages = descriptors.messages as Record<string, unknown[][]>;
  it.each([
    ['k8s.io.api.admissionregistration.v1.Validation', [[1, 'expression', 'string', 'vk'], [2, 'message', 'string', 'v'], [3, 'reason', 'string', 'p'], [4, 'messageExpression', 'string', 'v']]],
    ['k8s.io.api.admissionregistration.v1.NamedRuleWithOperations', [[1, 'resourceNames', 'string', 'r'], [2, 'ruleWithOperations', 'RuleWithOperations', 'iv']]],
    ['k8s.io.api.admissionregistration.v1.ValidatingAdmissionPolicyBindingSpec', [[1, 'policyName', 'string', 'v'], [2, 'paramRef', 'ParamRef'], [3, 'matchResources', 'MatchResources'], [4, 'validationActions', 'string', 'r']]],
    ['k8s.io.api.authentication.v1.SelfSubjectReviewStatus', [[1, 'userInfo', 'UserInfo', 'v']]],
  ])('%s', (fqn, fields) => {
    expect(messages[fqn]).toEqual(fields);
  });

  it('indexes the kinds', () => {
    const kindsOf = (apiVersion: string) => (descriptors.kinds as unknown as Record<string, [string, string[]]>)[apiVersion]?.[1];
    expect(kindsOf('admissionregistration.k8s.io/v1')).toEqual(expect.arrayContaining([
      'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyList', 'ValidatingAdmissionPolicyBinding', 'ValidatingAdmissionPolicyBindingList',
    ]));
    expect(kindsOf('authentication.k8s.io/v1')).toContain('SelfSubjectReview');
  });
});
