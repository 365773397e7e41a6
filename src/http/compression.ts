/**
 * kube-apiserver's response compression (APIResponseCompression, on by default): a non-streaming
 * response body larger than 128 KiB is gzipped when the request's Accept-Encoding lists the token
 * `gzip` (exactly, as kube's negotiateContentEncoding reads it: `gzip;q=0.5` is not `gzip`), with
 * `Vary: Accept-Encoding`. Smaller bodies and watch streams go out as they are, without a
 * Content-Encoding header.
 *
 * The gzip itself is the runtime's: a Response whose Content-Encoding is `gzip` is compressed by
 * workerd as it is sent (its native CompressionStream, `encodeBody: "automatic"`). The size is
 * learned by reading the body up to the threshold, not whole, so a streamed list stays a stream.
 *
 * The platform's front line would also compress JSON and YAML of any size (and watch streams, by
 * buffering them) for a client that accepts gzip, br or zstd; `Cache-Control: no-transform`
 * tells it not to (https://developers.cloudflare.com/speed/optimization/content/compression/),
 * so a body left uncompressed here carries it when the client accepts some content coding.
 * (Miniflare's entry worker ignores no-transform; the local server bypasses it: scripts/server.mjs.)
 */
import { concatChunks } from '../core/byte-chunks.js';

/** kube's defaultGzipThresholdBytes. */
export const gzipThresholdBytes = 128 * 1024;

/**
 * The client's Accept-Encoding. Cloudflare (and miniflare) replace the header with `br, gzip`
 * before the Worker sees it and keep the client's own value in `request.cf.clientAcceptEncoding`
 * ("" when it sent none); the header counts only without it.
 */
function clientAcceptEncoding(request: Request): string {
  const original = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return (typeof original === 'string' ? original : request.headers.get('accept-encoding')) ?? '';
}

/** The client's Accept-Encoding tokens, parameters stripped. */
function acceptedCodings(request: Request): string[] {
  return clientAcceptEncoding(request).split(',').map((token) => token.trim()).filter(Boolean);
}

/**
 * The response with kube's Content-Encoding: gzip past the threshold for a client whose
 * Accept-Encoding has the token `gzip`; otherwise unencoded, and marked no-transform when the
 * client accepts a coding something in between could apply. A watch stream is never compressed,
 * as in kube. Upgrades, bodiless responses and responses that chose their encoding pass through.
 */
export async function withContentEncoding(request: Request, response: Response, watch: boolean): Promise<Response> {
  if (!response.body || response.status === 101 || response.headers.has('content-encoding')) return response;
  const codings = acceptedCodings(request);
  if (!codings.includes('gzip') || watch) return untransformed(response, codings);
  const reader = response.body.getReader();
  const head = await readUpTo(reader, gzipThresholdBytes + 1);
  if (head.size <= gzipThresholdBytes) return untransformed(rebuilt(response, concatChunks(head.chunks, head.size)), codings);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.append('vary', 'Accept-Encoding');
  return new Response(prepended(head.chunks, reader), { status: response.status, statusText: response.statusText, headers });
}

/** The response marked no-transform, if the client accepts any content coding. */
function untransformed(response: Response, codings: string[]): Response {
  if (!codings.some((token) => !/^identity(;|$)/i.test(token))) return response;
  const cacheControl = response.headers.get('cache-control');
  if (cacheControl && /\bno-transform\b/.test(cacheControl)) return response;
  const headers = new Headers(response.headers);
  headers.set('cache-control', cacheControl ? `${cacheControl}, no-transform` : 'no-transform');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Chunks of a body until `limit` bytes or its end, whichever comes first. */
async function readUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number): Promise<{ chunks: Uint8Array[]; size: number }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  return { chunks, size };
}

function rebuilt(response: Response, body: Uint8Array): Response {
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The chunks already read, then the rest of the body, pulled as the client reads. */
function prepended(chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next < chunks.length) return controller.enqueue(chunks[next++]!);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  }, { highWaterMark: 0 });
}

