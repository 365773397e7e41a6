// Message boundaries as the HTTPS front finds them (src/front/http-framing.ts): heads, bodies by
// length, chunked and until the connection ends, whatever the pieces the bytes arrive in.
import { describe, expect, it } from 'vitest';
import { ChunkedBody, FramingError, bodyOf, closes, maxHeadBytes, parseHead, requestLine } from '../../src/front/http-framing.js';

/** Feeds `bytes` to `body` in pieces of `size`; the bytes it took before it was done. */
function feed(body: { take(buffer: Buffer, offset: number): number; done: boolean }, bytes: Buffer, size: number): number {
  let taken = 0;
  for (let at = 0; at < bytes.length && !body.done; at += size) {
    const piece = bytes.subarray(at, at + size);
    const got = body.take(piece, 0);
    taken += got;
    if (got < piece.length) expect(body.done).toBe(true);
  }
  return taken;
}

describe('HTTP/1.1 framing', () => {
  it('reads a head once whole: the wanted fields, lower-cased, repeated ones joined', () => {
    const bytes = Buffer.from('GET /x?watch=true HTTP/1.1\r\nHost: h\r\nX-Other: 1\r\nAuthorization: Bearer t\r\nConnection: a\r\nconnection: close\r\n\r\nBODY');
    expect(parseHead(bytes.subarray(0, 20))).toBeNull();
    const head = parseHead(bytes)!;
    expect(head.headers).toEqual({ host: 'h', authorization: 'Bearer t', connection: 'a, close' });
    expect(bytes.subarray(head.length).toString()).toBe('BODY');
    expect(requestLine(head.startLine)).toEqual({ method: 'GET', url: '/x?watch=true', version: 'HTTP/1.1' });
    expect(closes(head.headers)).toBe(true);
    expect(closes({}, 'HTTP/1.0')).toBe(true);
    expect(closes({ connection: 'keep-alive' }, 'HTTP/1.0')).toBe(false);
  });

  it('refuses heads it cannot frame', () => {
    expect(() => parseHead(Buffer.alloc(maxHeadBytes + 1, 'a'))).toThrow(FramingError);
    expect(() => parseHead(Buffer.from('GET / HTTP/1.1\r\nno colon\r\n\r\n'))).toThrow(FramingError);
    expect(() => requestLine('GET /')).toThrow(FramingError);
    expect(() => bodyOf({ 'content-length': '1, 2' }, false)).toThrow(FramingError);
    expect(() => bodyOf({ 'transfer-encoding': 'gzip' }, false)).toThrow(FramingError);
  });

  it('ends a chunked body after its last chunk and trailers, in pieces of any size', () => {
    const body = Buffer.from('5\r\nhello\r\n1a;ext=1\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nTrailer: x\r\n\r\n');
    for (let size = 1; size <= body.length; size++) {
      const chunked = new ChunkedBody();
      expect(feed(chunked, Buffer.concat([body, Buffer.from('NEXT')]), size)).toBe(body.length);
      expect(chunked.done).toBe(true);
    }
  });

  it('frames bodies by length, not at all, or (answers only) up to the connection end', () => {
    const sized = bodyOf({ 'content-length': '3' }, false);
    expect(feed(sized, Buffer.from('abcdef'), 2)).toBe(3);
    expect(bodyOf({}, false).done).toBe(true);
    const untilClose = bodyOf({}, true);
    expect(untilClose.take(Buffer.from('abc'), 1)).toBe(2);
    expect(untilClose.done).toBe(false);
  });
});
