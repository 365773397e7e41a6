/**
 * ValidatingAdmissionPolicy evaluation end to end on plain JSON (validating/dispatcher.go and
 * validator.go): validation actions, messages, reasons and codes, variables, runtime errors under
 * the failure policies, audit annotations, DELETE and the request variable.
 */
import { describe, expect, it } from 'vitest';
import { admitWithPolicies, compilePolicy, type AdmissionAttributes, type ParamSource } from '../../src/admission-policy/index.js';

const noParams: ParamSource = async () => [];

function policy(name: string, spec: Record<string, unknown>): object {
  return {
    metadata: { name },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE', 'DELETE'], resources: ['deployments'] }] },
      ...spec,
    },
  };
}
const binding = (name: string, policyName: string, actions: string[] = ['Deny'], spec: Record<string, unknown> = {}): object =>
  ({ metadata: { name }, spec: { policyName, validationActions: actions, ...spec } });

const deployment = (replicas: number, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } }, spec: { replicas, ...extra } });

function attrs(overrides: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    operation: 'CREATE', group: 'apps', version: 'v1', resource: 'deployments', subresource: '',
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' }, namespace: 'default', name: 'web',
    object: deployment(5), oldObject: null, dryRun: false, userInfo: { username: 'alice', groups: ['system:authenticated'] },
    namespaceObject: { metadata: { name: 'default', labels: { env: 'prod' } } }, clusterScoped: false, ...overrides,
  };
}

async function run(spec: Record<string, unknown>, actions: string[] = ['Deny'], request: Partial<AdmissionAttributes> = {}) {
  return admitWithPolicies([compilePolicy(policy('replicas', spec))], [binding('replicas-binding', 'replicas', actions)], attrs(request), noParams);
}

describe('validation actions', () => {
  const spec = { validations: [{ expression: 'object.spec.replicas <= 3' }] };

  it('Deny: the Status of the first denial, kube texts', async () => {
    const outcome = await run(spec);
    expect(outcome.denied).toEqual({
      message: `deployments.apps "web" is forbidden: ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: failed expression: object.spec.replicas <= 3`,
      reason: 'Invalid', code: 422,
      details: { name: 'web', group: 'apps', kind: 'deployments', causes: [{ message: `ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: failed expression: object.spec.replicas <= 3` }] },
    });
    expect(outcome.warnings).toEqual([]);
  });

  it('passes when the expression is true', async () => {
    const outcome = await run(spec, ['Deny'], { object: deployment(2) });
    expect(outcome.denied).toBeUndefined();
    expect(outcome.decisions).toEqual([]);
  });

  it('Warn: a warning, no denial', async () => {
    const outcome = await run(spec, ['Warn']);
    expect(outcome.denied).toBeUndefined();
    expect(outcome.warnings).toEqual([`Validation failed for ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding': failed expression: object.spec.replicas <= 3`]);
  });

  it('Audit: the validation_failure annotation as kube marshals it', async () => {
    const outcome = await run(spec, ['Audit', 'Warn']);
    expect(outcome.denied).toBeUndefined();
    expect(outcome.auditAnnotations).toEqual({
      'validation.policy.admission.k8s.io/validation_failure':
        '[{"message":"failed expression: object.spec.replicas \\u003c= 3","policy":"replicas","binding":"replicas-binding","expressionIndex":0,"validationActions":["Audit","Warn"]}]',
    });
    expect(outcome.warnings).toHaveLength(1);
  });

  it('the name comes from generateName when the request has none', async () => {
    const object = { ...deployment(5), metadata: { generateName: 'web-' } };
    const outcome = await run(spec, ['Deny'], { name: '', object });
    expect(outcome.denied?.message).toMatch(/^deployments\.apps "web-" is forbidden: /);
  });
});

describe('messages and reasons', () => {
  it.each([
    { name: 'message', validation: { message: ' too many replicas ' }, want: 'too many replicas' },
    { name: 'messageExpression wins', validation: { message: 'static', messageExpression: `'replicas ' + string(object.spec.replicas) + ' > 3'` }, want: 'replicas 5 > 3' },
    { name: 'messageExpression error falls back to message', validation: { message: 'static', messageExpression: 'object.spec.missing' }, want: 'static' },
    { name: 'empty messageExpression falls back to the expression', validation: { messageExpression: `'  '` }, want: 'failed expression: object.spec.replicas <= 3' },
    { name: 'multi-line messageExpression falls back', validation: { message: 'static', messageExpression: `'a\\nb'` }, want: 'static' },
  ])('$name', async ({ validation, want }) => {
    const outcome = await run({ validations: [{ expression: 'object.spec.replicas <= 3', ...validation }] }, ['Warn']);
    expect(outcome.warnings).toEqual([`Validation failed for ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding': ${want}`]);
  });

  it.each([
    { reason: undefined, code: 422, want: 'Invalid' },
    { reason: 'Forbidden', code: 403, want: 'Forbidden' },
    { reason: 'Unauthorized', code: 401, want: 'Unauthorized' },
    { reason: 'RequestEntityTooLarge', code: 413, want: 'RequestEntityTooLarge' },
  ])('reason $want is code $code', async ({ reason, code, want }) => {
    const outcome = await run({ validations: [{ expression: 'false', ...(reason ? { reason } : {}) }] });
    expect(outcome.denied?.reason).toBe(want);
    expect(outcome.denied?.code).toBe(code);
  });

  it('the first failing validation decides', async () => {
    const outcome = await run({ validations: [{ expression: 'true' }, { expression: 'false', message: 'second', reason: 'Forbidden' }, { expression: 'false', message: 'third' }] });
    expect(outcome.denied?.details.causes[0]!.message).toMatch(/denied request: second$/);
    expect(outcome.denied?.reason).toBe('Forbidden');
  });
});

