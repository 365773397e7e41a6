/**
 * The `default/kubernetes` Service and its endpoints, as kube-apiserver v1.32.13 keeps them
 * (src/controllers/kubernetes-service.ts). Asked of the reference (../shared/kube, serving on
 * 127.0.0.1:6506): with --advertise-address=192.0.2.2 and the lease endpoint reconciler, the
 * Service has clusterIP 10.0.0.1, port 443 named https with targetPort 6506, labels
 * component=apiserver and provider=kubernetes, SingleStack; the Endpoints `192.0.2.2:6506` carry
 * endpointslice.kubernetes.io/skip-mirror=true; the EndpointSlice mirrors them (IPv4, ready,
 * label kubernetes.io/service-name); all three written by manager kube-apiserver (Update).
 * Deleted Endpoints are back within the reconcile interval. Advertising 127.0.0.1 it keeps the
 * Service but logs `Endpoints "kubernetes" is invalid: subsets[0].addresses[0].ip: Invalid value:
 * "127.0.0.1": may not be in the loopback range` every 10 s and publishes no endpoints.
 * Each test uses a tenant of its own: a fresh cluster, whose first request reconciles.
 */
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { adminToken } from '../helpers/test-users.mjs';
import { api } from './api-client.js';
import { eventually } from './eventually.js';

vi.setConfig({ testTimeout: 60_000 });

const group = 'tenancy.edge-apiserver.dev';
let counter = 0;

/** A fresh tenant (Ready); requests to it go to `origin` + /clusters/NAME. */
async function freshTenant(): Promise<string> {
  const name = `ks${Date.now().toString(36)}${counter++}`;
  const created = await api('POST', `/apis/${group}/v1alpha1/controlplanes`, { body: { apiVersion: `${group}/v1alpha1`, kind: 'ControlPlane', metadata: { name } } });
  expect(created.status, created.text).toBe(201);
  await eventually(async () => (await api('GET', `/apis/${group}/v1alpha1/controlplanes/${name}`)).json?.status?.phase === 'Ready');
  return name;
}

/** A request as the admin reaching the server at `origin` (scheme, host and port as the client wrote them). */
async function at(origin: string, tenant: string, method: string, path: string): Promise<{ status: number; json: any }> {
  const request = new Request(`${origin}/clusters/${tenant}${path}`, { method, headers: { authorization: `Bearer ${adminToken}` } });
  const response = await (exports as any).default.fetch(request);
  return { status: response.status, json: await response.json() };
}

const servicePath = '/api/v1/namespaces/default/services/kubernetes';
const endpointsPath = '/api/v1/namespaces/default/endpoints/kubernetes';
const slicesPath = '/apis/discovery.k8s.io/v1/namespaces/default/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dkubernetes';

describe('default/kubernetes', () => {
  it('is the Service kube-apiserver creates, with Endpoints and an EndpointSlice at the address and port clients reach it', async () => {
    const tenant = await freshTenant();
    const service = await at('https://192.0.2.2:6506', tenant, 'GET', servicePath);
    expect(service.status).toBe(200);
    expect(service.json.metadata).toMatchObject({ name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } });
    expect(service.json.spec).toEqual({
      clusterIP: '10.0.0.1', clusterIPs: ['10.0.0.1'], internalTrafficPolicy: 'Cluster', ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack',
      ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6506 }], sessionAffinity: 'None', type: 'ClusterIP',
    });
    expect(service.json.metadata.managedFields).toEqual([expect.objectContaining({
      manager: 'kube-apiserver', operation: 'Update',
      fieldsV1: {
        'f:metadata': { 'f:labels': { '.': {}, 'f:component': {}, 'f:provider': {} } },
        'f:spec': {
          'f:clusterIP': {}, 'f:internalTrafficPolicy': {}, 'f:ipFamilyPolicy': {},
          'f:ports': { '.': {}, 'k:{"port":443,"protocol":"TCP"}': { '.': {}, 'f:name': {}, 'f:port': {}, 'f:protocol': {}, 'f:targetPort': {} } },
          'f:sessionAffinity': {}, 'f:type': {},
        },
      },
    })]);

    const endpoints = await at('https://192.0.2.2:6506', tenant, 'GET', endpointsPath);
    expect(endpoints.json.metadata.labels).toEqual({ 'endpointslice.kubernetes.io/skip-mirror': 'true' });
    expect(endpoints.json.subsets).toEqual([{ addresses: [{ ip: '192.0.2.2' }], ports: [{ name: 'https', port: 6506, protocol: 'TCP' }] }]);
    expect(endpoints.json.metadata.managedFields).toEqual([expect.objectContaining({
      manager: 'kube-apiserver', operation: 'Update', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:endpointslice.kubernetes.io/skip-mirror': {} } }, 'f:subsets': {} },
    })]);

    const slices = await at('https://192.0.2.2:6506', tenant, 'GET', slicesPath);
    expect(slices.json.items).toHaveLength(1);
    expect(slices.json.items[0]).toMatchObject({
      metadata: { name: 'kubernetes', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
      addressType: 'IPv4', endpoints: [{ addresses: ['192.0.2.2'], conditions: { ready: true } }], ports: [{ name: 'https', port: 6506, protocol: 'TCP' }],
    });
  });

  it('publishes no endpoints for a loopback address, as kube-apiserver advertising 127.0.0.1 (its Endpoints would be invalid)', async () => {
    const tenant = await freshTenant();
    expect((await at('https://127.0.0.1:8443', tenant, 'GET', servicePath)).json.spec.ports[0].targetPort).toBe(8443);
    expect((await at('https://127.0.0.1:8443', tenant, 'GET', endpointsPath)).status).toBe(404);
    expect((await at('https://127.0.0.1:8443', tenant, 'GET', slicesPath)).json.items).toEqual([]);
  });

  it('publishes no endpoints when the server is reached by a host name (no address to publish)', async () => {
    const tenant = await freshTenant();
    expect((await at('https://api.edge.test', tenant, 'GET', servicePath)).json.spec.ports[0].targetPort).toBe(443);
    expect((await at('https://api.edge.test', tenant, 'GET', endpointsPath)).status).toBe(404);
  });

  it('comes back after a client deletes it, and its Endpoints are reset after a client changes them', async () => {
    const tenant = await freshTenant();
    const origin = 'https://192.0.2.2:6506';
    expect((await at(origin, tenant, 'DELETE', servicePath)).status).toBe(200);
    expect((await at(origin, tenant, 'GET', servicePath)).status).toBe(200);
    const changed = await api('PATCH', `/clusters/${tenant}${endpointsPath}`, {
      body: { subsets: [{ addresses: [{ ip: '192.0.2.9' }], ports: [{ name: 'https', port: 1, protocol: 'TCP' }] }] },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await at(origin, tenant, 'GET', endpointsPath)).json.subsets).toEqual([{ addresses: [{ ip: '192.0.2.2' }], ports: [{ name: 'https', port: 6506, protocol: 'TCP' }] }]);
    const slices = await at(origin, tenant, 'GET', slicesPath);
    expect(slices.json.items[0].endpoints).toEqual([{ addresses: ['192.0.2.2'], conditions: { ready: true } }]);
  });
});
