/**
 * BUILTIN_CONTROLLERS=auto (the default): while a kube-controller-manager holds its leader lease
 * (kube-system/kube-controller-manager, renewed within its duration), the server's own garbage
 * collector and namespace deleter leave the work to it; once the lease lapses, they do it.
 */
import { describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const leases = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases';
const microTime = (date: Date) => date.toISOString().replace(/Z$/, '000Z');
const exists = async (path: string) => (await api('GET', path)).status === 200;
const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

async function holdLease(renewed: Date): Promise<void> {
  const spec = { holderIdentity: 'kcm-host_3f2b', leaseDurationSeconds: 60, renewTime: microTime(renewed), acquireTime: microTime(renewed) };
  const current = await api('GET', `${leases}/kube-controller-manager`);
  const body = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'kube-controller-manager', ...(current.status === 200 ? { resourceVersion: current.json.metadata.resourceVersion } : {}) }, spec };
  const written = current.status === 200 ? await api('PUT', `${leases}/kube-controller-manager`, { body }) : await api('POST', leases, { body });
  expect(written.status).toBeLessThan(300);
}

describe('the built-in controllers beside a leading kube-controller-manager', () => {
  it('leave a namespace and an owner\'s dependents alone while it leads, and do the work once its lease lapses', async () => {
    await holdLease(new Date());
    const ns = await freshNamespace('ext');
    await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('inside') });
    const owner = (await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('owner') })).json;
    const ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }];
    await api('POST', `/api/v1/namespaces/${ns}/secrets`, { body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'dependent', ownerReferences } } });
    expect((await api('DELETE', `/api/v1/namespaces/${ns}/configmaps/owner`)).status).toBe(200);
    expect((await api('DELETE', `/api/v1/namespaces/${ns}`)).status).toBe(200);
    // Without a leader, both would be gone within a few hundred milliseconds.
    await pause(2_500);
    expect([await exists(`/api/v1/namespaces/${ns}/configmaps/inside`), await exists(`/api/v1/namespaces/${ns}/secrets/dependent`)]).toEqual([true, true]);
    await holdLease(new Date(Date.now() - 120_000));
    await eventually(async () => !(await exists(`/api/v1/namespaces/${ns}/secrets/dependent`)), 30_000);
    await eventually(async () => !(await exists(`/api/v1/namespaces/${ns}`)), 30_000);
  }, 60_000);
});
