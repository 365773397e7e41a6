/**
 * APIServices backed by a Service: kube-aggregator's availability conditions (reasons and texts
 * as kube v1.32 writes them) and, for a backend the edge can reach (an ExternalName service of
 * https://aggregated.test, served by test/helpers/fake-webhooks.mjs through Miniflare's
 * outboundService), the proxy and the group in discovery.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.js';
import { eventually } from './eventually.js';

const apiregistration = '/apis/apiregistration.k8s.io/v1';

function apiService(group: string, service: Record<string, unknown> | undefined) {
  return {
    apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: `v1.${group}` },
    spec: { group, version: 'v1', groupPriorityMinimum: 100, versionPriority: 10, ...(service ? { service } : {}) },
  };
}

async function create(path: string, body: unknown): Promise<void> {
  const response = await api('POST', path, { body });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
}

async function availableOf(name: string): Promise<Record<string, string> | undefined> {
  const object = (await api('GET', `${apiregistration}/apiservices/${name}`)).json;
  return object.status?.conditions?.find((condition: { type: string }) => condition.type === 'Available');
}

async function waitForReason(name: string, reason: string): Promise<Record<string, string>> {
  await eventually(async () => (await availableOf(name))?.reason === reason);
  return (await availableOf(name))!;
}

beforeAll(async () => {
  await create('/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'no-endpoints' }, spec: { ports: [{ port: 443, targetPort: 8443 }] } });
  await create('/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'aggregated' }, spec: { type: 'ExternalName', externalName: 'aggregated.test' } });
  await create('/api/v1/namespaces/default/services', { apiVersion: 'v1', kind: 'Service', metadata: { name: 'offline' }, spec: { type: 'ExternalName', externalName: 'offline.test' } });
});

describe('availability', () => {
  it.each([
    ['missing.example.io', { namespace: 'default', name: 'nosuch' }, 'ServiceNotFound', 'service/nosuch in "default" is not present'],
    ['badport.example.io', { namespace: 'default', name: 'no-endpoints', port: 444 }, 'ServicePortError', 'service/no-endpoints in "default" is not listening on port 444'],
    ['noep.example.io', { namespace: 'default', name: 'no-endpoints' }, 'EndpointsNotFound', 'cannot find endpoints for service/no-endpoints in "default"'],
    ['offline.example.io', { namespace: 'default', name: 'offline' }, 'FailedDiscoveryCheck',
      'failing or missing response from https://offline.test:443/apis/offline.example.io/v1: bad status from https://offline.test:443/apis/offline.example.io/v1: 502'],
  ])('%s is not Available: %s', async (group, service, reason, message) => {
    await create(`${apiregistration}/apiservices`, apiService(group, service));
    const condition = await waitForReason(`v1.${group}`, reason);
    expect(condition).toMatchObject({ status: 'False', reason, message });
  });

  it('is Available once the discovery check passes, and prints as kube prints it', async () => {
    await create(`${apiregistration}/apiservices`, apiService('widgets.aggregated.test', { namespace: 'default', name: 'aggregated' }));
    expect(await waitForReason('v1.widgets.aggregated.test', 'Passed')).toMatchObject({ status: 'True', message: 'all checks passed' });
    const table = await api('GET', `${apiregistration}/apiservices`, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(table.json.columnDefinitions.map((column: { name: string }) => column.name)).toEqual(['Name', 'Service', 'Available', 'Age']);
    const cells = (name: string) => table.json.rows.find((row: { cells: unknown[] }) => row.cells[0] === name).cells.slice(0, 3);
    expect(cells('v1.widgets.aggregated.test')).toEqual(['v1.widgets.aggregated.test', 'default/aggregated', 'True']);
    expect(cells('v1.missing.example.io')).toEqual(['v1.missing.example.io', 'default/nosuch', 'False (ServiceNotFound)']);
  });
});

describe('the proxy', () => {
  it('passes requests of an available aggregated API on with the user in X-Remote-* and no credentials', async () => {
    await waitForReason('v1.widgets.aggregated.test', 'Passed');
    const response = await api('GET', '/apis/widgets.aggregated.test/v1/namespaces/default/gadgets?limit=2');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      method: 'GET', path: '/apis/widgets.aggregated.test/v1/namespaces/default/gadgets', query: '?limit=2', authorization: null,
      remote: { 'x-remote-user': 'admin', 'x-remote-group': 'system:masters, system:authenticated' },
    });
    const discovery = await api('GET', '/apis/widgets.aggregated.test/v1');
    expect(discovery.json.resources).toEqual([expect.objectContaining({ name: 'gadgets', kind: 'Gadget' })]);
  });

  it('answers 503 `service unavailable` for an APIService that is not available', async () => {
    const response = await api('GET', '/apis/missing.example.io/v1/foos');
    expect([response.status, response.text]).toEqual([503, 'service unavailable\n']);
  });

  it('lists the aggregated groups in discovery after the served ones; aggregated discovery lists the available ones with their resources', async () => {
    const groups = (await api('GET', '/apis')).json.groups.map((group: { name: string }) => group.name);
    expect(groups.slice(0, 2)).toEqual(['apiregistration.k8s.io', 'apps']);
    expect(groups).toEqual(expect.arrayContaining(['widgets.aggregated.test', 'missing.example.io']));
    expect(groups.indexOf('widgets.aggregated.test')).toBeGreaterThan(groups.indexOf('flowcontrol.apiserver.k8s.io'));
    const aggregated = await api('GET', '/apis', { headers: { accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList' } });
    const widgets = aggregated.json.items.find((item: { metadata: { name: string } }) => item.metadata.name === 'widgets.aggregated.test');
    expect(widgets.versions).toEqual([{ version: 'v1', freshness: 'Current', resources: [{ resource: 'gadgets', responseKind: { group: '', version: '', kind: 'Gadget' }, scope: 'Namespaced', singularResource: 'gadget', verbs: ['get', 'list'] }] }]);
    expect(aggregated.json.items.some((item: { metadata: { name: string } }) => item.metadata.name === 'missing.example.io')).toBe(false);
    const group = (await api('GET', '/apis/widgets.aggregated.test')).json;
    expect(group).toEqual({ kind: 'APIGroup', apiVersion: 'v1', name: 'widgets.aggregated.test', versions: [{ groupVersion: 'widgets.aggregated.test/v1', version: 'v1' }], preferredVersion: { groupVersion: 'widgets.aggregated.test/v1', version: 'v1' } });
  });
});
