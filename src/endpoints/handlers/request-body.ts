/**
 * Reading request bodies within kube's limit, and leaving the connection usable when a request
 * is answered without its body read. kube-apiserver reads at most 3 MiB and answers more with 413;
 * Go's server then drains or closes the connection cleanly. A Worker cannot close its client's
 * connection (it may not set `Connection`), and workerd resets a keep-alive connection whose
 * request body was left unread (the client's next request on it fails with ECONNRESET; a client
 * still sending a big body never sees the 413): so whatever was not read is read and dropped
 * before the answer goes, up to `maxDrainBytes`. Past that the connection is given up.
 */
import { concatChunks } from '../../apimachinery/byte-chunks.js';
import { requestEntityTooLarge } from '../../apimachinery/status.js';

/** kube-apiserver's limit on request bodies (3 MiB). */
export const maxRequestBodyBytes = 3 * 1024 * 1024;

/** How much of an unwanted body is read to keep its connection (a 413's body included). */
export const maxDrainBytes = 4 * maxRequestBodyBytes;

/**
 * The request body's bytes; 413 past the limit, the rest of the body drained. A body of declared
 * length within the limit is read whole by the runtime (workerd holds it to its Content-Length),
 * without a JavaScript reader and a promise per chunk.
 */
export async function readBodyBytes(request: Request): Promise<Uint8Array> {
  if (declaredLength(request) > maxRequestBodyBytes) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  if (request.headers.has('content-length')) return new Uint8Array(await request.arrayBuffer());
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concatChunks(chunks, size);
    size += value.byteLength;
    if (size > maxRequestBodyBytes) {
      await discard(reader, size);
      throw tooLarge();
    }
    chunks.push(value);
  }
}

/** Reads and drops a body nobody read (up to maxDrainBytes), so that its keep-alive connection survives. */
export async function drainUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || declaredLength(request) > maxDrainBytes) return;
  await discard(request.body.getReader(), 0);
}

/** Reads the rest of a body, `read` bytes of which are already read, up to maxDrainBytes in all. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  try {
    for (let total = read; total <= maxDrainBytes; ) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing to keep.
  }
}

function declaredLength(request: Request): number {
  return Number(request.headers.get('content-length') ?? '0') || 0;
}

function tooLarge(): Error {
  return requestEntityTooLarge(`limit is ${maxRequestBodyBytes}`);
}

