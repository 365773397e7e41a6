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
import { concatChunks } from '../apimachinery/byte-chunks.js';
import { bodySizeBound, withHeaders } from '../endpoints/handlers/sized-response.js';

/** kube's defaultGzipThresholdBytes. */
export const gzipThresholdBytes = 128 * 1024;

/** Accept-Encoding tokens, parameters kept. */
function codingsOf(header: string | null | undefined): string[] {
  return (header ?? '').split(',').map((token) => token.trim()).filter(Boolean);
}

/** Whether a list of codings has one something in between could apply (any but identity). */
function namesACoding(codings: string[]): boolean {
  return codings.some((token) => !/^identity(;|$)/i.test(token));
}

/**
 * Whether the client's Accept-Encoding has the token `gzip`. Cloudflare (and miniflare's entry
 * worker) replace the header with `br, gzip` before the Worker sees it and keep the client's own
 * value in `request.cf.clientAcceptEncoding` ("" when it sent none); the header counts only
 * without it. Reading `request.cf` costs a parse of the whole cf object (a third of a bare
 * request's CPU locally), so it is read only for a body large enough to matter.
 */
function clientAcceptsGzip(request: Request): boolean {
  const original = (request.cf as { clientAcceptEncoding?: unknown } | undefined)?.clientAcceptEncoding;
  return codingsOf(typeof original === 'string' ? original : request.headers.get('accept-encoding')).includes('gzip');
}

/**
 * The response with kube's Content-Encoding: gzip past the threshold for a client whose
 * Accept-Encoding has the token `gzip`; otherwise unencoded, and marked no-transform when the
 * Accept-Encoding the Worker received names a coding something in between could apply (the
 * platform's stand-in always does: the mark is cheaper than reading `cf` for every small body,
 * and harmless for a client that accepts no coding). A watch stream is never compressed, as in
 * kube. Upgrades, bodiless responses and responses that chose their encoding pass through. Only
 * the first 128 KiB are held to learn a body's size: a larger body (a list) goes on streaming.
 */
export async function withContentEncoding(request: Request, response: Response, watch: boolean): Promise<Response> {
  // A sized response has a body, and asking for it would make its ReadableStream for nothing.
  const bound = bodySizeBound(response);
  if ((bound === undefined && !response.body) || response.status === 101 || response.headers.has('content-encoding')) return response;
  const received = codingsOf(request.headers.get('accept-encoding'));
  if (!namesACoding(received)) return response;
  if (watch || !received.includes('gzip') || (bound !== undefined && bound <= gzipThresholdBytes)) return untransformed(response);
  const reader = response.body!.getReader();
  const head = await readUpTo(reader, gzipThresholdBytes + 1);
  if (head.size <= gzipThresholdBytes) return untransformed(rebuilt(response, concatChunks(head.chunks, head.size)));
  const rest = prepended(head.chunks, reader);
  if (!clientAcceptsGzip(request)) return untransformed(rebuilt(response, rest));
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.append('vary', 'Accept-Encoding');
  return new Response(rest, { status: response.status, statusText: response.statusText, headers });
}

/** The response marked no-transform (once). */
function untransformed(response: Response): Response {
  const cacheControl = response.headers.get('cache-control');
  if (cacheControl && /\bno-transform\b/.test(cacheControl)) return response;
  return withHeaders(response, { 'cache-control': cacheControl ? `${cacheControl}, no-transform` : 'no-transform' });
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

function rebuilt(response: Response, body: BodyInit): Response {
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

