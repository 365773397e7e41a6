/**
 * A watch over a client WebSocket (kube's websocket watch): each event is one text message; the
 * socket closes when the watch ends.
 */
import type { WatchEventEncoder } from './encode.js';
import type { WatchSession, WatchSink } from './session.js';

export interface SocketWatch {
  sink: WatchSink;
  response(session: WatchSession): Response;
}

export function socketWatch(encoder: WatchEventEncoder): SocketWatch {
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  server.accept();
  let open = true;
  const sink: WatchSink = {
    event: (type, item) => {
      if (open) server.send(encoder.event(type, item));
    },
    error: (status) => {
      if (open) server.send(encoder.error(status));
    },
    end: () => {
      if (!open) return;
      open = false;
      server.close(1000, 'watch ended');
    },
  };
  return {
    sink,
    response: (session) => {
      server.addEventListener('close', () => {
        open = false;
        session.stop();
      });
      return new Response(null, { status: 101, webSocket: client });
    },
  };
}
