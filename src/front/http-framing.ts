// Where HTTP/1.1 messages begin and end in a byte stream, without decoding or re-encoding them:
// what the local HTTPS front (https-front.ts) needs to admit requests one at a time on
// connections whose bytes it passes through unchanged (RFC 9112: the head ends at the first empty
// line; the body is framed by Transfer-Encoding: chunked, else Content-Length, else (answers only)
// by the connection's end).

import { Buffer } from 'node:buffer';

/** Node's Buffer (the name alone can mean another type where the Workers types are loaded too). */
export type Bytes = ReturnType<typeof Buffer.alloc>;

const crlfcrlf = Buffer.from('\r\n\r\n');

/** The most bytes a message head may take (Go's and kube-apiserver's default is 1 MiB). */
export const maxHeadBytes = 1 << 20;

/** A head that cannot be framed: the front answers `status` (with `body`, else the status line's code and text) and closes the connection. */
export class FramingError extends Error {
  constructor(readonly status: number, message: string, readonly body?: string) {
    super(message);
  }
}

/** The header fields the front reads; the others pass through unread. */
const wanted = new Set(['host', 'authorization', 'upgrade', 'connection', 'content-length', 'transfer-encoding', 'edge-timeline']);

/**
 * The fields the front reads of a head, by lower-cased name (repeated ones joined by ', ');
 * `edge-timeline` for the request timeline (timeline.ts).
 */
export type HeadFields = Partial<Record<'host' | 'authorization' | 'upgrade' | 'connection' | 'content-length' | 'transfer-encoding' | 'edge-timeline', string>>;

/** A message head: its start line, the fields the front reads, and its length in bytes (through the empty line). */
export interface Head {
  startLine: string;
  headers: HeadFields;
  length: number;
}

/** What a body reader does: how many bytes of `buffer` from `offset` belong to the body; `done` once it ended. */
export interface Body {
  readonly done: boolean;
  take(buffer: Bytes, offset: number): number;
}

/**
 * The head at the start of `buffer`: { startLine, headers (the wanted fields, lower-cased names,
 * repeated ones joined by ', '), length (bytes through the empty line) }; null while incomplete.
 */
export function parseHead(buffer: Bytes): Head | null {
  const end = buffer.indexOf(crlfcrlf);
  if (end < 0) {
    if (buffer.length > maxHeadBytes) throw new FramingError(431, 'Request Header Fields Too Large');
    return null;
  }
  const lines = buffer.toString('latin1', 0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new FramingError(400, 'Bad Request');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!wanted.has(name)) continue;
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { startLine: lines[0]!, headers, length: end + 4 };
}

/**
 * A request's method, target and protocol version from its start line. The target must be a path
 * (origin form): workerd fails any other with a 500 before the Worker runs, where Go's server
 * answers garbage 400 (clients send the absolute and asterisk forms only to proxies).
 */
export function requestLine(startLine: string): { method: string; url: string; version: string } {
  const [method, url, version, extra] = startLine.split(' ');
  if (!method || !url?.startsWith('/') || !version?.startsWith('HTTP/1.') || extra !== undefined) throw new FramingError(400, 'Bad Request');
  return { method, url, version };
}

/** An answer's status code from its start line. */
export function statusOf(startLine: string): number {
  const status = Number(startLine.split(' ')[1]);
  if (!Number.isInteger(status)) throw new FramingError(502, 'Bad Gateway');
  return status;
}

/** Whether the connection ends after this message: `Connection: close`, or HTTP/1.0 without keep-alive. */
export function closes(headers: HeadFields, version = 'HTTP/1.1'): boolean {
  const connection = headers.connection ?? '';
  if (version === 'HTTP/1.0') return !/(^|,)\s*keep-alive\s*(,|$)/i.test(connection);
  return /(^|,)\s*close\s*(,|$)/i.test(connection);
}

/**
 * The body that follows a head: `chunked`, a length, or (answers only, `untilClose`) everything
 * up to the connection's end.
 */
export function bodyOf(headers: HeadFields, untilClose: boolean): Body {
  // An answer workerd framed wrongly is a bad gateway; a request framed wrongly, a bad request.
  const invalid = () => (untilClose ? new FramingError(502, 'Bad Gateway') : new FramingError(400, 'Bad Request'));
  const coding = headers['transfer-encoding'];
  if (coding !== undefined) {
    // Go's server answers a request's other codings 501 (kube-apiserver v1.32.13, asked).
    if (!untilClose && !/^\s*chunked\s*$/i.test(coding)) throw new FramingError(501, 'Not Implemented', 'Unsupported transfer encoding');
    if (!/(^|,)\s*chunked\s*$/i.test(coding)) throw invalid();
    return new ChunkedBody();
  }
  const length = headers['content-length'];
  if (length !== undefined) {
    const values = new Set(length.split(',').map((value) => value.trim()));
    const [only = ''] = values;
    if (values.size !== 1 || !/^\d{1,15}$/.test(only)) throw invalid();
    return new SizedBody(Number(only));
  }
  return untilClose ? new BodyUntilClose() : new SizedBody(0);
}

/** A body of a known length. */
export class SizedBody implements Body {
  private left: number;

  constructor(length: number) {
    this.left = length;
  }

  get done() {
    return this.left === 0;
  }

  /** How many bytes of `buffer` from `offset` belong to the body. */
  take(buffer: Bytes, offset: number): number {
    const taken = Math.min(this.left, buffer.length - offset);
    this.left -= taken;
    return taken;
  }
}

/** A body that ends with the connection: every byte belongs to it. */
export class BodyUntilClose implements Body {
  readonly done = false;

  take(buffer: Bytes, offset: number): number {
    return buffer.length - offset;
  }
}

/** The longest chunk-size or trailer line accepted. */
const maxLine = 64 << 10;

/** A chunked body: chunks (a hex size line, the data, CRLF), the last of size 0, then trailer lines up to an empty one. */
export class ChunkedBody implements Body {
  done = false;
  #state: 'size' | 'data' | 'size-after-data' | 'trailer' = 'size';
  #line = '';
  #left = 0;

  take(buffer: Bytes, offset: number): number {
    let at = offset;
    while (at < buffer.length && !this.done) {
      if (this.#state === 'data') {
        const taken = Math.min(this.#left, buffer.length - at);
        at += taken;
        this.#left -= taken;
        if (this.#left === 0) this.#state = 'size-after-data';
        continue;
      }
      const newline = buffer.indexOf(10, at);
      const end = newline < 0 ? buffer.length : newline + 1;
      this.#line += buffer.toString('latin1', at, end);
      at = end;
      if (this.#line.length > maxLine) throw new FramingError(400, 'Bad Request');
      if (newline >= 0) this.#endOfLine(this.#line.trim());
    }
    return at - offset;
  }

  /** A whole line: a chunk's size, the empty line after a chunk's data, or a trailer line. */
  #endOfLine(line: string): void {
    this.#line = '';
    if (this.#state === 'size-after-data') {
      if (line !== '') throw new FramingError(400, 'Bad Request');
      this.#state = 'size';
    } else if (this.#state === 'size') {
      const size = /^[0-9a-f]{1,12}/i.exec(line);
      if (!size) throw new FramingError(400, 'Bad Request');
      this.#left = parseInt(size[0]!, 16);
      this.#state = this.#left === 0 ? 'trailer' : 'data';
    } else if (line === '') {
      this.done = true;
    }
  }
}
