/**
 * A watch on one storage shard, from the Worker's side: a WebSocket to the shard's WatchHub
 * carrying the Subscription. If the socket drops after the watch is in sync (eviction, restart,
 * deploy), the watch re-subscribes from the last resourceVersion it delivered: the shard's
 * history fills the gap, so the listener sees no gap and no duplicate. Past `maxReconnects`
 * attempts in a row, or when the history no longer reaches back (Expired), the watch ends.
 */
import { StorageError } from './errors.js';
import type { WatchListener, WatchRequest, WatchStart, Watcher } from './types.js';
import { FrameAssembler, subscriptionHeader, type WatchMessage } from './watch-protocol.js';

/** Opens the shard's socket for a subscription (the caller's stub; see ShardClient). */
export type OpenSocket = (request: WatchRequest) => Promise<WebSocket>;

const maxReconnects = 5;

/** The upgrade request a shard's WatchHub accepts. */
export async function subscribe(stub: { fetch(url: string, init: RequestInit): Promise<Response> }, request: WatchRequest): Promise<WebSocket> {
  const response = await stub.fetch('https://storage-shard/watch', {
    headers: { upgrade: 'websocket', [subscriptionHeader]: JSON.stringify(request) },
  });
  const socket = response.webSocket;
  if (!socket) throw new Error(`watch subscription refused: ${response.status}`);
  socket.accept();
  return socket;
}

/** Starts a watch; resolves once the shard accepted the start, rejects with its StorageError if it did not. */
export async function watchShard(open: OpenSocket, request: WatchRequest, listener: WatchListener): Promise<Watcher> {
  const watch = new ShardWatch(open, request, listener);
  await watch.start();
  return watch;
}

class ShardWatch implements Watcher {
  private socket: WebSocket | null = null;
  private lastResourceVersion = 0;
  private synced = false;
  private stopped = false;
  private reconnects = 0;

  constructor(private readonly open: OpenSocket, private readonly request: WatchRequest, private readonly listener: WatchListener) {}

  async start(): Promise<void> {
    const first = await this.connect(this.request.start);
    if (first.kind === 'tooLarge' || first.kind === 'expired') {
      this.stop();
      throw refusal(first);
    }
    this.handle(first);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.socket?.close(1000, 'watch ended');
  }

  /** Opens a socket and resolves with its first message; later messages are handled as they come. */
  private connect(start: WatchStart): Promise<WatchMessage> {
    return new Promise((resolve, reject) => {
      const assembler = new FrameAssembler();
      let first = true;
      this.open({ filter: this.request.filter, start }).then((socket) => {
        this.socket = socket;
        socket.addEventListener('message', (event) => {
          const message = assembler.push(typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data));
          if (!message) return;
          if (first) {
            first = false;
            resolve(message);
          } else this.handle(message);
        });
        socket.addEventListener('close', () => (first ? reject(new Error('watch socket closed before answering')) : this.dropped(socket)));
        socket.addEventListener('error', () => (first ? reject(new Error('watch socket failed')) : this.dropped(socket)));
      }, reject);
    });
  }

  private handle(message: WatchMessage): void {
    if (this.stopped) return;
    switch (message.kind) {
      case 'event':
        this.lastResourceVersion = message.resourceVersion;
        this.listener.event(message.type, { key: message.key, resourceVersion: message.resourceVersion, value: message.value });
        return;
      case 'synced':
        this.lastResourceVersion = Math.max(this.lastResourceVersion, message.resourceVersion);
        this.synced = true;
        this.reconnects = 0;
        this.listener.progress(message.resourceVersion, message.initialEventsEnd);
        return;
      case 'expired':
      case 'tooLarge':
        return this.end(refusal(message).failure);
    }
  }

  /** The shard's socket went away: resume from the last delivered version, or end. */
  private dropped(socket: WebSocket): void {
    if (this.stopped || socket !== this.socket) return;
    if (!this.synced || this.reconnects >= maxReconnects) return this.end();
    this.reconnects += 1;
    this.synced = false;
    this.connect({ from: 'resourceVersion', resourceVersion: this.lastResourceVersion }).then(
      (message) => this.handle(message),
      () => this.end(),
    );
  }

  private end(failure?: StorageError['failure']): void {
    if (this.stopped) return;
    this.stop();
    this.listener.ended(failure);
  }
}

/** The StorageError of a refused start. */
function refusal(message: Extract<WatchMessage, { kind: 'expired' | 'tooLarge' }>): StorageError {
  if (message.kind === 'tooLarge') {
    return new StorageError({ code: 'TooLargeResourceVersion', key: '', requestedResourceVersion: message.requested, currentResourceVersion: message.current });
  }
  return new StorageError({ code: 'Expired', key: '', requestedResourceVersion: message.requested, oldestResourceVersion: message.oldest });
}
