// A plain Node HTTP server standing in for workerd behind the local HTTPS front, for the front's
// tests: `?watch=true` streams two events 50 ms apart (once the request's body, if any, has
// arrived, as workerd does); `&hang=true` streams one event and stays open until the front drops
// it; anything else answers 201 after 5 ms with { method, path, host, body } as compact JSON.
// It drops idle keep-alive connections after 200 ms, as workerd does after 5 s.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FrontBackend {
  url: string;
  /** The most plain requests under way at once. */
  mostUnderWay(): number;
  /** Hanging watches still open. */
  openStreams(): number;
  close(): Promise<void>;
}

export async function startFrontBackend(): Promise<FrontBackend> {
  let underWay = 0;
  let mostUnderWay = 0;
  let openStreams = 0;
  const server = http.createServer((request, response) => {
    if (request.url?.includes('hang=true')) {
      openStreams += 1;
      request.on('close', () => (openStreams -= 1));
      response.writeHead(200, { 'content-type': 'application/json' }).write('{"type":"ADDED"}\n');
      return;
    }
    if (request.url?.includes('watch=true')) {
      request.resume().on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
        response.write('{"type":"ADDED"}\n');
        setTimeout(() => response.end('{"type":"MODIFIED"}\n'), 50);
      });
      return;
    }
    mostUnderWay = Math.max(mostUnderWay, ++underWay);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => setTimeout(() => {
      underWay -= 1;
      const body = JSON.stringify({ method: request.method, path: request.url, host: request.headers.host, body: Buffer.concat(chunks).toString() });
      response.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    }, 5));
  });
  server.keepAliveTimeout = 200;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mostUnderWay: () => mostUnderWay,
    openStreams: () => openStreams,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
