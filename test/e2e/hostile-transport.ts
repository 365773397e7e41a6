/**
 * Raw HTTPS requests for the hostile-requests suite. fetch normalizes paths as WHATWG URLs do
 * (`/a/%2E%2E/b` is sent as `/b`), refuses some methods and fails the whole request when the
 * server answers an oversized body early and closes; node:https sends the path as written and
 * keeps an answer that arrived before the upload broke off.
 */
import { Agent, request as httpsRequest } from 'node:https';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Answers are read up to this many bytes; the rest is dropped. */
const maxBodyBytes = 4 * 1024 * 1024;

/** A connection per request: one the server closed (after an early 413) must not fail the next request. */
const agent = new Agent({ keepAlive: false, rejectUnauthorized: false });

/**
 * Sends `method path` to `baseUrl` exactly as written. A 200 answer to a watch is not read
 * (it would stream until the server ends it). Rejects when no answer arrives before `signal`.
 */
export function sendRaw(baseUrl: string, method: string, path: string, headers: Record<string, string>, body: string | Uint8Array | undefined, signal: AbortSignal): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  const bytes = body === undefined ? undefined : Buffer.from(body);
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest({
      agent, method, hostname: base.hostname, port: base.port, path, signal,
      headers: { ...headers, ...(bytes ? { 'content-length': String(bytes.byteLength) } : {}) },
    });
    let answered = false;
    outgoing.on('socket', (socket) => socket.on('error', () => {}));
    outgoing.on('response', (incoming) => {
      answered = true;
      const watching = incoming.statusCode === 200 && /[?&]watch=(1|true)(&|$)/.test(path);
      if (watching) {
        incoming.destroy();
        resolve({ status: 200, headers: incoming.headers, body: '' });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBodyBytes) chunks.push(chunk);
      });
      const done = () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') });
      incoming.on('end', done);
      // The socket may close under a broken upload: the answer is what arrived.
      incoming.on('error', done);
      incoming.on('close', done);
    });
    // An upload cut short after the answer came (413 before the body was read) is no failure.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(bytes);
  });
}
