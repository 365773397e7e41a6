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

/** kube's defaultGzipThresholdBytes. */
export const gzipThresholdBytes = 128 * 1024;

/**
 * Whether the client's Accept-Encoding has the token `gzip`. Cloudflare (and miniflare) replace
 * the header with `br, gzip` before the Worker sees it and keep the client's own value in
 * `request.cf.clientAcceptEncoding` ("" when it sent none); the header counts only without it.
 */
function acceptsGzip(request: Request): boolean {
  const header = clientAcceptEncoding(request);
  return !!header && header.split(',').some((token) => token.trim() === 'gzip');
}

function clientAcceptEncoding(request: Request): string | null {
  const original = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return typeof original === 'string' ? original : request.headers.get('accept-encoding');
}

/**
 * The response with kube's Content-Encoding, for a client that accepts gzip; streams (a watch,
 * which sets its own encoding), upgrades and bodiless responses pass through.
 */
export async function withContentEncoding(request: Request, response: Response): Promise<Response> {
  if (!response.body || response.status === 101 || response.headers.has('content-encoding') || !acceptsGzip(request)) return response;
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  if (body.byteLength <= gzipThresholdBytes) headers.set('content-encoding', 'identity');
  else {
    headers.set('content-encoding', 'gzip');
    headers.append('vary', 'Accept-Encoding');
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
