/**
 * Connections and transport against the real local server, as a keep-alive client sees them:
 * requests answered before their body is read (415, 406, 405, 404, 401, 403, 413) leave the
 * connection usable for the next request on the same socket (kube-scheduler lost a PATCH after a
 * 405 on pods/binding this way, before binding was served); an oversized body gets a readable 413, also from kubectl, and an
 * object whose row would outgrow SQLite's limit kube's etcd error; small answers and watch streams
 * carry no Content-Encoding and are not compressed or held back.
 */
import { Agent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { kubectlFor } from './kubectl.js';
import { authHeaders } from './test-server.js';

const serverUrl = inject('serverUrl');
const namespace = `conn-${Date.now().toString(36)}`;
const collection = `/api/v1/namespaces/${namespace}/configmaps`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  socket: Socket;
}

/** One request on `agent`; `chunked` sends the body without a Content-Length. */
function send(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer, chunked = false): Promise<Answer> {
  const base = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest({
      agent, method, hostname: base.hostname, port: base.port, path,
      headers: { ...headers, ...(body && !chunked ? { 'content-length': String(body.byteLength) } : {}) },
    }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode!, headers: incoming.headers, body: Buffer.concat(chunks), socket: incoming.socket as Socket }));
    });
    outgoing.on('error', reject);
    if (body && chunked) for (let at = 0; at < body.length; at += 65_536) outgoing.write(body.subarray(at, at + 65_536));
    outgoing.end(body && !chunked ? body : undefined);
  });
}

const admin = () => authHeaders();
const jsonBody = (size: number) => Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: 'x'.repeat(size) } }));

beforeAll(async () => {
  const agent = new Agent({ rejectUnauthorized: false });
  const created = await send(agent, 'POST', '/api/v1/namespaces', { ...admin(), 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })));
  expect(created.status).toBe(201);
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
  expect((await send(agent, 'POST', `/api/v1/namespaces/${namespace}/pods`, { ...admin(), 'content-type': 'application/json' }, Buffer.from(JSON.stringify(pod)))).status).toBe(201);
  agent.destroy();
});

describe('one keep-alive connection', () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false });
  const sockets = new Set<Socket>();
  afterAll(() => agent.destroy());

  it.each([
    ['415 (a body in a media type nobody reads)', 415, 'POST', collection, { 'content-type': 'text/plain' }, jsonBody(200_000)],
    ['406 (an Accept nothing satisfies)', 406, 'POST', collection, { 'content-type': 'application/json', accept: 'text/html' }, jsonBody(200_000)],
    ['405 (PUT on a collection)', 405, 'PUT', collection, { 'content-type': 'application/json' }, jsonBody(200_000)],
    ['405 (POST on pods/NAME/status, a route without it)', 405, 'POST', `/api/v1/namespaces/${namespace}/pods/p/status`, { 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, status: { phase: 'Running' } }))],
    ['404 (a route kube lacks)', 404, 'POST', '/api/v1/configmaps/x', { 'content-type': 'application/json' }, jsonBody(200_000)],
    ['401 (a token nobody issued)', 401, 'POST', collection, { 'content-type': 'application/json', authorization: 'Bearer nobody-issued-this' }, jsonBody(200_000)],
    ['403 (a user without rights)', 403, 'POST', collection, { 'content-type': 'application/json', ...authHeaders('bob') }, jsonBody(200_000)],
    ['413 (4 MiB with a Content-Length)', 413, 'POST', collection, { 'content-type': 'application/json' }, jsonBody(4 * 1024 * 1024)],
    ['413 (4 MiB chunked)', 413, 'POST', collection, { 'content-type': 'application/json', chunked: 'yes' }, jsonBody(4 * 1024 * 1024)],
  ] as [string, number, string, string, Record<string, string>, Buffer][])('%s, then requests that succeed', async (_name, code, method, path, headers, body) => {
    const { chunked, ...sent } = headers;
    const first = await send(agent, method, path, { ...admin(), ...sent }, body, !!chunked);
    expect([first.status, JSON.parse(first.body.toString()).code]).toEqual([code, code]);
    const list = await send(agent, 'GET', collection, admin());
    expect(list.status).toBe(200);
    const patch = await send(agent, 'PATCH', `/api/v1/namespaces/${namespace}/pods/p/status`, { ...admin(), 'content-type': 'application/merge-patch+json' },
      Buffer.from(JSON.stringify({ status: { message: `after ${code}` } })));
    expect(patch.status).toBe(200);
    for (const answer of [first, list, patch]) sockets.add(answer.socket);
    // Every exchange of the suite so far went over one connection.
    expect(sockets.size).toBe(1);
  });
});

