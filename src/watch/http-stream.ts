/**
 * A watch over chunked HTTP: newline-delimited JSON events in a streamed response. The body is
 * sent with `content-encoding: identity` so nothing between us and the client buffers it to
 * compress (miniflare gzips JSON otherwise and the stream stalls until it ends). A client that
 * stops reading is cut off once too much is queued for it, as kube drops slow watchers.
 *
 * workerd notices a client that went away only when a write to it fails (then the request's
 * signal aborts), so an idle stream carries a bare newline every `heartbeatMillis`: whitespace
 * between JSON values, which client-go, kubectl, client-node and jq all skip.
 */
import type { WatchEventEncoder } from './encode.js';
import type { WatchSession, WatchSink } from './session.js';

const maxQueuedBytes = 16 * 1024 * 1024;

export interface HttpWatch {
  sink: WatchSink;
  response(session: WatchSession, headers: Record<string, string>): Response;
}

/** The sink and response of an HTTP watch. */
export function httpWatch(encoder: WatchEventEncoder, heartbeatMillis: number): HttpWatch {
  const bytes = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let session: WatchSession | null = null;
  let closed = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => { controller = c; },
      cancel: () => {
        closed = true;
        clearInterval(heartbeat);
        session?.stop();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxQueuedBytes }),
  );
  const write = (line: string) => {
    if (closed) return;
    controller.enqueue(bytes.encode(line + '\n'));
    if ((controller.desiredSize ?? 0) < 0) end();
  };
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
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
      heartbeat = setInterval(() => write(''), heartbeatMillis);
      return new Response(stream, { status: 200, headers: { ...headers, 'content-encoding': 'identity' } });
    },
  };
}
