// The local HTTPS front (scripts/https-front.mjs) in front of a plain Node HTTP server standing in
// for workerd: short requests through the admission, watches passed through byte for byte on a
// connection of their own that closes with the stream.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM scripts
import { startHttpsFront } from '../../scripts/https-front.mjs';

let backend: http.Server;
let front: { url: string; close: () => Promise<void> };
const seen: string[] = [];

beforeAll(async () => {
  backend = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url} connection=${request.headers.connection}`);
    if (request.url?.includes('watch=true')) {
      // Answers once the request's body (if it declares one) has arrived, as workerd does.
      request.resume().on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"type":"ADDED"}\n');
        setTimeout(() => response.end('{"type":"MODIFIED"}\n'), 50);
      });
      return;
    }
    const body = JSON.stringify({ path: request.url });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  front = await startHttpsFront({ target: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`, inFlight: 2 });
});

afterAll(async () => {
  await front.close();
  await new Promise((resolve) => backend.close(resolve));
});

/** A GET through the front on `agent`; resolves with status, headers and body. */
function get(path: string, agent: https.Agent): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    https.get(`${front.url}${path}`, { agent, rejectUnauthorized: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    }).on('error', reject);
  });
}

describe('the HTTPS front', () => {
  it('answers many concurrent short requests through its admission', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 16 });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => get(`/api/v1/namespaces/n/configmaps/c${i}`, agent)));
    expect(answers.map((answer) => JSON.parse(answer.body).path)).toEqual(Array.from({ length: 40 }, (_, i) => `/api/v1/namespaces/n/configmaps/c${i}`));
    agent.destroy();
  });

  it('passes a watch through as framed and closes its connection after it, so the next request takes another', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
    const watch = await get('/api/v1/namespaces/n/configmaps?watch=true', agent);
    expect(watch.status).toBe(200);
    expect(watch.headers.connection).toBe('close');
    expect(watch.headers['transfer-encoding']).toBe('chunked');
    expect(watch.body).toBe('{"type":"ADDED"}\n{"type":"MODIFIED"}\n');
    expect(seen).toContain('GET /api/v1/namespaces/n/configmaps?watch=true connection=close');
    // On the only socket the agent may use: it must be a fresh one, not the closed stream's.
    const next = await get('/api/v1/namespaces/n/configmaps/after', agent);
    expect(JSON.parse(next.body).path).toBe('/api/v1/namespaces/n/configmaps/after');
    agent.destroy();
  });

  it('sends a watch on without the body a GET should not have, so that workerd does not wait for it', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const outgoing = https.request(`${front.url}/api/v1/namespaces/n/configmaps?watch=true`, { method: 'GET', rejectUnauthorized: false, headers: { 'content-length': '5' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString()));
      });
      outgoing.on('error', reject);
      outgoing.end('hello');
    });
    expect(answer).toBe('{"type":"ADDED"}\n{"type":"MODIFIED"}\n');
  });
});
