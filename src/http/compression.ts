/**
 * kube-apiserver's response compression (APIResponseCompression, on by default): a non-streaming
 * response body larger than 128 KiB is gzipped when the request's Accept-Encoding lists the token
 * `gzip` (exactly, as kube's negotiateContentEncoding reads it: `gzip;q=0.5` is not `gzip`), with
 * `Vary: Accept-Encoding`. Smaller bodies go out as they are.
 *
 * The gzip itself is the runtime's: a Response whose Content-Encoding is `gzip` is compressed by
 * workerd as it is sent (its native CompressionStream, `encodeBody: "automatic"`). The Workers
 * platform (and miniflare, which copies it) would also gzip JSON and YAML of any size whenever the
 * client accepts gzip; a body kube would not compress is marked `Content-Encoding: identity` so
 * the platform leaves it alone. Watch streams are never compressed (src/watch/http-stream.ts).
 */

import { bodySizeBound, withHeaders } from '../handlers/sized-response.js';

/** kube's defaultGzipThresholdBytes. */
export const gzipThresholdBytes = 128 * 1024;

/** Whether an Accept-Encoding value has the token `gzip`. */
function namesGzip(header: string | null): boolean {
  return !!header && header.split(',').some((token) => token.trim() === 'gzip');
}

/**
 * Whether the client's Accept-Encoding has the token `gzip`. Cloudflare (and miniflare) replace
 * the header with `br, gzip` before the Worker sees it and keep the client's own value in
 * `request.cf.clientAcceptEncoding` ("" when it sent none); the header counts only without it.
 * Reading `request.cf` costs a parse of the whole cf object (a third of a bare request's CPU
 * locally), so it is read only for a body large enough to matter.
 */
function acceptsGzip(request: Request): boolean {
  const original = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return namesGzip(typeof original === 'string' ? original : request.headers.get('accept-encoding'));
}

/**
 * The response with kube's Content-Encoding, for a request whose Accept-Encoding names gzip (the
 * client's, or the platform's stand-in); streams (a watch, which sets its own encoding), upgrades
 * and bodiless responses pass through. Only the first 128 KiB are held to learn the size: a larger
 * body (a list) goes on streaming, gzipped if the client accepts it; a smaller one is marked
 * identity (harmless for a client that does not accept gzip, and it spares reading `cf`).
 */
export async function withContentEncoding(request: Request, response: Response): Promise<Response> {
  if (!response.body || response.status === 101 || response.headers.has('content-encoding') || !namesGzip(request.headers.get('accept-encoding'))) return response;
  const bound = bodySizeBound(response);
  if (bound !== undefined && bound <= gzipThresholdBytes) return withHeaders(response, { 'content-encoding': 'identity' });
  const reader = response.body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size <= gzipThresholdBytes) {
    const { done, value } = await reader.read();
    if (done) return rebuilt(response, concatenated(head, size), 'identity');
    head.push(value);
    size += value.byteLength;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return acceptsGzip(request) ? rebuilt(response, rest, 'gzip') : rebuilt(response, rest, null);
}

function rebuilt(response: Response, body: BodyInit, encoding: 'gzip' | 'identity' | null): Response {
  const headers = new Headers(response.headers);
  if (encoding) headers.set('content-encoding', encoding);
  if (encoding === 'gzip') headers.append('vary', 'Accept-Encoding');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function concatenated(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
