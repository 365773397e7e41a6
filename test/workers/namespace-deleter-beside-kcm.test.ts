/**
 * A kube-controller-manager run with --leader-elect=false holds no lease, yet its root CA
 * publisher writes `kube-root-ca.crt` (manager `kube-controller-manager`) into every namespace.
 * The built-in namespace deleter leaves such a namespace to it (issue 34, item 13: it emptied one
 * in about 150 ms beside kcm, and `kubectl delete -f cert-manager.yaml` then met 10 NotFound
 * errors for objects kubectl was about to delete itself). A namespace without it is emptied at once.
 */
import { describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const exists = async (path: string) => (await api('GET', path)).status === 200;
const pause = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** What kcm's root-ca-cert-publisher writes into a new namespace. */
async function publishRootCA(ns: string): Promise<void> {
  const body = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kube-root-ca.crt' }, data: { 'ca.crt': '-----BEGIN CERTIFICATE-----\n' } };
  const created = await api('POST', `/api/v1/namespaces/${ns}/configmaps?fieldManager=kube-controller-manager`, { body });
  expect(created.status).toBe(201);
}

describe('the built-in namespace deleter beside a kube-controller-manager without leader election', () => {
  it('leaves a namespace kcm published into to kcm, and empties another at once', async () => {
    const withManager = await freshNamespace('kcm');
    await publishRootCA(withManager);
    await api('POST', `/api/v1/namespaces/${withManager}/configmaps`, { body: configMap('inside') });
    const alone = await freshNamespace('alone');
    await api('POST', `/api/v1/namespaces/${alone}/configmaps`, { body: configMap('inside') });
    expect((await api('DELETE', `/api/v1/namespaces/${withManager}`)).status).toBe(200);
    expect((await api('DELETE', `/api/v1/namespaces/${alone}`)).status).toBe(200);
    await eventually(async () => !(await exists(`/api/v1/namespaces/${alone}/configmaps/inside`)), 30_000);
    await pause(2_000);
    expect(await exists(`/api/v1/namespaces/${withManager}/configmaps/inside`)).toBe(true);
  }, 60_000);
});
