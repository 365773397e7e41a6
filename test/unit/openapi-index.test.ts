/**
 * /openapi/v3's index as kube-openapi's HandleDiscovery serves it (http.ServeContent with the
 * request's time as the modification time, no ETag). Asked of kube-apiserver v1.32.13:
 *   200: accept-ranges: bytes, content-type: text/plain; charset=utf-8, last-modified: <now>, no etag
 *   If-Modified-Since: <that last-modified>, the same second -> 304; a second later -> 200
 *   If-None-Match: "x" -> 200
 */
import { describe, expect, it } from 'vitest';
import { openApiIndex } from '../../src/endpoints/openapi/openapi.js';

const now = new Date('2026-12-06T03:03:22.400Z');
const index = (headers: Record<string, string> = {}, at = now) => openApiIndex({}, {}, new Headers(headers), at);

describe('/openapi/v3 index', () => {
  it('is modified at the request, with byte ranges and no ETag', () => {
    expect(index()).toEqual({ status: 200, body: '{"paths":{}}', headers: { 'accept-ranges': 'bytes', 'content-type': 'text/plain; charset=utf-8', 'last-modified': 'Sun, 06 Dec 2026 03:03:22 GMT' } });
  });

  it('is not modified since a time of the same second, and modified a second later', () => {
    const since = { 'if-modified-since': 'Sun, 06 Dec 2026 03:03:22 GMT' };
    expect(index(since)).toEqual({ status: 304, body: null, headers: { 'last-modified': 'Sun, 06 Dec 2026 03:03:22 GMT' } });
    expect(index(since, new Date('2026-12-06T03:03:23.100Z')).status).toBe(200);
  });

  it('ignores If-Modified-Since beside an If-None-Match, which nothing matches', () => {
    expect(index({ 'if-modified-since': 'Sun, 06 Dec 2026 03:03:22 GMT', 'if-none-match': '"x"' }).status).toBe(200);
  });
});