describe('runtime errors and failurePolicy', () => {
  const spec = { validations: [{ expression: 'object.spec.nope == 1' }] };

  it('Fail: denied with the evaluation error', async () => {
    const outcome = await run(spec);
    expect(outcome.denied?.details.causes[0]!.message).toBe(
      `ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: expression 'object.spec.nope == 1' resulted in error: no such key: nope`);
    expect(outcome.denied?.code).toBe(422);
  });

  it('Ignore: admitted', async () => {
    const outcome = await run({ ...spec, failurePolicy: 'Ignore' });
    expect(outcome).toEqual({ warnings: [], auditAnnotations: {}, decisions: [] });
  });

  it('Fail with a Warn binding: the error becomes a warning', async () => {
    const outcome = await run(spec, ['Warn']);
    expect(outcome.denied).toBeUndefined();
    expect(outcome.warnings[0]).toContain(`resulted in error: no such key: nope`);
  });

  it('has() guards a missing field', async () => {
    const outcome = await run({ validations: [{ expression: '!has(object.spec.paused) || !object.spec.paused' }] }, ['Deny'], { object: deployment(1, { paused: true }) });
    expect(outcome.denied).toBeDefined();
    expect((await run({ validations: [{ expression: '!has(object.spec.paused) || !object.spec.paused' }] })).denied).toBeUndefined();
  });

  it('a validation that failed to compile is an evaluation error', async () => {
    const outcome = await run({ validations: [{ expression: 'object.spec.replicas' }] });
    expect(outcome.denied?.details.causes[0]!.message).toBe(
      `ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: compilation error: must evaluate to bool but got dyn`);
  });
});

describe('variables, request and DELETE', () => {
  it('variables are evaluated lazily and reusable', async () => {
    const spec = {
      variables: [{ name: 'limit', expression: '3' }, { name: 'over', expression: 'object.spec.replicas > variables.limit' }, { name: 'broken', expression: 'object.spec.nope' }],
      validations: [{ expression: '!variables.over', messageExpression: `'over the limit of ' + string(variables.limit)` }],
    };
    const outcome = await run(spec);
    expect(outcome.denied?.details.causes[0]!.message).toMatch(/denied request: over the limit of 3$/);
  });

  it('a failing variable fails the expression reading it', async () => {
    const outcome = await run({ variables: [{ name: 'broken', expression: 'object.spec.nope' }], validations: [{ expression: 'variables.broken == 1' }] });
    expect(outcome.denied?.details.causes[0]!.message).toMatch(
      /denied request: expression 'variables.broken == 1' resulted in error: composited variable "broken" fails to evaluate: no such key: nope$/);
  });

  it('request.userInfo.username and request.operation', async () => {
    const spec = { validations: [{ expression: `request.userInfo.username != 'alice' || request.operation != 'CREATE'`, message: 'alice may not create' }] };
    expect((await run(spec)).denied?.details.causes[0]!.message).toMatch(/alice may not create$/);
    expect((await run(spec, ['Deny'], { userInfo: { username: 'bob', groups: [] } })).denied).toBeUndefined();
  });

  it('DELETE: object is null, oldObject is set', async () => {
    const spec = { validations: [{ expression: `object == null && oldObject.metadata.labels.app != 'web'`, message: 'web is protected' }] };
    const outcome = await run(spec, ['Deny'], { operation: 'DELETE', object: null, oldObject: deployment(1) });
    expect(outcome.denied?.details.causes[0]!.message).toMatch(/web is protected$/);
    expect((await run(spec, ['Deny'], { operation: 'DELETE', object: null, oldObject: { metadata: { labels: { app: 'db' } } } })).denied).toBeUndefined();
  });

  it('namespaceObject is the request namespace', async () => {
    const spec = { validations: [{ expression: `namespaceObject.metadata.labels.env != 'prod'` }] };
    expect((await run(spec)).denied).toBeDefined();
    expect((await run(spec, ['Deny'], { namespaceObject: { metadata: { name: 'default', labels: { env: 'dev' } } } })).denied).toBeUndefined();
  });
});

describe('auditAnnotations', () => {
  it('publishes `<policy>/<key>` and skips null values', async () => {
    const spec = { auditAnnotations: [{ key: 'replicas', valueExpression: `'replicas: ' + string(object.spec.replicas)` }, { key: 'none', valueExpression: 'null' }] };
    const outcome = await run(spec);
    expect(outcome).toEqual({ warnings: [], auditAnnotations: { 'replicas/replicas': 'replicas: 5' }, decisions: [] });
  });

  it('an evaluation error denies under Fail whatever the actions', async () => {
    const outcome = await run({ auditAnnotations: [{ key: 'x', valueExpression: 'string(object.spec.nope)' }] }, ['Audit']);
    expect(outcome.denied?.details.causes[0]!.message).toBe(`ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: expression 'string(object.spec.nope)' resulted in error: no such key: nope`);
  });
});
