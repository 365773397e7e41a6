/**
 * Params of ValidatingAdmissionPolicy bindings (generic CollectParams and the validating
 * dispatcher): by name, by selector (every param evaluated), the lookup namespace,
 * parameterNotFoundAction, unknown param kinds, and bindings without paramRef.
 */
import { describe, expect, it } from 'vitest';
import { admitWithPolicies, compilePolicy, type AdmissionAttributes, type ParamReference, type ParamSource } from '../../src/admission-policy/index.js';

const attrs: AdmissionAttributes = {
  operation: 'CREATE', group: '', version: 'v1', resource: 'configmaps', subresource: '', kind: { group: '', version: 'v1', kind: 'ConfigMap' },
  namespace: 'team-a', name: 'cm', object: { metadata: { name: 'cm' }, data: { size: '7' } }, oldObject: null, dryRun: false,
  userInfo: { username: 'alice', groups: [] }, namespaceObject: { metadata: { name: 'team-a' } }, clusterScoped: false,
};

const limits = [
  { metadata: { name: 'small', namespace: 'team-a', labels: { kind: 'limit' } }, data: { max: '5' } },
  { metadata: { name: 'large', namespace: 'team-a', labels: { kind: 'limit' } }, data: { max: '10' } },
];

/** A ConfigMap param source over `limits` that records its lookups. */
function source(lookups: ParamReference[] = []): ParamSource {
  return async (kind, ref) => {
    lookups.push(ref);
    if (kind.kind !== 'ConfigMap') return 'unknown-kind';
    if (ref.name) return limits.filter((limit) => limit.metadata.name === ref.name && ref.namespace === 'team-a');
    return limits;
  };
}

const policy = (paramKind: Record<string, unknown> | undefined = { apiVersion: 'v1', kind: 'ConfigMap' }) => compilePolicy({
  metadata: { name: 'max-size' },
  spec: {
    ...(paramKind ? { paramKind } : {}),
    matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
    validations: [{ expression: 'params == null || int(object.data.size) <= int(params.data.max)', messageExpression: `'size over ' + params.data.max + ' of ' + params.metadata.name` }],
  },
});
const binding = (paramRef?: Record<string, unknown>) =>
  ({ metadata: { name: 'max-size-binding' }, spec: { policyName: 'max-size', validationActions: ['Warn'], ...(paramRef ? { paramRef } : {}) } });

describe('params', () => {
  it('by name, in the request namespace by default', async () => {
    const lookups: ParamReference[] = [];
    const outcome = await admitWithPolicies([policy()], [binding({ name: 'small', parameterNotFoundAction: 'Deny' })], attrs, source(lookups));
    expect(lookups).toEqual([{ name: 'small', namespace: 'team-a' }]);
    expect(outcome.warnings).toEqual([`Validation failed for ValidatingAdmissionPolicy 'max-size' with binding 'max-size-binding': size over 5 of small`]);
  });

  it('paramRef.namespace overrides the request namespace', async () => {
    const lookups: ParamReference[] = [];
    const outcome = await admitWithPolicies([policy()], [binding({ name: 'small', namespace: 'other', parameterNotFoundAction: 'Allow' })], attrs, source(lookups));
    expect(lookups).toEqual([{ name: 'small', namespace: 'other' }]);
    expect(outcome).toEqual({ warnings: [], auditAnnotations: {}, decisions: [] });
  });

  it('by selector: each param is evaluated', async () => {
    const lookups: ParamReference[] = [];
    const selector = { matchLabels: { kind: 'limit' } };
    const outcome = await admitWithPolicies([policy()], [binding({ selector, parameterNotFoundAction: 'Deny' })], attrs, source(lookups));
    expect(lookups).toEqual([{ selector, namespace: 'team-a' }]);
    expect(outcome.warnings).toEqual([`Validation failed for ValidatingAdmissionPolicy 'max-size' with binding 'max-size-binding': size over 5 of small`]);
    const strict = { ...attrs, object: { metadata: { name: 'cm' }, data: { size: '20' } } };
    expect((await admitWithPolicies([policy()], [binding({ selector, parameterNotFoundAction: 'Deny' })], strict, source())).warnings).toHaveLength(2);
  });

  it('params get apiVersion and kind', async () => {
    const spec = { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' }, matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
      validations: [{ expression: `params.kind != 'ConfigMap'`, messageExpression: 'params.apiVersion + "/" + params.kind' }] };
    const outcome = await admitWithPolicies([compilePolicy({ metadata: { name: 'max-size' }, spec })], [binding({ name: 'small', parameterNotFoundAction: 'Deny' })], attrs, source());
    expect(outcome.warnings[0]).toMatch(/: v1\/ConfigMap$/);
  });

  it('not found with Deny: a binding configuration error', async () => {
    const outcome = await admitWithPolicies([policy()], [binding({ name: 'missing', parameterNotFoundAction: 'Deny' })], attrs, source());
    expect(outcome.denied?.details.causes[0]!.message).toBe(
      "ValidatingAdmissionPolicy 'max-size' with binding 'max-size-binding' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction");
    expect(outcome.denied?.code).toBe(422);
  });

  it('not found with Allow: nothing evaluated', async () => {
    const outcome = await admitWithPolicies([policy()], [binding({ name: 'missing', parameterNotFoundAction: 'Allow' })], attrs, source());
    expect(outcome).toEqual({ warnings: [], auditAnnotations: {}, decisions: [] });
  });

  it('an unknown param kind: a policy configuration error', async () => {
    const outcome = await admitWithPolicies([policy({ apiVersion: 'example.com/v1', kind: 'Limit' })], [binding({ name: 'small', parameterNotFoundAction: 'Deny' })], attrs, source());
    expect(outcome.denied?.details.causes[0]!.message).toBe(
      "ValidatingAdmissionPolicy 'max-size' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Limit'");
  });

  it('configuration errors are ignored under failurePolicy Ignore', async () => {
    const ignoring = compilePolicy({ metadata: { name: 'max-size' }, spec: { failurePolicy: 'Ignore', paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] }, validations: [{ expression: 'false' }] } });
    const outcome = await admitWithPolicies([ignoring], [binding({ name: 'missing', parameterNotFoundAction: 'Deny' })], attrs, source());
    expect(outcome.denied).toBeUndefined();
  });

  it('a binding without paramRef evaluates with params null (kube v1.32 CollectParams)', async () => {
    const lookups: ParamReference[] = [];
    const outcome = await admitWithPolicies([policy()], [binding()], attrs, source(lookups));
    expect(lookups).toEqual([]);
    expect(outcome).toEqual({ warnings: [], auditAnnotations: {}, decisions: [] });
  });

  it('params is null without a paramKind', async () => {
    const spec = { matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
      validations: [{ expression: 'true' }], auditAnnotations: [{ key: 'p', valueExpression: 'request.name' }] };
    const outcome = await admitWithPolicies([compilePolicy({ metadata: { name: 'max-size' }, spec })], [binding({ name: 'small' })], attrs, source());
    expect(outcome.auditAnnotations).toEqual({ 'max-size/p': 'cm' });
  });
});
