/**
 * pods/binding and the namespace's bindings collection, the scheduler's writes: texts and codes
 * recorded from kube-apiserver v1.32.13 (../shared/kube). kube answers an invalid Binding target
 * with a bare 500; here it is a 400 with the same message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const pods = () => `/api/v1/namespaces/${ns}/pods`;
const pod = (name: string, spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, ...metadata }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});
const binding = (name: string, target: Record<string, unknown> = { name: 'n1' }, metadata: Record<string, unknown> = {}) =>
  ({ apiVersion: 'v1', kind: 'Binding', metadata: { name, ...metadata }, target });
const bind = (name: string, body: unknown, query = '') => api('POST', `${pods()}/${name}/binding${query}`, { body });
const created = async (name: string, spec?: Record<string, unknown>, metadata?: Record<string, unknown>) => {
  const response = await api('POST', pods(), { body: pod(name, spec, metadata) });
  expect(response.status).toBe(201);
  return response.json;
};
const failure = (code: number, message: string, extra: Record<string, unknown> = {}) =>
  ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, ...extra, code });

beforeAll(async () => {
  ns = await freshNamespace('binding');
});

describe('pods/binding', () => {
  it('sets spec.nodeName once, merges annotations, adds PodScheduled=True and answers kube\'s 201 Success', async () => {
    const before = await created('p1', {}, { annotations: { keep: 'me' } });
    const response = await bind('p1', binding('p1', { name: 'n1' }, { annotations: { added: 'yes' } }));
    expect([response.status, response.json]).toEqual([201, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 }]);
    const bound = (await api('GET', `${pods()}/p1`)).json;
    expect(bound.spec.nodeName).toBe('n1');
    expect(bound.metadata.annotations).toEqual({ keep: 'me', added: 'yes' });
    expect(bound.status.conditions).toEqual([{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: expect.any(String) }]);
    expect(bound.metadata.managedFields).toEqual(before.metadata.managedFields);
  });

  it('refuses a second binding (409 on pods/binding)', async () => {
    const again = await bind('p1', binding('p1', { name: 'n2' }));
    expect(again.json).toEqual(failure(409, 'Operation cannot be fulfilled on pods/binding "p1": pod p1 is already assigned to node "n1"', {
      reason: 'Conflict', details: { name: 'p1', kind: 'pods/binding' },
    }));
  });

  it('refuses a pod being deleted and a pod with scheduling gates', async () => {
    await created('held', {}, { finalizers: ['example.com/hold'] });
    expect((await api('DELETE', `${pods()}/held`)).status).toBe(200);
    expect((await bind('held', binding('held'))).json.message).toBe('Operation cannot be fulfilled on pods/binding "held": pod held is being deleted, cannot be assigned to a host');
    await created('gated', { schedulingGates: [{ name: 'example.com/wait' }] });
    expect((await bind('gated', binding('gated'))).json.message).toBe('Operation cannot be fulfilled on pods/binding "gated": pod gated has non-empty .spec.schedulingGates');
  });

  it('checks the Binding\'s uid and resourceVersion as storage preconditions', async () => {
    const current = await created('pre');
    const wrongUid = await bind('pre', binding('pre', { name: 'n1' }, { uid: 'abc' }));
    expect(wrongUid.json).toEqual(failure(409, `Operation cannot be fulfilled on pods "pre": StorageError: invalid object, Code: 4, Key: /registry/pods/${ns}/pre, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: abc, UID in object meta: ${current.metadata.uid}`, {
      reason: 'Conflict', details: { name: 'pre', kind: 'pods' },
    }));
    const staleVersion = await bind('pre', binding('pre', { name: 'n1' }, { resourceVersion: '1' }));
    expect(staleVersion.json.message).toBe(`Operation cannot be fulfilled on pods "pre": StorageError: invalid object, Code: 4, Key: /registry/pods/${ns}/pre, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: ${current.metadata.resourceVersion}`);
    expect((await bind('pre', binding('pre', { name: 'n1' }, { uid: current.metadata.uid, resourceVersion: current.metadata.resourceVersion }))).status).toBe(201);
  });

  it.each([
    ['a name other than the URL\'s', binding('other'), 400, 'name in URL does not match name in Binding object'],
    ['a target that is no Node, without a name', binding('bad', { kind: 'Pod', name: '' }), 400, '[target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]'],
    ['another namespace in the body', binding('bad', { name: 'n1' }, { namespace: 'other' }), 400, 'the namespace of the provided object does not match the namespace sent on the request'],
    ['another kind', { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bad' } }, 400, 'Pod in version "v1" cannot be handled as a Binding: converting (v1.Pod) to (core.Binding): unknown conversion'],
  ])('refuses %s', async (_name, body, code, message) => {
    const response = await bind('bad', body);
    expect([response.status, response.json.message]).toEqual([code, message]);
  });

  it('reports unknown fields by fieldValidation, and writes nothing for a dry run', async () => {
    await created('dry');
    const strict = await bind('dry', { ...binding('dry'), extra: 1 }, '?fieldValidation=Strict');
    expect(strict.json.message).toBe('Binding in version "v1" cannot be handled as a Binding: strict decoding error: unknown field "extra"');
    expect((await bind('dry', binding('dry'), '?dryRun=All')).status).toBe(201);
    expect((await api('GET', `${pods()}/dry`)).json.spec.nodeName).toBeUndefined();
  });

  it('answers 404 for a missing pod and 405 for other verbs', async () => {
    expect((await bind('nope', binding('nope'))).json.message).toBe('pods "nope" not found');
    expect((await api('GET', `${pods()}/p1/binding`)).status).toBe(405);
  });

  it('cannot be bypassed: an update of the pod cannot set spec.nodeName', async () => {
    const current = await created('direct');
    const updated = await api('PUT', `${pods()}/direct`, { body: { ...current, spec: { ...current.spec, nodeName: 'n1' } } });
    expect([updated.status, updated.json.reason]).toEqual([422, 'Invalid']);
  });
});

describe('bindings (the legacy collection)', () => {
  it('binds the pod the Binding names', async () => {
    await created('l1');
    const response = await api('POST', `/api/v1/namespaces/${ns}/bindings`, { body: binding('l1', { name: 'n3' }) });
    expect(response.status).toBe(201);
    expect((await api('GET', `${pods()}/l1`)).json.spec.nodeName).toBe('n3');
  });

  it('needs a name, and a pod of that name', async () => {
    const unnamed = await api('POST', `/api/v1/namespaces/${ns}/bindings`, { body: binding('') });
    expect(unnamed.json).toEqual(failure(400, 'Name parameter required.', { reason: 'BadRequest' }));
    const missing = await api('POST', `/api/v1/namespaces/${ns}/bindings`, { body: binding('zz') });
    expect(missing.json).toEqual(failure(404, 'pods "zz" not found', { reason: 'NotFound', details: { name: 'zz', kind: 'pods' } }));
    expect((await api('GET', `/api/v1/namespaces/${ns}/bindings`)).status).toBe(405);
  });

  it('is refused in a terminating namespace, as any create', async () => {
    const doomed = await freshNamespace('doomed');
    await api('POST', `/api/v1/namespaces/${doomed}/pods`, { body: pod('p', {}, { finalizers: ['example.com/hold'] }) });
    await api('DELETE', `/api/v1/namespaces/${doomed}`);
    const response = await api('POST', `/api/v1/namespaces/${doomed}/pods/p/binding`, { body: binding('p') });
    expect([response.status, response.json.message]).toEqual([403, `pods "p" is forbidden: unable to create new content in namespace ${doomed} because it is being terminated`]);
  });
});
