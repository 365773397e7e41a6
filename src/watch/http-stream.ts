/**
 * A watch over chunked HTTP: newline-delimited JSON events in a streamed response. The body is
 * sent with `content-encoding: identity` so nothing between us and the client buffers it to
 * compress (miniflare gzips JSON otherwise and the stream stalls until it ends). A client that
 * stops reading is cut off once too much is queued for it, as kube drops slow watchers.
 */
import type { WatchEventEncoder } from './encode.js';
import type { WatchSession, WatchSink } from './session.js';

const maxQueuedBytes = 16 * 1024 * 1024;

export interface HttpWatch {
  sink: WatchSink;
  response(session: WatchSession, headers: Record<string, string>): Response;
}

/** The sink and response of an HTTP watch. */
export function httpWatch(encoder: WatchEventEncoder): HttpWatch {
  const bytes = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let session: WatchSession | null = null;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => { controller = c; },
      cancel: () => { closed = true; session?.stop(); },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxQueuedBytes }),
  );
  const write = (line: string) => {
    if (closed) return;
    controller.enqueue(bytes.encode(line + '\n'));
    if ((controller.desiredSize ?? 0) < 0) end();
  };
  const end = () => {
    if (closed) return;
    closed = true;
    session?.stop();
    controller.close();
  };
  const sink: WatchSink = {
    event: (type, item) => write(encoder.event(type, item, new Date())),
    error: (status) => write(encoder.error(status)),
    end,
  };
  return {
    sink,
    response: (started, headers) => {
      session = started;
      return new Response(stream, { status: 200, headers: { ...headers, 'content-encoding': 'identity' } });
    },
  };
}
