/**
 * The kubelet-backed subresources (pods/log, exec, attach, portforward, and the proxy subresources
 * of pods, services and nodes) answer as kube-apiserver v1.32.13 does when it cannot reach a
 * kubelet or pod: every row below was recorded from the reference kube-apiserver with the same
 * objects (a node whose kubelet refuses connections at 192.0.2.2:1, a pod on it with that IP, an
 * unscheduled pod, a pod on a missing node, nodes without a usable address).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const merge = { 'content-type': 'application/merge-patch+json' };

async function create(path: string, body: unknown): Promise<void> {
  const response = await api('POST', path, { body });
  expect(response.status, response.text).toBe(201);
}

async function node(name: string, status: unknown): Promise<void> {
  await create('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name } });
  if (status) expect((await api('PATCH', `/api/v1/nodes/${name}/status`, { body: { status }, headers: merge })).status).toBe(200);
}

async function pod(name: string, spec: Record<string, unknown>, podIP?: string): Promise<void> {
  await create(`/api/v1/namespaces/${ns}/pods`, { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec });
  if (podIP) await api('PATCH', `/api/v1/namespaces/${ns}/pods/${name}/status`, { body: { status: { podIP, podIPs: [{ ip: podIP }] } }, headers: merge });
}

const busybox = (name: string, ports?: number[]) => ({ name, image: 'busybox', ...(ports ? { ports: ports.map((containerPort) => ({ containerPort })) } : {}) });

beforeAll(async () => {
  ns = await freshNamespace('cx');
  await node(`${ns}-noaddr`, null);
  await node(`${ns}-addr`, { addresses: [{ type: 'InternalIP', address: '192.0.2.2' }, { type: 'Hostname', address: '192.0.2.2' }], daemonEndpoints: { kubeletEndpoint: { Port: 1 } } });
  await node(`${ns}-lo`, { addresses: [{ type: 'InternalIP', address: '127.0.0.1' }] });
  await node(`${ns}-odd`, { addresses: [{ type: 'Weird', address: '1.2.3.4' }, { type: 'Other', address: 'h' }] });
  await pod('unscheduled', { containers: [busybox('c')] });
  await pod('two', { initContainers: [busybox('i')], containers: [busybox('c'), busybox('d', [8080])] });
  await pod('ghost', { nodeName: `${ns}-ghost`, containers: [busybox('c')] });
  await pod('noaddr', { nodeName: `${ns}-noaddr`, containers: [busybox('c')] });
  await pod('odd', { nodeName: `${ns}-odd`, containers: [busybox('c')] });
  await pod('running', { nodeName: `${ns}-addr`, containers: [busybox('c', [8080])] }, '192.0.2.2');
  await pod('loip', { containers: [busybox('c')] }, '127.0.0.1');
  const service = (name: string, port: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { ports: [port] } });
  await create(`/api/v1/namespaces/${ns}/services`, service('web', { name: 'http', port: 80, targetPort: 8080 }));
  await create(`/api/v1/namespaces/${ns}/services`, service('empty', { port: 80 }));
  await create(`/api/v1/namespaces/${ns}/services`, service('noeps', { port: 80 }));
  await create(`/api/v1/namespaces/${ns}/endpoints`, { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'empty' } });
  await create(`/api/v1/namespaces/${ns}/endpoints`, {
    apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'web' },
    subsets: [{ addresses: [{ ip: '192.0.2.9' }, { ip: '192.0.2.2', targetRef: { kind: 'Pod', name: 'running', namespace: ns } }], ports: [{ name: 'http', port: 8080 }] }],
  });
});

// [method, path, status, reason, message]; NS stands for the test's namespace.
const rows: [string, string, number, string | null, string][] = [
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log', 204, null, ""],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?follow=true&previous=1&timestamps=yes', 204, null, ""],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?container=nope', 400, 'BadRequest', "container nope is not valid for pod unscheduled"],
  ['GET', '/api/v1/namespaces/NS/pods/nope/log', 404, 'NotFound', "pods \"nope\" not found"],
  ['GET', '/api/v1/namespaces/NS/pods/two/log', 400, 'BadRequest', "a container name must be specified for pod two, choose one of: [i c d]"],
  ['GET', '/api/v1/namespaces/NS/pods/two/log?container=i', 204, null, ""],
  ['GET', '/api/v1/namespaces/NS/pods/ghost/log', 404, 'NotFound', "pods \"NS-ghost\" not found"],
  ['GET', '/api/v1/namespaces/NS/pods/noaddr/log', 500, null, "no preferred addresses found; known addresses: []"],
  ['GET', '/api/v1/namespaces/NS/pods/odd/log', 500, null, "no preferred addresses found; known addresses: [{Weird 1.2.3.4} {Other h}]"],
  ['GET', '/api/v1/namespaces/NS/pods/running/log', 500, null, "Get \"https://192.0.2.2:1/containerLogs/NS/running/c\": dial tcp 192.0.2.2:1: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/pods/running/log?follow=true&tailLines=10&limitBytes=5&sinceSeconds=3&timestamps=true&previous=true', 500, null, "Get \"https://192.0.2.2:1/containerLogs/NS/running/c?follow=true&limitBytes=5&previous=true&sinceSeconds=3&tailLines=10&timestamps=true\": dial tcp 192.0.2.2:1: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?tailLines=-1&limitBytes=0&sinceSeconds=0', 422, 'Invalid', "PodLogOptions \"unscheduled\" is invalid: [tailLines: Invalid value: -1: must be greater than or equal to 0, limitBytes: Invalid value: 0: must be greater than 0, sinceSeconds: Invalid value: 0: must be greater than 0]"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?sinceSeconds=5&sinceTime=2024-01-01T00:00:00Z', 422, 'Invalid', "PodLogOptions \"unscheduled\" is invalid: []: Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?sinceTime=yesterday', 400, 'BadRequest', "parsing time \"yesterday\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"yesterday\" as \"2006\""],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?tailLines=x', 400, 'BadRequest', "strconv.ParseInt: parsing \"x\": invalid syntax"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?tailLines=99999999999999999999', 400, 'BadRequest', "strconv.ParseInt: parsing \"99999999999999999999\": value out of range"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/log?stream=All', 422, 'Invalid', "PodLogOptions \"unscheduled\" is invalid: stream: Forbidden: may not be specified"],
  ['POST', '/api/v1/namespaces/NS/pods/unscheduled/exec?command=ls&stdout=true', 400, 'BadRequest', "pod unscheduled does not have a host assigned"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/exec?command=ls', 400, 'BadRequest', "pod unscheduled does not have a host assigned"],
  ['POST', '/api/v1/namespaces/NS/pods/two/exec?command=ls', 400, 'BadRequest', "a container name must be specified for pod two, choose one of: [i c d]"],
  ['POST', '/api/v1/namespaces/NS/pods/two/exec?command=ls&container=x', 400, 'BadRequest', "container x is not valid for pod two"],
  ['POST', '/api/v1/namespaces/NS/pods/ghost/exec?command=ls', 404, 'NotFound', "pods \"NS-ghost\" not found"],
  ['POST', '/api/v1/namespaces/NS/pods/noaddr/exec?command=ls', 500, null, "no preferred addresses found; known addresses: []"],
  ['POST', '/api/v1/namespaces/NS/pods/running/exec?command=ls&stdout=1', 400, 'BadRequest', "Upgrade request required"],
  ['POST', '/api/v1/namespaces/NS/pods/running/attach?stdout=1', 400, 'BadRequest', "Upgrade request required"],
  ['POST', '/api/v1/namespaces/NS/pods/unscheduled/attach', 400, 'BadRequest', "pod unscheduled does not have a host assigned"],
  ['POST', '/api/v1/namespaces/NS/pods/unscheduled/portforward?ports=80', 400, 'BadRequest', "pod unscheduled does not have a host assigned"],
  ['POST', '/api/v1/namespaces/NS/pods/unscheduled/portforward?ports=80,x', 400, 'BadRequest', "cannot convert to []int32: strconv.ParseUint: parsing \"x\": invalid syntax"],
  ['POST', '/api/v1/namespaces/NS/pods/unscheduled/portforward?ports=70000', 400, 'BadRequest', "cannot convert to []int32: strconv.ParseUint: parsing \"70000\": value out of range"],
  ['POST', '/api/v1/namespaces/NS/pods/noaddr/portforward?ports=80', 500, null, "no preferred addresses found; known addresses: []"],
  ['POST', '/api/v1/namespaces/NS/pods/running/portforward?ports=80', 400, 'BadRequest', "Upgrade request required"],
  ['GET', '/api/v1/namespaces/NS/pods/nope/exec?command=ls', 404, 'NotFound', "pods \"nope\" not found"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/proxy', 400, 'BadRequest', "address not allowed"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/proxy/x', 400, 'BadRequest', "address not allowed"],
  ['GET', '/api/v1/namespaces/NS/pods/loip/proxy/', 400, 'BadRequest', "address not allowed"],
  ['GET', '/api/v1/namespaces/NS/pods/running/proxy', 301, null, ""],
  ['GET', '/api/v1/namespaces/NS/pods/running/proxy?a=b', 301, null, ""],
  ['GET', '/api/v1/namespaces/NS/pods/running/proxy/', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:8080: connect: connection refused"],
  ['POST', '/api/v1/namespaces/NS/pods/running/proxy', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:8080: connect: connection refused"],
  ['DELETE', '/api/v1/namespaces/NS/pods/running/proxy/x/y', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:8080: connect: connection refused"],
  ['PUT', '/api/v1/namespaces/NS/pods/running:9000/proxy/x', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:9000: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/pods/https:running:9443/proxy/x', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:9443: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/pods/https:running/proxy/x', 404, 'NotFound', "pods \"https\" not found"],
  ['GET', '/api/v1/namespaces/NS/pods/ftp:running:1/proxy/x', 400, 'BadRequest', "invalid pod request \"ftp:running:1\""],
  ['GET', '/api/v1/namespaces/NS/pods/a:b:c:d/proxy/x', 400, 'BadRequest', "invalid pod request \"a:b:c:d\""],
  ['GET', '/api/v1/namespaces/NS/pods/two/proxy/', 400, 'BadRequest', "address not allowed"],
  ['GET', '/api/v1/namespaces/NS/services/web/proxy', 503, 'ServiceUnavailable', "no endpoints available for service \"web\""],
  ['GET', '/api/v1/namespaces/NS/services/web/proxy/', 503, 'ServiceUnavailable', "no endpoints available for service \"web\""],
  ['GET', '/api/v1/namespaces/NS/services/web:http/proxy/', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:8080: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/services/web:80/proxy/x', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:8080: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/services/web:81/proxy/x', 503, 'ServiceUnavailable', "no service port 81 found for service \"web\""],
  ['GET', '/api/v1/namespaces/NS/services/https:web:http/proxy/x', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:8080: connect: connection refused"],
  ['GET', '/api/v1/namespaces/NS/services/empty/proxy/', 503, 'ServiceUnavailable', "no endpoints available for service \"empty\""],
  ['GET', '/api/v1/namespaces/NS/services/noeps/proxy/', 404, 'NotFound', "services \"noeps\" not found"],
  ['GET', '/api/v1/namespaces/NS/services/nope/proxy/', 404, 'NotFound', "services \"nope\" not found"],
  ['GET', '/api/v1/namespaces/NS/services/nope:80/proxy/', 404, 'NotFound', "services \"nope\" not found"],
  ['GET', '/api/v1/namespaces/NS/services/a:b:c:d/proxy/', 400, 'BadRequest', "invalid service request \"a:b:c:d\""],
  ['GET', '/api/v1/nodes/NS-addr/proxy', 301, null, ""],
  ['GET', '/api/v1/nodes/NS-addr/proxy/metrics', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:1: connect: connection refused"],
  ['GET', '/api/v1/nodes/NS-addr:1/proxy/metrics', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:1: connect: connection refused"],
  ['GET', '/api/v1/nodes/NS-addr:2/proxy/metrics', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:2: connect: connection refused"],
  ['GET', '/api/v1/nodes/https:NS-addr:2/proxy/metrics', 503, 'ServiceUnavailable', "error trying to reach service: dial tcp 192.0.2.2:2: connect: connection refused"],
  ['GET', '/api/v1/nodes/NS-noaddr/proxy/', 500, null, "no preferred addresses found; known addresses: []"],
  ['GET', '/api/v1/nodes/NS-odd/proxy/', 500, null, "no preferred addresses found; known addresses: [{Weird 1.2.3.4} {Other h}]"],
  ['GET', '/api/v1/nodes/NS-lo/proxy/', 400, 'BadRequest', "address not allowed"],
  ['GET', '/api/v1/nodes/NS-nope/proxy/', 404, 'NotFound', "nodes \"NS-nope\" not found"],
  ['PUT', '/api/v1/namespaces/NS/pods/unscheduled/log', 405, 'MethodNotAllowed', "the server does not allow this method on the requested resource"],
  ['GET', '/api/v1/namespaces/NS/pods/unscheduled/binding', 405, 'MethodNotAllowed', "the server does not allow this method on the requested resource"],
];

describe('kubelet-backed subresources without a reachable kubelet', () => {
  it.each(rows)('%s %s', async (method, path, status, reason, message) => {
    const response = await api(method, path.replaceAll('NS', ns));
    expect(response.status).toBe(status);
    if (status === 204) return expect(response.text).toBe('');
    if (status === 301) return expect(response.headers.get('location')).toBe(`${path.replaceAll('NS', ns).replace(/\?.*$/, '')}/${path.includes('?') ? path.slice(path.indexOf('?')) : ''}`);
    const expected: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: message.replaceAll('NS', ns) };
    if (reason) expected.reason = reason;
    expect(response.json).toMatchObject({ ...expected, code: status });
    expect(response.json.reason).toBe(reason ?? undefined);
  });
});

describe('exec and attach over WebSockets (kubectl 1.30+)', () => {
  const upgrade = (protocols: string) => ({ upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-protocol': protocols });

  it('opens a v5.channel.k8s.io socket and reports the kubelet failure on the error channel', async () => {
    const { exports } = await import('cloudflare:workers');
    const { adminAuthorization } = await import('./api-client.js');
    const path = `/api/v1/namespaces/${ns}/pods/running/exec?command=ls&stdout=true&stderr=true&container=c`;
    const response: Response = await (exports as any).default.fetch(new Request(`http://edge.test${path}`, { headers: { ...adminAuthorization, ...upgrade('v5.channel.k8s.io, v4.channel.k8s.io') } }));
    expect(response.status).toBe(101);
    expect(response.headers.get('sec-websocket-protocol')).toBe('v5.channel.k8s.io');
    const socket = response.webSocket!;
    const received: Promise<Uint8Array>[] = [];
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
    // Binary frames reach this side of the socket as Blobs.
    socket.addEventListener('message', (event) => received.push((event.data as Blob).arrayBuffer().then((buffer) => new Uint8Array(buffer))));
    socket.accept();
    expect(await closed).toBe(1000);
    const frames = await Promise.all(received);
    expect(frames.map((frame) => frame[0])).toEqual([1, 3]);
    expect(frames[0]!.length).toBe(1);
    const cause = 'error sending request: Post \\"https://192.0.2.2:1/exec/NS/running/c?command=ls\\u0026error=1\\u0026output=1\\": dial tcp 192.0.2.2:1: connect: connection refused'.replaceAll('NS', ns);
    expect(new TextDecoder().decode(frames[1]!.subarray(1))).toBe(
      `{"metadata":{},"status":"Failure","message":"Internal error occurred: ${cause}","reason":"InternalError","details":{"causes":[{"message":"${cause}"}]},"code":500}`,
    );
  });

  it('any other upgrade fails dialing the kubelet', async () => {
    const response = await api('POST', `/api/v1/namespaces/${ns}/pods/running/portforward?ports=80`, { headers: upgrade('SPDY/3.1+portforward.k8s.io') });
    expect(response.status).toBe(500);
    expect(response.json.message).toBe('error dialing backend: dial tcp 192.0.2.2:1: connect: connection refused');
  });
});
