/**
 * Go's http.ServeContent for a document held in memory, which kube-openapi's /openapi/v2 handler
 * answers with: `Accept-Ranges: bytes`, `Last-Modified`, conditional requests (If-None-Match
 * against the ETag, weakly, `*` matching anything; If-Modified-Since only without
 * If-None-Match) answered 304 without a body or Content-Type (and without Last-Modified once
 * there is an ETag), and one byte range (`bytes=a-b`, `a-`, `-n`) answered 206 with
 * Content-Range, 416 `invalid range` for a malformed header and `invalid range: failed to
 * overlap` past the end. Several ranges (Go answers multipart/byteranges) get the whole
 * document.
 */

export interface ContentResponse {
  status: number;
  body: string | Uint8Array | null;
  headers: Record<string, string>;
}

export interface Content {
  bytes: Uint8Array;
  contentType: string;
  /** Quoted, as the ETag header carries it. */
  etag: string;
  lastModified: Date;
}

/** The answer to a GET or HEAD of `content` carrying `request`'s conditional and range headers. */
export function serveContent(request: Headers, content: Content, extraHeaders: Record<string, string> = {}): ContentResponse {
  const headers: Record<string, string> = { ...extraHeaders, etag: content.etag };
  if (notModified(request, content)) return { status: 304, body: null, headers };
  Object.assign(headers, { 'accept-ranges': 'bytes', 'content-type': content.contentType, 'last-modified': content.lastModified.toUTCString() });
  const size = content.bytes.length;
  const header = request.get('range');
  const ranges = header === null ? [] : parseRanges(header, size);
  if (ranges === 'invalid' || ranges === 'no-overlap') {
    const text = ranges === 'invalid' ? 'invalid range\n' : 'invalid range: failed to overlap\n';
    Object.assign(headers, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
    if (ranges === 'no-overlap') headers['content-range'] = `bytes */${size}`;
    return { status: 416, body: text, headers };
  }
  const total = ranges.reduce((sum, range) => sum + range.length, 0);
  if (ranges.length !== 1 || total > size) return { status: 200, body: content.bytes, headers };
  const { start, length } = ranges[0]!;
  headers['content-range'] = `bytes ${start}-${start + length - 1}/${size}`;
  return { status: 206, body: content.bytes.subarray(start, start + length), headers };
}

function notModified(request: Headers, content: Content): boolean {
  const ifNoneMatch = request.get('if-none-match');
  if (ifNoneMatch !== null) return etagListMatches(ifNoneMatch, content.etag);
  const since = Date.parse(request.get('if-modified-since') ?? '');
  // HTTP dates have whole seconds; Go truncates the modification time before comparing.
  return !Number.isNaN(since) && Math.floor(content.lastModified.getTime() / 1000) * 1000 <= since;
}

/** If-None-Match's weak comparison: any listed tag equal to ours once `W/` is dropped, or `*`. */
function etagListMatches(list: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return list.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

type RangeResult = { start: number; length: number }[] | 'invalid' | 'no-overlap';

/** Go's parseRange: the ranges of a `bytes=` header, clipped to the document. */
function parseRanges(header: string, size: number): RangeResult {
  if (!header.startsWith('bytes=')) return 'invalid';
  const ranges: { start: number; length: number }[] = [];
  let noOverlap = false;
  for (const part of header.slice(6).split(',').map((text) => text.trim()).filter(Boolean)) {
    const dash = part.indexOf('-');
    if (dash < 0) return 'invalid';
    const [first, last] = [part.slice(0, dash).trim(), part.slice(dash + 1).trim()];
    if (first === '') {
      if (!/^\d+$/.test(last)) return 'invalid';
      const suffix = Math.min(Number(last), size);
      ranges.push({ start: size - suffix, length: suffix });
      continue;
    }
    if (!/^\d+$/.test(first)) return 'invalid';
    const start = Number(first);
    if (start >= size) {
      noOverlap = true;
      continue;
    }
    if (last === '') {
      ranges.push({ start, length: size - start });
      continue;
    }
    if (!/^\d+$/.test(last) || start > Number(last)) return 'invalid';
    ranges.push({ start, length: Math.min(Number(last), size - 1) - start + 1 });
  }
  return noOverlap && ranges.length === 0 ? 'no-overlap' : ranges;
}
