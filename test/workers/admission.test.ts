/**
 * Dynamic admission through the whole server: ValidatingAdmissionPolicies with bindings and
 * params, and validating and mutating webhooks called over HTTPS (served by
 * test/helpers/fake-webhooks.mjs through Miniflare's outboundService), on creates, updates,
 * patches, apply, deletes and dry runs.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

const admissionApi = '/apis/admissionregistration.k8s.io/v1';
let ns = '';
const cms = () => `/api/v1/namespaces/${ns}/configmaps`;

beforeAll(async () => {
  ns = await freshNamespace('admission');
});

const created: string[] = [];
async function createConfig(resource: string, body: Record<string, unknown>): Promise<void> {
  const response = await api('POST', `${admissionApi}/${resource}`, { body });
  if (response.status !== 201) throw new Error(`${resource}: ${response.text}`);
  created.push(`${admissionApi}/${resource}/${(body.metadata as { name: string }).name}`);
}

afterEach(async () => {
  for (const path of created.splice(0)) await api('DELETE', path);
});

const configMapRule = (operations: string[]) => ({ apiGroups: [''], apiVersions: ['v1'], operations, resources: ['configmaps'] });

function policy(name: string, validations: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name },
    spec: { failurePolicy: 'Fail', matchConstraints: { resourceRules: [configMapRule(['CREATE', 'UPDATE'])] }, validations, ...extra },
  };
}

function binding(name: string, policyName: string, actions: string[], extra: Record<string, unknown> = {}) {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', metadata: { name }, spec: { policyName, validationActions: actions, ...extra } };
}

function webhookConfiguration(kind: 'Validating' | 'Mutating', name: string, path: string, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1', kind: `${kind}WebhookConfiguration`, metadata: { name },
    webhooks: [{
      name: `${name}.webhooks.test`, clientConfig: { url: `https://webhooks.test${path}` }, rules: [configMapRule(['CREATE', 'UPDATE', 'DELETE'])],
      sideEffects: 'None', admissionReviewVersions: ['v1'], namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } }, ...extra,
    }],
  };
}

describe('ValidatingAdmissionPolicy', () => {
  it('denies with kube\'s message, on create, dry run, update and apply', async () => {
    await createConfig('validatingadmissionpolicies', policy('no-bad', [{ expression: "!has(object.data) || !('bad' in object.data)", message: 'data.bad is not allowed' }]));
    await createConfig('validatingadmissionpolicybindings', binding('no-bad', 'no-bad', ['Deny']));
    const message = 'configmaps "c1" is forbidden: ValidatingAdmissionPolicy \'no-bad\' with binding \'no-bad\' denied request: data.bad is not allowed';
    const create = await api('POST', cms(), { body: configMap('c1', { data: { bad: '1' } }) });
    // kube's text is admission.NewForbidden's, with the validation's reason (default Invalid) and its code.
    expect(create.status).toBe(422);
    expect(create.json).toMatchObject({ reason: 'Invalid', message, details: { name: 'c1', kind: 'configmaps' } });
    expect((await api('POST', `${cms()}?dryRun=All`, { body: configMap('c1', { data: { bad: '1' } }) })).status).toBe(422);
    expect((await api('POST', cms(), { body: configMap('c1') })).status).toBe(201);
    const update = await api('PUT', `${cms()}/c1`, { body: configMap('c1', { data: { bad: '2' } }) });
    expect(update.json.message).toBe(message);
    const apply = await api('PATCH', `${cms()}/c1?fieldManager=t`, {
      headers: { 'content-type': 'application/apply-patch+yaml' }, body: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1}\ndata: {bad: "3"}',
    });
    expect(apply.status).toBe(422);
    expect((await api('GET', `${cms()}/c1`)).json.data).toEqual({ a: '1' });
  });

  it('warns instead with validationActions [Warn], using messageExpression', async () => {
    await createConfig('validatingadmissionpolicies', policy('warn-size', [{ expression: 'size(object.data) < 2', messageExpression: "'has ' + string(size(object.data)) + ' keys'" }]));
    await createConfig('validatingadmissionpolicybindings', binding('warn-size', 'warn-size', ['Warn']));
    const response = await api('POST', cms(), { body: configMap('c2', { data: { a: '1', b: '2' } }) });
    expect(response.status).toBe(201);
    expect(response.headers.get('warning')).toBe('299 - "Validation failed for ValidatingAdmissionPolicy \'warn-size\' with binding \'warn-size\': has 2 keys"');
  });

  it('reads params through paramRef', async () => {
    await api('POST', cms(), { body: configMap('limits', { data: { max: '1' } }) });
    await createConfig('validatingadmissionpolicies', policy('max-keys', [{ expression: 'size(object.data) <= int(params.data.max)', reason: 'Invalid' }], {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      matchConstraints: { resourceRules: [configMapRule(['CREATE'])], objectSelector: { matchLabels: { limited: 'yes' } } },
    }));
    await createConfig('validatingadmissionpolicybindings', binding('max-keys', 'max-keys', ['Deny'], { paramRef: { name: 'limits', namespace: ns, parameterNotFoundAction: 'Deny' } }));
    const refused = await api('POST', cms(), { body: configMap('c3', { metadata: { name: 'c3', labels: { limited: 'yes' } }, data: { a: '1', b: '2' } }) });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('configmaps "c3" is forbidden: ValidatingAdmissionPolicy \'max-keys\' with binding \'max-keys\' denied request: failed expression: size(object.data) <= int(params.data.max)');
    expect((await api('POST', cms(), { body: configMap('c4', { metadata: { name: 'c4', labels: { limited: 'yes' } } }) })).status).toBe(201);
  });

  it('admits writes through /scale as autoscaling/v1 Scale objects', async () => {
    await createConfig('validatingadmissionpolicies', {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'scale-cap' },
      spec: {
        matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['UPDATE'], resources: ['deployments/scale'] }] },
        validations: [{ expression: "request.kind.kind == 'Scale' && object.spec.replicas <= 3", message: 'at most 3 through scale' }],
      },
    });
    await createConfig('validatingadmissionpolicybindings', binding('scale-cap', 'scale-cap', ['Deny']));
    const deployment = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd1' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'd1' } }, template: { metadata: { labels: { app: 'd1' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    };
    expect((await api('POST', `/apis/apps/v1/namespaces/${ns}/deployments`, { body: deployment })).status).toBe(201);
    const scale = (replicas: number) => api('PATCH', `/apis/apps/v1/namespaces/${ns}/deployments/d1/scale`, {
      headers: { 'content-type': 'application/merge-patch+json' }, body: { spec: { replicas } },
    });
    const refused = await scale(5);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe('deployments.apps "d1" is forbidden: ValidatingAdmissionPolicy \'scale-cap\' with binding \'scale-cap\' denied request: at most 3 through scale');
    expect((await scale(3)).status).toBe(200);
  });

  it('type-checks a policy against the kinds it matches, in status (kube\'s docs example)', async () => {
    await createConfig('validatingadmissionpolicies', {
      apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'typo' },
      spec: {
        matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }] },
        validations: [{ expression: 'object.replicas > 1', message: 'must be replicated', reason: 'Invalid' }],
      },
    });
    const status = (await api('GET', `${admissionApi}/validatingadmissionpolicies/typo`)).json.status;
    expect(status.observedGeneration).toBe(1);
    expect(status.typeChecking.expressionWarnings).toEqual([{
      fieldRef: 'spec.validations[0].expression',
      warning: "apps/v1, Kind=Deployment: ERROR: <input>:1:7: undefined field 'replicas'\n | object.replicas > 1\n | ......^\n",
    }]);
  });

  it('refuses a policy whose expressions do not compile (422 at create)', async () => {
    const response = await api('POST', `${admissionApi}/validatingadmissionpolicies`, { body: policy('broken', [{ expression: 'object.data +' }]) });
    expect(response.status).toBe(422);
    expect(response.json.message).toContain('spec.validations[0].expression: Invalid value: "object.data +": compilation failed: ERROR: <input>:1:');
  });
});

describe('admission webhooks', () => {
  it('a validating webhook denies with its message, and its warnings reach the client', async () => {
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'deny', '/deny'));
    const response = await api('POST', cms(), { body: configMap('w1') });
    expect(response.status).toBe(403);
    expect(response.json.message).toBe('admission webhook "deny.webhooks.test" denied the request: no ConfigMap named w1 today');
    await api('DELETE', created.pop()!);
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'allow', '/allow'));
    const allowed = await api('POST', cms(), { body: configMap('w1') });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('warning')).toBe('299 - "checked by the allow webhook"');
  });

  it('reaches a webhook by service reference through an ExternalName Service; an absent one fails the call', async () => {
    const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'hooks' }, spec: { type: 'ExternalName', externalName: 'webhooks.test' } };
    expect((await api('POST', `/api/v1/namespaces/${ns}/services`, { body: service })).status).toBe(201);
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'svc', '', { clientConfig: { service: { namespace: ns, name: 'hooks', path: '/deny' } } }));
    const denied = await api('POST', cms(), { body: configMap('s1') });
    expect([denied.status, denied.json.message]).toEqual([403, 'admission webhook "svc.webhooks.test" denied the request: no ConfigMap named s1 today']);
    await api('DELETE', created.pop()!);
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'absent', '', { clientConfig: { service: { namespace: ns, name: 'absent', path: '/deny' } } }));
    const failed = await api('POST', cms(), { body: configMap('s2') });
    expect([failed.status, failed.json.message]).toEqual([500, `Internal error occurred: failed calling webhook "absent.webhooks.test": failed to call webhook: Post "https://absent.${ns}.svc:443/deny?timeout=10s": service "absent" not found`]);
    await api('DELETE', created.pop()!);
  });

  it('a mutating webhook patches the object before it is stored', async () => {
    await createConfig('mutatingwebhookconfigurations', webhookConfiguration('Mutating', 'label', '/label'));
    const response = await api('POST', cms(), { body: configMap('w2') });
    expect(response.status).toBe(201);
    expect(response.json.metadata.labels).toEqual({ 'mutated-by': 'webhook' });
    expect((await api('GET', `${cms()}/w2`)).json.metadata.labels).toEqual({ 'mutated-by': 'webhook' });
  });

  it('failurePolicy: Fail refuses when the webhook errors, Ignore lets the request through', async () => {
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'broken', '/error'));
    const failed = await api('POST', cms(), { body: configMap('w3') });
    expect(failed.status).toBe(500);
    expect(failed.json.message).toMatch(/^Internal error occurred: failed calling webhook "broken\.webhooks\.test": /);
    await api('DELETE', created.pop()!);
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'broken', '/error', { failurePolicy: 'Ignore' }));
    expect((await api('POST', cms(), { body: configMap('w3') })).status).toBe(201);
  });

  it('times out a slow webhook after timeoutSeconds with kube\'s text', async () => {
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'slow', '/slow', { timeoutSeconds: 1 }));
    const response = await api('POST', cms(), { body: configMap('w4') });
    expect(response.status).toBe(500);
    expect(response.json.message).toContain('context deadline exceeded');
  });

  it('refuses a dry run when the webhook has side effects', async () => {
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'effects', '/allow', { sideEffects: 'Some' }));
    const response = await api('POST', `${cms()}?dryRun=All`, { body: configMap('w5') });
    expect(response.status).toBe(400);
    expect(response.json.message).toBe('admission webhook "effects.webhooks.test" does not support dry run');
  });

  it('calls a webhook only when its matchConditions hold (CEL)', async () => {
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'picky', '/deny', {
      matchConditions: [{ name: 'only-guarded', expression: "has(object.metadata.labels) && object.metadata.labels['guarded'] == 'yes'" }],
    }));
    expect((await api('POST', cms(), { body: configMap('w7') })).status).toBe(201);
    const guarded = await api('POST', cms(), { body: configMap('w8', { metadata: { name: 'w8', labels: { guarded: 'yes' } } }) });
    expect(guarded.status).toBe(403);
    expect(guarded.json.message).toBe('admission webhook "picky.webhooks.test" denied the request: no ConfigMap named w8 today');
  });

  it('sees deletes, with the object as oldObject', async () => {
    await api('POST', cms(), { body: configMap('w6') });
    await createConfig('validatingwebhookconfigurations', webhookConfiguration('Validating', 'deny', '/deny'));
    const response = await api('DELETE', `${cms()}/w6`);
    expect(response.status).toBe(403);
    expect(response.json.message).toBe('admission webhook "deny.webhooks.test" denied the request: no ConfigMap named w6 today');
  });
});
