/**
 * kubectl 1.32 against a real local server: `kubectl events` shows Events written through
 * events.k8s.io/v1 (client-go's event recorder), `kubectl debug` adds an ephemeral container, and
 * logs/exec on pods no kubelet serves print kube's own answers.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';
import { apiFetch } from './test-server.js';
import { jsonLines } from '../helpers/json-lines.js';

const serverUrl = inject('serverUrl');
let k: Kubectl;
const ns = `debug-${Date.now().toString(36)}`;

const post = async (path: string, body: unknown) => {
  const response = await apiFetch(`${serverUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(response.status, await response.clone().text()).toBe(201);
};

beforeAll(async () => {
  k = kubectlFor(serverUrl);
  expect((await k('create', 'namespace', ns)).code).toBe(0);
  expect((await k('run', 'p', '-n', ns, '--image=busybox', '--restart=Never', '--', 'sleep', '3600')).code).toBe(0);
});

describe('kubectl events', () => {
  it('shows an Event written through events.k8s.io/v1, as the event recorder writes it', async () => {
    await post(`/apis/events.k8s.io/v1/namespaces/${ns}/events`, {
      apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'p.pulled' },
      regarding: { kind: 'Pod', name: 'p', namespace: ns }, reason: 'Pulled', note: 'Successfully pulled image "busybox"', type: 'Normal',
      eventTime: new Date().toISOString().replace(/\.(\d+)Z$/, (_, ms: string) => `.${ms.padEnd(6, '0')}Z`),
      reportingController: 'kubelet', reportingInstance: 'node-1', action: 'Pulling',
    });
    const result = await k('events', '-n', ns);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Normal\s+Pulled\s+Pod\/p\s+Successfully pulled image "busybox"/);
    const asCore = await k('events', '-n', ns, '-o', 'jsonpath={.items[*].reportingComponent}');
    expect(asCore.stdout).toBe('kubelet');
  });
});

describe('watchers of both versions of one namespace', () => {
  /** The first `count` events of a JSON-lines watch. */
  async function firstEvents(response: Response, count: number): Promise<Array<{ type: string; object: Record<string, any> }>> {
    const reader = response.body!.getReader();
    const lines = jsonLines<{ type: string; object: Record<string, any> }>(reader, 10_000);
    const events = [];
    while (events.length < count) {
      const event = await lines.next();
      if (!event) break;
      events.push(event);
    }
    await reader.cancel();
    return events;
  }

  it('share the collection\'s watch cache, each seeing every event in its own version', async () => {
    const watchNs = `${ns}-w`;
    expect((await k('create', 'namespace', watchNs)).code).toBe(0);
    const open = (path: string) => apiFetch(`${serverUrl}${path}?watch=1&timeoutSeconds=10`);
    const [groupWatch, coreWatch] = await Promise.all([open(`/apis/events.k8s.io/v1/namespaces/${watchNs}/events`), open(`/api/v1/namespaces/${watchNs}/events`)]);
    await post(`/api/v1/namespaces/${watchNs}/events`, { metadata: { name: 'legacy' }, involvedObject: { kind: 'Pod', name: 'p', namespace: watchNs }, reason: 'Started', message: 'started', source: { component: 'kubelet', host: 'node-1' } });
    await post(`/apis/events.k8s.io/v1/namespaces/${watchNs}/events`, {
      metadata: { name: 'modern' }, regarding: { kind: 'Pod', name: 'p', namespace: watchNs }, reason: 'Pulled', note: 'pulled', type: 'Normal',
      eventTime: '2024-01-01T00:00:00.000000Z', reportingController: 'kubelet', reportingInstance: 'node-1', action: 'Pulling',
    });
    const [fromGroup, fromCore] = await Promise.all([firstEvents(groupWatch, 2), firstEvents(coreWatch, 2)]);
    expect(fromGroup.map((event) => `${event.type} ${event.object.metadata.name} ${event.object.apiVersion}`)).toEqual(['ADDED legacy events.k8s.io/v1', 'ADDED modern events.k8s.io/v1']);
    expect(fromGroup.map((event) => event.object.note)).toEqual(['started', 'pulled']);
    expect(fromGroup[0]!.object.deprecatedSource).toEqual({ component: 'kubelet', host: 'node-1' });
    expect(fromCore.map((event) => `${event.type} ${event.object.metadata.name} ${event.object.apiVersion}`)).toEqual(['ADDED legacy v1', 'ADDED modern v1']);
    expect(fromCore.map((event) => event.object.message)).toEqual(['started', 'pulled']);
    expect(fromCore[1]!.object.reportingComponent).toBe('kubelet');
  });
});

describe('kubectl debug', () => {
  it('adds an ephemeral container through pods/ephemeralcontainers', async () => {
    const result = await k('debug', 'p', '-n', ns, '--image=busybox', '-c', 'debugger');
    expect(result.code, result.stderr).toBe(0);
    const names = await k('get', 'pod', 'p', '-n', ns, '-o', 'jsonpath={.spec.ephemeralContainers[*].name}');
    expect(names.stdout).toBe('debugger');
    const image = await k('get', 'pod', 'p', '-n', ns, '-o', 'jsonpath={.spec.ephemeralContainers[0].imagePullPolicy} {.spec.containers[0].image}');
    expect(image.stdout).toBe('Always busybox');
  });
});

describe('pods no kubelet serves', () => {
  it('kubectl logs of an unscheduled pod prints nothing', async () => {
    const result = await k('logs', 'p', '-n', ns, '-c', 'p');
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it('kubectl exec of an unscheduled pod prints kube\'s BadRequest', async () => {
    const result = await k('exec', 'p', '-n', ns, '-c', 'p', '--', 'ls');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Error from server (BadRequest): pod p does not have a host assigned');
  });

  it('kubectl exec on a node whose kubelet cannot be reached prints the error from the stream', async () => {
    await post('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: `${ns}-node` } });
    const status = { status: { addresses: [{ type: 'InternalIP', address: '192.0.2.2' }], daemonEndpoints: { kubeletEndpoint: { Port: 1 } } } };
    await apiFetch(`${serverUrl}/api/v1/nodes/${ns}-node/status`, { method: 'PATCH', body: JSON.stringify(status), headers: { 'content-type': 'application/merge-patch+json' } });
    await post(`/api/v1/namespaces/${ns}/pods`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'placed' }, spec: { nodeName: `${ns}-node`, containers: [{ name: 'c', image: 'busybox' }] } });
    const result = await k('exec', 'placed', '-n', ns, '--', 'ls');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`error: Internal error occurred: error sending request: Post "https://192.0.2.2:1/exec/${ns}/placed/c?command=ls&error=1&output=1": dial tcp 192.0.2.2:1: connect: connection refused`);
  });
});
