/**
 * From pieces to a response body: pieces are gathered into chunks of about `chunkBytes` (one
 * write per small item would cost more than the item), and the body is a pull-based
 * ReadableStream: the next chunk is made only when the reader asks for it, so a slow client
 * holds the encoder back instead of a queue growing (backpressure), and a reader that goes away
 * ends the source's iteration.
 */

import { concatChunks } from '../../apimachinery/byte-chunks.js';

/** Chunks about this big go to the client (one piece bigger than that goes alone). */
export const chunkBytes = 64 * 1024;

const utf8 = new TextEncoder();

/** Text pieces as UTF-8 chunks of about chunkBytes. */
export async function* textChunks(pieces: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  let pending = '';
  for await (const piece of pieces) {
    pending += piece;
    // A UTF-16 unit is at least one UTF-8 byte, so the length bounds the chunk from below.
    if (pending.length >= chunkBytes) {
      yield utf8.encode(pending);
      pending = '';
    }
  }
  if (pending) yield utf8.encode(pending);
}

/** Byte pieces gathered into chunks of about chunkBytes. */
export async function* byteChunks(pieces: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let size = 0;
  for await (const piece of pieces) {
    pending.push(piece);
    size += piece.byteLength;
    if (size >= chunkBytes) {
      yield concatChunks(pending, size);
      pending = [];
      size = 0;
    }
  }
  if (size) yield concatChunks(pending, size);
}


/** A ReadableStream that asks `chunks` for the next chunk only when its reader wants one. */
export function pullStream(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
