// One HTTP/1.1 request sent exactly as written: the request target's bytes go on the wire
// untouched (fetch and node:http resolve dot segments, refuse bytes outside Latin-1 or spaces),
// so a client's malformed path reaches the server as the client wrote it. Used to ask the
// reference kube-apiserver and this server the same raw questions (scripts/scope-probe.mjs, the
// scope and fuzz suites).
import net from 'node:net';
import tls from 'node:tls';

/**
 * Sends `method target` to `baseUrl` (http: or https:, certificates unchecked; a path in it, such
 * as `/clusters/NAME`, goes before the target) on a connection of
 * its own and resolves with what came back: `outcome` is `answered` (a complete answer, or a
 * streaming one read until `idleMillis` passed without data), `reset` (the connection failed or
 * closed before an answer), or `timeout` (no complete answer within `timeoutMillis`).
 */
export function rawRequest(baseUrl, { method, target, headers = {}, body, idleMillis = 0, timeoutMillis = 30_000 }) {
  const base = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(body);
  const head = [`${method} ${base.pathname.replace(/\/$/, '')}${target} HTTP/1.1`, `Host: ${base.host}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  if (payload) head.push(`Content-Length: ${payload.byteLength}`);
  const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), payload ?? Buffer.alloc(0)]);
  return new Promise((resolve) => {
    const port = Number(base.port || (base.protocol === 'https:' ? 443 : 80));
    const socket = base.protocol === 'https:'
      ? tls.connect({ host: base.hostname, port, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] })
      : net.connect({ host: base.hostname, port });
    const reader = new AnswerReader(method.toUpperCase() === 'HEAD');
    let idle;
    const finish = (outcome) => {
      clearTimeout(timer);
      clearTimeout(idle);
      socket.destroy();
      const answer = reader.answer();
      resolve(answer ? { outcome, ...answer } : { outcome, status: 0, headers: {}, body: '' });
    };
    const timer = setTimeout(() => finish(reader.answer() && idleMillis ? 'answered' : 'timeout'), timeoutMillis);
    socket.once(base.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      reader.push(chunk);
      if (reader.complete()) return finish('answered');
      if (idleMillis && reader.answer()) {
        clearTimeout(idle);
        idle = setTimeout(() => finish('answered'), idleMillis);
      }
    });
    socket.on('error', () => finish(reader.complete() ? 'answered' : 'reset'));
    socket.on('close', () => finish(reader.complete(true) ? 'answered' : 'reset'));
  });
}

/** Collects an answer's bytes: the head once it is complete, the body by Content-Length, chunks, or until close. */
class AnswerReader {
  buffer = Buffer.alloc(0);
  head;
  bodyStart = 0;

  /** `headOnly`: the answer to a HEAD, which has no body whatever its headers say. */
  constructor(headOnly) {
    this.headOnly = headOnly;
  }

  push(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    if (!this.head) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        this.head = parseHead(this.buffer.subarray(0, end).toString('latin1'));
        this.bodyStart = end + 4;
      }
    }
  }

  /** Whether the whole answer arrived by its framing (an answer framed by the connection's close: `closed`). */
  complete(closed = false) {
    if (!this.head) return false;
    if (this.headOnly || this.head.status === 204 || this.head.status === 304) return true;
    const length = this.head.headers['content-length'];
    if (length !== undefined) return this.buffer.length - this.bodyStart >= Number(length);
    if (/chunked/i.test(this.head.headers['transfer-encoding'] ?? '')) return dechunk(this.buffer.subarray(this.bodyStart)).done;
    return closed;
  }

  /** The answer so far (null before its head): status, lowercased headers, the body's complete bytes as UTF-8. */
  answer() {
    if (!this.head) return null;
    const raw = this.buffer.subarray(this.bodyStart);
    const chunked = /chunked/i.test(this.head.headers['transfer-encoding'] ?? '');
    return { status: this.head.status, headers: this.head.headers, body: (chunked ? dechunk(raw).body : raw).toString('utf8') };
  }
}

function parseHead(text) {
  const [statusLine, ...lines] = text.split('\r\n');
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(statusLine.split(' ')[1]), headers };
}

/** The complete chunks of a chunked body, and whether its last chunk arrived. */
function dechunk(raw) {
  const parts = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) return { body: Buffer.concat(parts), done: false };
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return { body: Buffer.concat(parts), done: false };
    if (size === 0) return { body: Buffer.concat(parts), done: true };
    if (raw.length < lineEnd + 2 + size + 2) return { body: Buffer.concat(parts), done: false };
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