describe('an oversized object from kubectl', () => {
  it('gets kube\'s 413 text, not a broken connection', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edge-big-'));
    const file = path.join(dir, 'big.json');
    writeFileSync(file, jsonBody(4_000_000));
    const result = await kubectlFor(serverUrl)('create', '-n', namespace, '-f', file);
    expect(result.stderr.trim()).toBe(`Error from server (RequestEntityTooLarge): error when creating "${file}": Request entity too large: limit is 3145728`);
  });
});

describe('an object too large to store', () => {
  it('gets kube\'s etcd text from kubectl, not a 500 from SQLite', async () => {
    const labels: Record<string, string> = {};
    for (let i = 0; i < 7000; i++) labels[`k${String(i).padStart(6, '0')}.example.com/${'l'.repeat(40)}`] = 'v'.repeat(63);
    const dir = mkdtempSync(path.join(tmpdir(), 'edge-labels-'));
    const file = path.join(dir, 'labels.json');
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'labels', labels } }));
    const kubectl = kubectlFor(serverUrl);
    const result = await kubectl('create', '-n', namespace, '-f', file);
    expect(result.stderr.trim()).toBe(`Error from server (RequestEntityTooLarge): error when creating "${file}": etcdserver: request is too large`);
    expect((await kubectl('get', '-n', namespace, 'configmap', 'labels')).code).not.toBe(0);
  });
});

describe('content encoding', () => {
  const agent = new Agent({ keepAlive: true, rejectUnauthorized: false });
  afterAll(() => agent.destroy());

  it('sends small answers to a gzip client uncompressed and without Content-Encoding', async () => {
    for (const [accept, path] of [['application/json', collection], ['application/yaml', '/api/v1/namespaces/default'], ['application/vnd.kubernetes.protobuf', collection]]) {
      const answer = await send(agent, 'GET', path!, { ...admin(), 'accept-encoding': 'gzip', accept: accept! });
      expect([path, answer.status, answer.headers['content-encoding'], answer.headers['cache-control']]).toEqual([path, 200, undefined, 'no-cache, private, no-transform']);
      expect(answer.body[0]).not.toBe(0x1f);
    }
    const error = await send(agent, 'GET', `${collection}/missing`, { ...admin(), 'accept-encoding': 'gzip, br' });
    expect([error.status, error.headers['content-encoding']]).toEqual([404, undefined]);
  });

  it('gzips a list over 128 KiB, and only that', async () => {
    for (let i = 0; i < 70; i++) await send(agent, 'POST', collection, { ...admin(), 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ metadata: { name: `big${i}` }, data: { v: 'x'.repeat(2000) } })));
    const answer = await send(agent, 'GET', collection, { ...admin(), 'accept-encoding': 'gzip' });
    expect([answer.headers['content-encoding'], answer.headers.vary]).toEqual(['gzip', 'Accept-Encoding']);
    expect(JSON.parse(gunzipSync(answer.body).toString()).items).toHaveLength(70);
  });

  it('streams a watch to a gzip client unbuffered and uncompressed', async () => {
    const base = new URL(serverUrl);
    const first = await new Promise<{ encoding: unknown; event: string }>((resolve, reject) => {
      const outgoing = httpsRequest({
        agent: false, rejectUnauthorized: false, hostname: base.hostname, port: base.port,
        path: `${collection}?watch=1&timeoutSeconds=600`, headers: { ...admin(), 'accept-encoding': 'gzip' },
      }, (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          // The first event, long before the watch's 600 s end: nothing held the stream back.
          if (text.includes('\n')) {
            resolve({ encoding: incoming.headers['content-encoding'], event: text.slice(0, text.indexOf('\n')) });
            outgoing.destroy();
          }
        });
      });
      outgoing.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      outgoing.end();
    });
    expect(first.encoding).toBeUndefined();
    expect(JSON.parse(first.event).type).toBe('ADDED');
  });
});
