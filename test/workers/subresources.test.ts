/**
 * The /status and /scale subresources. Status: only status changes through it, the main resource cannot change status,
 * a new object's status starts empty, and status changes do not count as generation changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const merge = { 'content-type': 'application/merge-patch+json' };
const deployments = () => `/apis/apps/v1/namespaces/${ns}/deployments`;
const deployment = (name: string) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
  spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  status: { replicas: 99 },
});

beforeAll(async () => {
  ns = await freshNamespace('status');
});

describe('status subresource', () => {
  it('starts a new object with empty status, whatever the client sent', async () => {
    const created = await api('POST', deployments(), { body: deployment('d1') });
    expect(created.status).toBe(201);
    expect(created.json.status).toEqual({});
  });

  it('changes only status through /status, keeping generation, spec and labels', async () => {
    await api('POST', deployments(), { body: deployment('d2') });
    const patched = await api('PATCH', `${deployments()}/d2/status`, {
      body: { status: { replicas: 1, readyReplicas: 1 }, spec: { replicas: 5 }, metadata: { labels: { sneaky: 'yes' } } }, headers: merge,
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ status: { replicas: 1, readyReplicas: 1 }, spec: { replicas: 1 }, metadata: { generation: 1 } });
    expect(patched.json.metadata.labels).toBeUndefined();
    const fetched = await api('GET', `${deployments()}/d2/status`);
    expect(fetched.json.status).toEqual({ replicas: 1, readyReplicas: 1 });
  });

  it('ignores status changes through the main resource', async () => {
    await api('POST', deployments(), { body: deployment('d3') });
    await api('PATCH', `${deployments()}/d3/status`, { body: { status: { replicas: 1 } }, headers: merge });
    const patched = await api('PATCH', `${deployments()}/d3`, { body: { status: { replicas: 42 }, spec: { replicas: 2 } }, headers: merge });
    expect(patched.json).toMatchObject({ status: { replicas: 1 }, spec: { replicas: 2 }, metadata: { generation: 2 } });
  });

  it('replaces status with PUT on /status, from a current copy', async () => {
    await api('POST', deployments(), { body: deployment('d4') });
    const current = (await api('GET', `${deployments()}/d4`)).json;
    const replaced = await api('PUT', `${deployments()}/d4/status`, { body: { ...current, status: { observedGeneration: 1 } } });
    expect(replaced.status).toBe(200);
    expect(replaced.json.status).toEqual({ observedGeneration: 1 });
  });

  it('answers 404 for subresources that do not exist (or of objects that do not) and 405 for a method a subresource lacks', async () => {
    await api('POST', deployments(), { body: deployment('d5') });
    const proxy = await api('POST', '/api/v1/nodes/nope/proxy', { body: {} });
    expect([proxy.status, proxy.json.message]).toEqual([404, 'nodes "nope" not found']);
    expect((await api('GET', `${deployments()}/d5/nonsense`)).status).toBe(404);
    expect((await api('POST', `${deployments()}/d5/status`, { body: deployment('d5') })).status).toBe(405);
  });
});

describe('scale subresource', () => {
  it('reads a Deployment as an autoscaling/v1 Scale (golden 076)', async () => {
    const created = (await api('POST', deployments(), { body: deployment('s1') })).json;
    const scale = await api('GET', `${deployments()}/s1/scale`);
    expect(scale.json).toEqual({
      kind: 'Scale', apiVersion: 'autoscaling/v1',
      metadata: { name: 's1', namespace: ns, uid: created.metadata.uid, resourceVersion: created.metadata.resourceVersion, creationTimestamp: created.metadata.creationTimestamp },
      spec: { replicas: 1 }, status: { replicas: 0, selector: 'app=s1' },
    });
  });

  it('changes the parent\'s replicas through a patch of the Scale, bumping its generation (golden 077)', async () => {
    await api('POST', deployments(), { body: deployment('s2') });
    const patched = await api('PATCH', `${deployments()}/s2/scale`, { body: { spec: { replicas: 4 } }, headers: merge });
    expect(patched.json).toMatchObject({ kind: 'Scale', spec: { replicas: 4 } });
    const parent = (await api('GET', `${deployments()}/s2`)).json;
    expect([parent.spec.replicas, parent.metadata.generation, parent.metadata.resourceVersion]).toEqual([4, 2, patched.json.metadata.resourceVersion]);
  });

  it('replaces the Scale with PUT, refusing negative replicas and stale resourceVersions', async () => {
    await api('POST', deployments(), { body: deployment('s3') });
    const scale = (await api('GET', `${deployments()}/s3/scale`)).json;
    const negative = await api('PUT', `${deployments()}/s3/scale`, { body: { ...scale, spec: { replicas: -1 } } });
    expect(negative.json).toMatchObject({ code: 422, message: 'Scale.autoscaling "s3" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0' });
    expect((await api('PUT', `${deployments()}/s3/scale`, { body: { ...scale, spec: { replicas: 3 } } })).json.spec.replicas).toBe(3);
    expect((await api('PUT', `${deployments()}/s3/scale`, { body: { ...scale, spec: { replicas: 5 } } })).json.code).toBe(409);
  });

  it('reads a ReplicationController\'s label-map selector', async () => {
    const rc = { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { replicas: 2, selector: { b: '2', a: '1' }, template: { metadata: { labels: { a: '1', b: '2' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
    expect((await api('POST', `/api/v1/namespaces/${ns}/replicationcontrollers`, { body: rc })).status).toBe(201);
    expect((await api('GET', `/api/v1/namespaces/${ns}/replicationcontrollers/rc/scale`)).json).toMatchObject({ spec: { replicas: 2 }, status: { selector: 'a=1,b=2' } });
  });
});
