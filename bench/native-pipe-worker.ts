/**
 * A runtime repro, not the server (bench/native-pipe-soak.mjs drives it): watch bodies that are
 * native pipes (`IdentityTransformStream`, written straight to the socket) fed by cross-request
 * deliveries, shaped as the server's watch path is:
 *
 * - GET /watch?body=native|js&doorbell=resolvers|constructor|none opens a watcher: its body and a
 *   doorbell promise made in its own request (by `Promise.withResolvers()`, as the server does,
 *   src/apimachinery/hand-over.ts, or by `new Promise`, which V8's optimizing compiler makes
 *   without the request's tag once `arm` is optimized), and a heartbeat timer as src/watch/http-stream.ts has. The first watcher's request
 *   also subscribes to the Hub Durable Object (a WebSocket it accepts, as the watch cache's owner
 *   does, src/storage/watch-cache.ts); every message on it rings every watcher's doorbell.
 * - POST /emit?events=N is a write: its own request, which has the Hub send N messages (as a shard
 *   sends its committed changes to its hibernatable subscriber sockets, src/durable/watch-hub.ts).
 * - workerd runs a doorbell's continuation in the watcher's request (where the promise was made),
 *   which writes the watcher's count of events to its body. A continuation run in the wrong request
 *   cannot write to a native pipe ("Cannot perform I/O on behalf of a different request"); a
 *   JavaScript stream does not check, so `body=js` never fails and serves as the comparison.
 * - doorbell=none (with body=js): no doorbell; the subscription's request enqueues into every
 *   watcher's JavaScript body itself, and workerd's pump of each body, in its own request, takes it.
 * - GET /stats: deliveries (continuations run), failed writes, the delivery at the first failure.
 */
import { DurableObject } from 'cloudflare:workers';

interface Env {
  HUB: DurableObjectNamespace<Hub>;
}

interface Watcher {
  ring: (() => void) | null;
  /** How its doorbells are made. */
  constructor: boolean;
  /** No doorbell: the subscription's request writes to the body itself (a JavaScript body only). */
  direct: boolean;
  write: (bytes: Uint8Array) => void | Promise<void>;
  /** Events offered to this watcher so far (what its client reads). */
  offered: number;
  failed: boolean;
}

const watchers = new Set<Watcher>();
const stats = { offered: 0, deliveries: 0, failures: 0, firstFailureAt: 0, firstFailure: '' };
const encoder = new TextEncoder();
let subscribed = false;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const hub = env.HUB.get(env.HUB.idFromName('hub'));
    if (url.pathname === '/watch') return watch(hub, url.searchParams.get('body') === 'js', url.searchParams.get('doorbell') ?? 'resolvers');
    if (url.pathname === '/emit') return hub.fetch(`https://hub/emit?events=${url.searchParams.get('events') ?? '1'}`, { method: 'POST' });
    if (url.pathname === '/stats') return Response.json({ ...stats, watchers: watchers.size });
    return new Response('not found', { status: 404 });
  },
};

async function watch(hub: DurableObjectStub<Hub>, javascript: boolean, doorbell: string): Promise<Response> {
  const { body, write } = javascript ? javascriptBody() : nativeBody();
  const watcher: Watcher = { ring: null, constructor: doorbell === 'constructor', direct: doorbell === 'none', write, offered: 0, failed: false };
  watchers.add(watcher);
  if (!watcher.direct) arm(watcher);
  setInterval(() => void watcher.write(encoder.encode('\n')), 30_000);
  if (!subscribed) {
    subscribed = true;
    await subscribe(hub);
  }
  return new Response(body);
}

/** The isolate's one subscription, through this request: its messages arrive in this request. */
async function subscribe(hub: DurableObjectStub<Hub>): Promise<void> {
  const response = await hub.fetch('https://hub/subscribe', { headers: { upgrade: 'websocket' } });
  const socket = response.webSocket!;
  socket.accept();
  socket.addEventListener('message', (event) => {
    for (let i = Number(event.data); i > 0; i--) offer();
  });
}

function nativeBody() {
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  return { body: readable, write: (bytes: Uint8Array) => writer.write(bytes) };
}

function javascriptBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => { controller = c; } });
  return { body, write: (bytes: Uint8Array) => controller.enqueue(bytes) };
}

/** The doorbell: made in the watcher's request, so workerd runs its continuation there (while the promise carries the request's tag). */
function arm(watcher: Watcher): void {
  doorbell(watcher).then(() => {
    deliver(watcher);
    if (!watcher.failed) arm(watcher);
  });
}

/** Writes the watcher's count of events to its body (in whichever request runs this). */
function deliver(watcher: Watcher): void {
  stats.deliveries++;
  try {
    const written = watcher.write(encoder.encode(`${watcher.offered}\n`));
    if (written) written.catch((error) => failed(watcher, error));
  } catch (error) {
    failed(watcher, error);
  }
}

function doorbell(watcher: Watcher): Promise<void> {
  if (watcher.constructor) return new Promise<void>((resolve) => (watcher.ring = resolve));
  const { promise, resolve } = Promise.withResolvers<void>();
  watcher.ring = resolve;
  return promise;
}

function failed(watcher: Watcher, error: unknown): void {
  stats.failures++;
  if (!stats.firstFailure) {
    stats.firstFailure = String(error);
    stats.firstFailureAt = stats.deliveries;
    // On workerd's output, in order with what V8 prints there (--trace-gc).
    console.log(`first failed write at delivery ${stats.deliveries}: ${stats.firstFailure}`);
  }
  watcher.failed = true;
  watchers.delete(watcher);
}

function offer(): void {
  stats.offered++;
  for (const watcher of watchers) {
    watcher.offered++;
    if (watcher.direct) {
      deliver(watcher);
      continue;
    }
    const ring = watcher.ring;
    watcher.ring = null;
    ring?.();
  }
}

/** The shard's part: a hibernatable subscriber socket, and writes that send on it. */
export class Hub extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname === '/subscribe') {
      const { 0: client, 1: server } = new WebSocketPair();
      this.ctx.acceptWebSocket(server);
      return new Response(null, { status: 101, webSocket: client });
    }
    const events = new URL(request.url).searchParams.get('events') ?? '1';
    for (const socket of this.ctx.getWebSockets()) socket.send(events);
    return new Response(null, { status: 204 });
  }
}
