/**
 * A watch over chunked HTTP: the encoder's messages framed in a streamed response (JSON lines,
 * length-prefixed Protobuf, a CBOR sequence). The body is
 * sent with `content-encoding: identity` so nothing between us and the client buffers it to
 * compress (miniflare gzips JSON otherwise and the stream stalls until it ends). A client that
 * stops reading is cut off once too much is queued for it, as kube drops slow watchers.
 *
 * workerd notices a client that went away only when a write to it fails (then the request's
 * signal aborts), so an idle stream carries a bare newline every `heartbeatMillis`: whitespace
 * between JSON values, which client-go, kubectl, client-node and jq all skip. Binary streams
 * have no such filler (a zero-length Protobuf frame or a stray CBOR byte would break decoders):
 * they notice a departed client at the next event, bookmark or the watch's timeout.
 */
import type { WatchEventEncoder, WatchMessage } from './encode.js';
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
  const write = (message: WatchMessage) => {
    if (closed) return;
    controller.enqueue(frame(message, encoder, bytes));
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
      if (encoder.framing === 'lines') heartbeat = setInterval(() => write(''), heartbeatMillis);
      return new Response(stream, { status: 200, headers: { ...headers, 'content-encoding': 'identity' } });
    },
  };
}

/** One message as it goes on the stream. */
function frame(message: WatchMessage, encoder: WatchEventEncoder, text: TextEncoder): Uint8Array {
  if (typeof message === 'string') return text.encode(message + '\n');
  if (encoder.framing !== 'length-prefixed') return message;
  const framed = new Uint8Array(4 + message.byteLength);
  new DataView(framed.buffer).setUint32(0, message.byteLength);
  framed.set(message, 4);
  return framed;
}
