/**
 * Upgrade requests on exec, attach and portforward. kube v1.32 answers a WebSocket that offers
 * the `v5.channel.k8s.io` protocol (kubectl 1.30+ exec and attach) itself, translating to SPDY
 * towards the kubelet: when the kubelet cannot be reached, the socket opens, an empty frame on the
 * lowest channel the server writes marks it ready, the Status comes on the error channel (3), and
 * the socket closes normally. kubectl then prints `Error: Internal error occurred: ...`.
 */
import type { StreamOptions } from './options.js';

const streamProtocol = 'v5.channel.k8s.io';
const errorChannel = 3;

/** httpstream.IsUpgradeRequest: a Connection header naming upgrade (or an Upgrade header, which workerd keeps). */
export function isUpgradeRequest(request: Request): boolean {
  return (request.headers.get('connection') ?? '').toLowerCase().includes('upgrade') || request.headers.has('upgrade');
}

/** wsstream.IsWebSocketRequestWithStreamCloseProtocol: a WebSocket upgrade offering v5.channel.k8s.io. */
export function wantsStreamTranslation(request: Request): boolean {
  if ((request.headers.get('upgrade') ?? '').toLowerCase() !== 'websocket') return false;
  return offeredProtocols(request).includes(streamProtocol);
}

function offeredProtocols(request: Request): string[] {
  return (request.headers.get('sec-websocket-protocol') ?? '').split(',').map((protocol) => protocol.trim());
}

/** Opens the WebSocket, reports `message` as an InternalError Status on the error channel, and closes. */
export function streamErrorOverWebSocket(options: StreamOptions, message: string): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.send(new Uint8Array([firstWriteChannel(options)]));
  const status = {
    metadata: {}, status: 'Failure', message: `Internal error occurred: ${message}`, reason: 'InternalError',
    details: { causes: [{ message }] }, code: 500,
  };
  server.send(framed(errorChannel, goJson(status)));
  server.close(1000, '');
  return new Response(null, { status: 101, webSocket: client, headers: { 'sec-websocket-protocol': streamProtocol } });
}

// wsstream opens by writing an empty frame to the lowest channel it writes: stdout, then stderr
// (not with a TTY), then the error channel.
function firstWriteChannel(options: StreamOptions): number {
  if (options.stdout) return 1;
  if (options.stderr && !options.tty) return 2;
  return errorChannel;
}

function framed(channel: number, text: string): Uint8Array {
  const payload = new TextEncoder().encode(text);
  const frame = new Uint8Array(payload.length + 1);
  frame[0] = channel;
  frame.set(payload, 1);
  return frame;
}

/** encoding/json's output: <, > and & escaped. */
function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
