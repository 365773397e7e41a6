/**
 * ResourceQuota admission through the API (src/admission/quota), as kube-apiserver v1.32.13 does
 * it. Asked of the reference (../shared/kube, no controllers; the quota's status written through
 * /status as kube-controller-manager would): before its status counts a resource, a quota does not
 * hold creates back; once counted, each admitted create is charged to status.used by manager
 * `kube-apiserver` (Update, subresource status), a dry run is checked but not charged, and the
 * create past the limit is a 403: `configmaps "v" is forbidden: exceeded quota: test-quota,
 * requested: configmaps=1, used: configmaps=3, limited: configmaps=3` (reason Forbidden, details
 * name and kind configmaps).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

let ns = '';
const quotas = () => `/api/v1/namespaces/${ns}/resourcequotas`;
const configMaps = () => `/api/v1/namespaces/${ns}/configmaps`;
const hard = { configmaps: '3', services: '2', 'services.nodeports': '1' };

/** The quota, its status counted as kube-controller-manager would write it. */
async function countedQuota(used: Record<string, string>) {
  expect((await api('POST', quotas(), { body: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'test-quota' }, spec: { hard } } })).status).toBe(201);
  const status = await api('PATCH', `${quotas()}/test-quota/status`, { body: { status: { hard, used } }, headers: { 'content-type': 'application/merge-patch+json' } });
  expect(status.status, status.text).toBe(200);
}

const used = async () => (await api('GET', `${quotas()}/test-quota`)).json.status.used;

beforeEach(async () => {
  ns = await freshNamespace('quota');
});

describe('ResourceQuota admission', () => {
  it('does not hold creates back before the quota counts usage', async () => {
    expect((await api('POST', quotas(), { body: { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'test-quota' }, spec: { hard } } })).status).toBe(201);
    expect((await api('POST', configMaps(), { body: configMap('early') })).status).toBe(201);
  });

  it('charges each create to status.used as kube-apiserver, checks dry runs without charging, and refuses past the limit', async () => {
    await countedQuota({ configmaps: '1', services: '0', 'services.nodeports': '0' });
    expect((await api('POST', configMaps(), { body: configMap('a') })).status).toBe(201);
    expect(await used()).toEqual({ configmaps: '2', services: '0', 'services.nodeports': '0' });
    expect((await api('POST', `${configMaps()}?dryRun=All`, { body: configMap('dry') })).status).toBe(201);
    expect((await api('POST', configMaps(), { body: configMap('b') })).status).toBe(201);
    const quota = (await api('GET', `${quotas()}/test-quota`)).json;
    expect(quota.status.used.configmaps).toBe('3');
    expect(quota.metadata.managedFields).toContainEqual(expect.objectContaining({
      manager: 'kube-apiserver', operation: 'Update', subresource: 'status', fieldsV1: { 'f:status': { 'f:used': { 'f:configmaps': {} } } },
    }));
    const refused = await api('POST', configMaps(), { body: configMap('v') });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      reason: 'Forbidden', details: { name: 'v', kind: 'configmaps' },
      message: 'configmaps "v" is forbidden: exceeded quota: test-quota, requested: configmaps=1, used: configmaps=3, limited: configmaps=3',
    });
    expect((await api('GET', `${configMaps()}/v`)).status).toBe(404);
  });

  it('charges a Service update only what it adds, and refuses one that would exceed', async () => {
    await countedQuota({ configmaps: '0', services: '0', 'services.nodeports': '0' });
    const services = `/api/v1/namespaces/${ns}/services`;
    const service = (name: string, type: string) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type, ports: [{ port: 80 }] } });
    expect((await api('POST', services, { body: service('one', 'ClusterIP') })).status).toBe(201);
    expect((await api('POST', services, { body: service('two', 'NodePort') })).status).toBe(201);
    expect(await used()).toMatchObject({ services: '2', 'services.nodeports': '1' });
    const patch = await api('PATCH', `${services}/one`, { body: { spec: { type: 'NodePort' } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(patch.json.message).toBe('services "one" is forbidden: exceeded quota: test-quota, requested: services.nodeports=1, used: services.nodeports=1, limited: services.nodeports=1');
  });
});
