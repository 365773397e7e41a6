/**
 * A watch over chunked HTTP: the encoder's messages framed in a streamed response (JSON lines,
 * length-prefixed Protobuf, a CBOR sequence). It is never compressed (src/server/compression.ts
 * marks it no-transform, so that nothing in between buffers it to compress).
 *
 * The response body is pulled: a message goes out as its own chunk while the client's side
 * waits for data, and messages that arrive meanwhile are held and go out together as one chunk
 * at the next pull. workerd pumps a JavaScript stream into the response chunk by chunk, and
 * that pump, not the bytes, is most of what a delivery costs; a watcher that falls behind (1,000
 * watchers of one collection under a burst of writes) so catches up in a few chunks instead of
 * one per event, and a watcher that keeps up sees each event at once.
 *
 * Backpressure: past `highWaterBytes` held for the client, an event's delivery returns a promise
 * that resolves once the client has taken them, which paces a catch-up (initial state, history).
 * Live events are never held back: a client with more than `maxQueuedBytes` waiting is cut off,
 * as kube drops slow watchers (the client resumes from the last resourceVersion it read).
 *
 * workerd notices a client that went away only when a write to it fails (then the request's
 * signal aborts), so an idle stream carries a bare newline every `heartbeatMillis`: whitespace
 * between JSON values, which client-go, kubectl, client-node and jq all skip. Binary streams
 * have no such filler (a zero-length Protobuf frame or a stray CBOR byte would break decoders):
 * they notice a departed client at the next event, bookmark or the watch's timeout.
 */
import { concatChunks } from '../../apimachinery/byte-chunks.js';
import type { WatchEventEncoder } from './encode.js';
import type { WatchSession, WatchSink } from './session.js';

const highWaterBytes = 1024 * 1024;
const maxQueuedBytes = 16 * 1024 * 1024;

export interface HttpWatch {
  sink: WatchSink;
  response(session: WatchSession, headers: Record<string, string>): Response;
}

/**
 * The sink and response of an HTTP watch. A delivery to a watcher that keeps up allocates
 * nothing of its own: the event's bytes (shared by every watcher, encode.ts) go to the stream as
 * they are, and the holding array and the waiting list are reused.
 */
export function httpWatch(encoder: WatchEventEncoder, heartbeatMillis: number): HttpWatch {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let session: WatchSession | null = null;
  let closed = false;
  /** The client's side is waiting for data (a pull came with nothing held). */
  let wanted = false;
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  const caughtUp: (() => void)[] = [];
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const release = () => {
    if (!caughtUp.length) return;
    for (const resolve of caughtUp.splice(0)) resolve();
  };
  /** Hands what is held to the stream as one chunk. */
  const flush = () => {
    const chunk = concatChunks(held, heldBytes);
    held.length = 0;
    heldBytes = 0;
    wanted = false;
    controller.enqueue(chunk);
    release();
  };
  const stop = () => {
    closed = true;
    clearInterval(heartbeat);
    release();
    session?.stop();
  };
  const end = () => {
    if (closed) return;
    stop();
    if (held.length) flush();
    controller.close();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => { controller = c; },
      pull: () => {
        if (held.length) flush();
        else wanted = true;
      },
      cancel: () => {
        held.length = 0;
        heldBytes = 0;
        stop();
      },
    },
    { highWaterMark: 0 },
  );
  /** Sends or holds bytes; a promise while the client is behind, until it takes them. */
  const write = (bytes: Uint8Array): void | Promise<void> => {
    if (closed) return;
    if (wanted) {
      // The client's side waits and nothing is held: the bytes go as they are.
      wanted = false;
      controller.enqueue(bytes);
      return;
    }
    held.push(bytes);
    heldBytes += bytes.byteLength;
    if (heldBytes > maxQueuedBytes) return end();
    if (heldBytes <= highWaterBytes) return;
    return new Promise<void>((resolve) => caughtUp.push(resolve));
  };
  const sink: WatchSink = {
    event: (type, item) => write(encoder.framedEvent(type, item)),
    error: (status) => void write(encoder.frame(encoder.error(status))),
    end,
  };
  return {
    sink,
    response: (started, headers) => {
      session = started;
      if (encoder.framing === 'lines') heartbeat = setInterval(() => void write(encoder.frame('')), heartbeatMillis);
      return new Response(stream, { status: 200, headers });
    },
  };
}
