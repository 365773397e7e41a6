// HTTP/2 clients of the local HTTPS front (src/front/h2.ts), as client-go and kubectl are: one
// connection for everything, each stream forwarded to a plain Node HTTP server standing in for
// workerd (./front-backend.ts), through the same admission as HTTP/1.1 requests.
import http2 from 'node:http2';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsFront } from '../../src/front/https-front.js';
import { type FrontBackend, startFrontBackend } from './front-backend.js';

let backend: FrontBackend;
let front: { url: string; close: () => Promise<void> };
let session: http2.ClientHttp2Session;

beforeAll(async () => {
  backend = await startFrontBackend();
  front = await startHttpsFront({ target: backend.url, inFlight: 2 });
  session = http2.connect(front.url, { rejectUnauthorized: false });
});

afterAll(async () => {
  session.close();
  await front.close();
  await backend.close();
});

/** One stream on the shared session: status, headers and body. */
function exchange(path: string, method = 'GET', body?: string): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': method, ':path': path, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) });
    let headers: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks).toString() }));
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('the HTTPS front over HTTP/2', () => {
  it('answers many concurrent streams on one connection through its admission', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => exchange(`/api/v1/namespaces/n/configmaps/c${i}`)));
    expect(answers.map((answer) => JSON.parse(answer.body).path)).toEqual(Array.from({ length: 40 }, (_, i) => `/api/v1/namespaces/n/configmaps/c${i}`));
    expect(answers[0]!.status).toBe(201);
    expect(backend.mostUnderWay()).toBe(2);
  });

  it('forwards a request body, the method and the authority as Host', async () => {
    const answer = await exchange('/api/v1/namespaces/n/configmaps', 'POST', '{"kind":"ConfigMap"}');
    expect(JSON.parse(answer.body)).toEqual({ method: 'POST', path: '/api/v1/namespaces/n/configmaps', host: new URL(front.url).host, body: '{"kind":"ConfigMap"}' });
  });

  it('streams a watch, without the connection-specific headers HTTP/2 forbids', async () => {
    const watch = await exchange('/api/v1/namespaces/n/configmaps?watch=true');
    expect(watch.status).toBe(200);
    expect(watch.headers.connection).toBeUndefined();
    expect(watch.body).toBe('{"type":"ADDED"}\n{"type":"MODIFIED"}\n');
  });

  it('ends the requests of a client that goes away (its watches end in the server)', async () => {
    const client = http2.connect(front.url, { rejectUnauthorized: false });
    await Promise.all([0, 1, 2].map((i) => new Promise((resolve, reject) => {
      const stream = client.request({ ':path': `/api/v1/configmaps?watch=true&hang=true&i=${i}` });
      stream.on('response', resolve).on('error', reject).on('data', () => {});
    })));
    expect(backend.openStreams()).toBe(3);
    client.destroy();
    await expect.poll(() => backend.openStreams()).toBe(0);
  });

  it('answers 502 on a stream when workerd cannot be reached', async () => {
    const unreachable = await startHttpsFront({ target: 'http://127.0.0.1:1', inFlight: 2 });
    const other = http2.connect(unreachable.url, { rejectUnauthorized: false });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = other.request({ ':path': '/api' });
        let status = 0;
        let body = '';
        stream.on('response', (headers) => (status = Number(headers[':status'])));
        stream.on('data', (chunk: Buffer) => (body += chunk));
        stream.on('end', () => resolve({ status, body })).on('error', reject);
      });
      expect(answer).toEqual({ status: 502, body: 'bad gateway' });
    } finally {
      other.close();
      await unreachable.close();
    }
  });

  it('serves HTTP/1.1 clients beside HTTP/2 ones on the same port', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      https.get(`${front.url}/plain`, { rejectUnauthorized: false }, (response) => {
        expect(response.httpVersion).toBe('1.1');
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks).toString()));
      }).on('error', reject);
    });
    expect(JSON.parse(body).path).toBe('/plain');
  });
});
