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
    const timer = setTimeout(() => finish(reader.head && idleMillis ? 'answered' : 'timeout'), timeoutMillis);
    socket.once(base.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(bytes));
    socket.on('data', (chunk) => {
      reader.push(chunk);
      if (reader.complete()) return finish('answered');
      if (idleMillis && reader.head) {
        clearTimeout(idle);
        idle = setTimeout(() => finish('answered'), idleMillis);
      }
    });
    socket.on('error', () => finish(reader.complete() ? 'answered' : 'reset'));
    socket.on('close', () => finish(reader.complete(true) ? 'answered' : 'reset'));
  });
}

/**
 * Collects an answer's bytes: the head once it is complete, the body by Content-Length, chunks, or
 * until close. Linear in the answer's size: bytes go into a buffer that doubles, and a chunked body
 * is decoded from where the last look stopped (a list of every object of a busy server is tens of
 * megabytes in thousands of socket reads).
 */
class AnswerReader {
  buffer = Buffer.alloc(64 * 1024);
  size = 0;
  head;
  bodyStart = 0;
  /** The chunked body decoded so far: its chunks, where the next chunk's size line starts, whether the last chunk came. */
  chunks = { parts: [], at: 0, done: false };

  /** `headOnly`: the answer to a HEAD, which has no body whatever its headers say. */
  constructor(headOnly) {
    this.headOnly = headOnly;
  }

  push(chunk) {
    if (this.size + chunk.length > this.buffer.length) {
      const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.size + chunk.length));
      this.buffer.copy(grown, 0, 0, this.size);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.size);
    const searchFrom = Math.max(0, this.size - 3);
    this.size += chunk.length;
    if (!this.head) {
      const end = this.buffer.subarray(0, this.size).indexOf('\r\n\r\n', searchFrom);
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
    if (length !== undefined) return this.size - this.bodyStart >= Number(length);
    if (this.chunked()) return this.dechunk().done;
    return closed;
  }

  /** The answer so far (null before its head): status, lowercased headers, the body's complete bytes as UTF-8. */
  answer() {
    if (!this.head) return null;
    const body = this.chunked() ? Buffer.concat(this.dechunk().parts) : this.buffer.subarray(this.bodyStart, this.size);
    return { status: this.head.status, headers: this.head.headers, body: body.toString('utf8') };
  }

  chunked() {
    return /chunked/i.test(this.head.headers['transfer-encoding'] ?? '');
  }

  /** Decodes the chunks that arrived since the last call (copies: the buffer may grow and move). */
  dechunk() {
    const state = this.chunks;
    const raw = this.buffer.subarray(this.bodyStart, this.size);
    while (!state.done) {
      const lineEnd = raw.indexOf('\r\n', state.at);
      if (lineEnd < 0) break;
      const size = parseInt(raw.subarray(state.at, lineEnd).toString('latin1'), 16);
      if (Number.isNaN(size)) break;
      if (size === 0) {
        state.done = true;
        break;
      }
      if (raw.length < lineEnd + 2 + size + 2) break;
      state.parts.push(Buffer.from(raw.subarray(lineEnd + 2, lineEnd + 2 + size)));
      state.at = lineEnd + 2 + size + 2;
    }
    return state;
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
