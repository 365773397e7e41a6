/**
 * Namespace lifecycle as kube v1.32 serves it: deleting starts termination (golden 092, 094),
 * a terminating namespace refuses new content (golden 093), immortal namespaces (golden 091),
 * the namespace deleter empties it (finalizers honoured, conditions reported) and removes it.
 */
import { describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const jsonPatch = { 'content-type': 'application/json-patch+json' };
const gone = async (path: string) => (await api('GET', path)).status === 404;

describe('namespaces', () => {
  it('writes spec before status, as Go does (golden 013)', async () => {
    const name = await freshNamespace('order');
    expect(Object.keys((await api('GET', `/api/v1/namespaces/${name}`)).json)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
  });

  it.each(['default', 'kube-system', 'kube-public'])('refuses to delete %s (golden 091)', async (name) => {
    const refused = await api('DELETE', `/api/v1/namespaces/${name}`);
    expect(refused.json).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `namespaces "${name}" is forbidden: this namespace may not be deleted`,
      reason: 'Forbidden', details: { name, kind: 'namespaces' }, code: 403,
    });
  });

  it('starts termination, refuses new content, empties and removes the namespace (goldens 092-094)', async () => {
    const ns = await freshNamespace('term');
    await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('inside') });
    await api('POST', `/api/v1/namespaces/${ns}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'inside' } } });
    const deleted = await api('DELETE', `/api/v1/namespaces/${ns}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ kind: 'Namespace', spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating' } });
    expect(deleted.json.metadata.deletionTimestamp).toMatch(/^20\d\d-/);
    expect(deleted.json.metadata.deletionGracePeriodSeconds).toBeUndefined();
    const late = await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('late') });
    expect(late.json).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: `configmaps "late" is forbidden: unable to create new content in namespace ${ns} because it is being terminated`,
      reason: 'Forbidden',
      details: { name: 'late', kind: 'configmaps', causes: [{ reason: 'NamespaceTerminating', message: `namespace ${ns} is being terminated`, field: 'metadata.namespace' }] },
      code: 403,
    });
    await eventually(() => gone(`/api/v1/namespaces/${ns}`));
    expect(await gone(`/api/v1/namespaces/${ns}/configmaps/inside`)).toBe(true);
    expect(await gone(`/api/v1/namespaces/${ns}/secrets/inside`)).toBe(true);
  });

  it('waits for finalizers of its content, reporting them in conditions', async () => {
    const ns = await freshNamespace('held');
    await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('held', { metadata: { name: 'held', finalizers: ['acc.example.com/hold'] } }) });
    await api('DELETE', `/api/v1/namespaces/${ns}`);
    await eventually(async () => ((await api('GET', `/api/v1/namespaces/${ns}`)).json.status.conditions ?? []).length === 5);
    const { conditions } = (await api('GET', `/api/v1/namespaces/${ns}`)).json.status;
    expect(conditions.find((c: any) => c.type === 'NamespaceContentRemaining')).toMatchObject({
      status: 'True', reason: 'SomeResourcesRemain', message: 'Some resources are remaining: configmaps. has 1 resource instances',
    });
    expect(conditions.find((c: any) => c.type === 'NamespaceFinalizersRemaining')).toMatchObject({
      status: 'True', reason: 'SomeFinalizersRemain', message: 'Some content in the namespace has finalizers remaining: acc.example.com/hold in 1 resource instances',
    });
    await api('PATCH', `/api/v1/namespaces/${ns}/configmaps/held`, { body: [{ op: 'remove', path: '/metadata/finalizers' }], headers: jsonPatch });
    await eventually(() => gone(`/api/v1/namespaces/${ns}`));
  });

  it('answers a second delete with the terminating namespace', async () => {
    const ns = await freshNamespace('twice');
    await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('held', { metadata: { name: 'held', finalizers: ['acc.example.com/hold'] } }) });
    const first = await api('DELETE', `/api/v1/namespaces/${ns}`);
    const second = await api('DELETE', `/api/v1/namespaces/${ns}`);
    expect([second.status, second.json.metadata.deletionTimestamp]).toEqual([200, first.json.metadata.deletionTimestamp]);
    await api('PATCH', `/api/v1/namespaces/${ns}/configmaps/held`, { body: [{ op: 'remove', path: '/metadata/finalizers' }], headers: jsonPatch });
    await eventually(() => gone(`/api/v1/namespaces/${ns}`));
  });

  it('updates spec.finalizers through /finalize only', async () => {
    const ns = await freshNamespace('fin');
    const current = (await api('GET', `/api/v1/namespaces/${ns}`)).json;
    const viaMain = await api('PUT', `/api/v1/namespaces/${ns}`, { body: { ...current, spec: { finalizers: [] } } });
    expect(viaMain.json.spec.finalizers).toEqual(['kubernetes']);
    const finalized = await api('PUT', `/api/v1/namespaces/${ns}/finalize`, { body: { ...viaMain.json, spec: { finalizers: [] }, status: { phase: 'Terminating' } } });
    expect(finalized.status).toBe(200);
    expect(finalized.json.spec.finalizers).toEqual([]);
    expect(finalized.json.status.phase).toBe('Active');
  });
});
