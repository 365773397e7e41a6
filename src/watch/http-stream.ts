/**
 * A watch over chunked HTTP: the encoder's messages framed in a streamed response (JSON lines,
 * length-prefixed Protobuf, a CBOR sequence). The body is sent with `content-encoding: identity`
 * so nothing between us and the client buffers it to compress (miniflare gzips JSON otherwise
 * and the stream stalls until it ends).
 *
 * Backpressure: past `highWaterBytes` queued for the client, an event's delivery returns a promise
 * that resolves once the client has read enough, which paces a catch-up (initial state, history).
 * Live events are never held back: a client with more than `maxQueuedBytes` waiting is cut off,
 * as kube drops slow watchers (the client resumes from the last resourceVersion it read).
 *
 * workerd notices a client that went away only when a write to it fails (then the request's
 * signal aborts), so an idle stream carries a bare newline every `heartbeatMillis`: whitespace
 * between JSON values, which client-go, kubectl, client-node and jq all skip. Binary streams
 * have no such filler (a zero-length Protobuf frame or a stray CBOR byte would break decoders):
 * they notice a departed client at the next event, bookmark or the watch's timeout.
 */
import type { WatchEventEncoder } from './encode.js';
import type { WatchSession, WatchSink } from './session.js';

const highWaterBytes = 1024 * 1024;
const maxQueuedBytes = 16 * 1024 * 1024;

export interface HttpWatch {
  sink: WatchSink;
  response(session: WatchSession, headers: Record<string, string>): Response;
}

/** The sink and response of an HTTP watch. */
export function httpWatch(encoder: WatchEventEncoder, heartbeatMillis: number): HttpWatch {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let session: WatchSession | null = null;
  let closed = false;
  let drained: (() => void) | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const release = () => {
    drained?.();
    drained = null;
  };
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    release();
    session?.stop();
    controller.close();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => { controller = c; },
      pull: () => {
        if ((controller.desiredSize ?? 0) > 0) release();
      },
      cancel: () => {
        closed = true;
        clearInterval(heartbeat);
        release();
        session?.stop();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: highWaterBytes }),
  );
  /** Queues bytes; a promise while the client is behind, until it catches up. */
  const write = (bytes: Uint8Array): void | Promise<void> => {
    if (closed) return;
    controller.enqueue(bytes);
    const desired = controller.desiredSize ?? 0;
    if (desired < highWaterBytes - maxQueuedBytes) return end();
    if (desired > 0) return;
    return new Promise<void>((resolve) => {
      const previous = drained;
      drained = () => (previous?.(), resolve());
    });
  };
  const sink: WatchSink = {
    event: (type, item) => write(encoder.framedEvent(type, item, new Date())),
    error: (status) => void write(encoder.frame(encoder.error(status))),
    end,
  };
  return {
    sink,
    response: (started, headers) => {
      session = started;
      if (encoder.framing === 'lines') heartbeat = setInterval(() => void write(encoder.frame('')), heartbeatMillis);
      return new Response(stream, { status: 200, headers: { ...headers, 'content-encoding': 'identity' } });
    },
  };
}
