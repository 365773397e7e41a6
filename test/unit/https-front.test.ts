// The local HTTPS front (src/front/https-front.ts) for HTTP/1.1 clients, in front of a plain Node
// HTTP server standing in for workerd (./front-backend.ts): short requests through the admission,
// bytes passed through as framed, the connection's next request after the answer's end.
import type http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsFront } from '../../src/front/https-front.js';
import { type FrontBackend, startFrontBackend } from './front-backend.js';

let backend: FrontBackend;
let front: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  backend = await startFrontBackend();
  front = await startHttpsFront({ target: backend.url, inFlight: 2 });
});

afterAll(async () => {
  await front.close();
  await backend.close();
});

/** Writes `bytes` on a new TLS connection to the front and resolves with all it answers until it closes or `until` matches. */
function raw(bytes: string, until?: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: Number(new URL(front.url).port), rejectUnauthorized: false }, () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (until?.test(text)) socket.destroy(), resolve(text);
    });
    socket.on('close', () => resolve(text)).on('error', reject);
  });
}

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
    // inFlight is 2: never more under way at once in the backend.
    expect(backend.mostUnderWay()).toBe(2);
    agent.destroy();
  });

  it('forwards request bodies as framed, by length and chunked, and answers pipelined requests in order', async () => {
    const text = await raw(
      'POST /a HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\n\r\nhello'
      + 'POST /b HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nt: 1\r\n\r\n'
      + 'GET /c HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n',
    );
    const bodies = [...text.matchAll(/\{"method".*?\}/g)].map((match) => JSON.parse(match[0]));
    expect(bodies).toMatchObject([{ path: '/a', body: 'hello' }, { path: '/b', body: 'abcde' }, { path: '/c', body: '' }]);
  });

  it('answers a request it cannot frame with 400 and closes the connection', async () => {
    // As kube-apiserver answers (asked: the same two requests against v1.32.13).
    expect(await raw('POST /a HTTP/1.1\r\ncontent-length: nope\r\n\r\n')).toMatch(/^HTTP\/1.1 400 Bad Request\r\ncontent-type: text\/plain; charset=utf-8\r\n.*\r\n\r\n400 Bad Request$/s);
    expect(await raw('GARBAGE\r\n\r\n')).toMatch(/^HTTP\/1.1 400 /);
  });

  it('opens another connection to the backend when the backend dropped an idle one', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
    await get('/first', agent);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await get('/second', agent);
    expect(JSON.parse(next.body).path).toBe('/second');
    agent.destroy();
  });

  it('passes a watch through as framed, and the connection serves the next request after it', async () => {
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1 });
    const watch = await get('/api/v1/namespaces/n/configmaps?watch=true', agent);
    expect(watch.status).toBe(200);
    expect(watch.headers['transfer-encoding']).toBe('chunked');
    expect(watch.body).toBe('{"type":"ADDED"}\n{"type":"MODIFIED"}\n');
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
