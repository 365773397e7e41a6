/**
 * Watch fan-out inside a ResourceStore. A watch is a hibernatable WebSocket (accepted with
 * `ctx.acceptWebSocket`) whose attachment is its filter; the Durable Object keeps no other state
 * for it, so idle watchers cost nothing and survive eviction. On subscribe, the initial state or
 * the replay from SQLite history is sent synchronously (no write can interleave), then every
 * committed change is sent to the sockets whose filter sees it, in commit order.
 */
import type { WatchFilter } from '../storage/types.js';
import { frames, type Subscription, type WatchMessage } from '../storage/watch-protocol.js';
import type { ClockState } from './clock.js';
import { changesAfter } from './history.js';
import { listSnapshot } from './list.js';
import { type Change, eventFor } from './watch-events.js';

const allNamespacesTag = 'all';

/** The socket tag of a filter: its namespace, or `all` for cluster-wide watches. */
function tagForPrefix(prefix: string): string {
  return prefix ? `ns:${prefix}` : allNamespacesTag;
}

/** The tags whose sockets may see a change to `key`. */
function tagsForKey(key: string): string[] {
  const slash = key.indexOf('/');
  return slash < 0 ? [allNamespacesTag] : [allNamespacesTag, `ns:${key.slice(0, slash + 1)}`];
}

function send(socket: WebSocket, message: WatchMessage): void {
  for (const frame of frames(message)) socket.send(frame);
}

export class WatchHub {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly sql: SqlStorage,
    private readonly clock: () => ClockState,
  ) {}

  /** Accepts a subscription: the socket is answered with its start, then kept for live changes. */
  subscribe(subscription: Subscription): Response {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [tagForPrefix(subscription.filter.prefix)]);
    server.serializeAttachment(subscription.filter);
    if (!this.start(server, subscription)) server.close(1000, 'watch start refused');
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends `change` to every socket whose filter sees it. A change looks the same to every watcher
   * that sees it as the same event type, so each type's frames are encoded once.
   */
  broadcast(change: Change): void {
    const encoded = new Map<string, string[]>();
    for (const tag of tagsForKey(change.key)) {
      for (const socket of this.ctx.getWebSockets(tag)) {
        const event = eventFor(socket.deserializeAttachment() as WatchFilter, change);
        if (!event) continue;
        let messageFrames = encoded.get(event.type);
        if (!messageFrames) {
          messageFrames = frames({ kind: 'event', type: event.type, key: change.key, resourceVersion: change.resourceVersion, value: event.value });
          encoded.set(event.type, messageFrames);
        }
        for (const frame of messageFrames) socket.send(frame);
      }
    }
  }

  /** Sends the start of a watch; false if it was refused (too old, too new). */
  private start(socket: WebSocket, { filter, start }: Subscription): boolean {
    const { current, compacted } = this.clock();
    if (start.from === 'now') {
      send(socket, { kind: 'synced', resourceVersion: current, initialEventsEnd: false });
      return true;
    }
    const requested = start.from === 'resourceVersion' ? start.resourceVersion : (start.notOlderThan ?? 0);
    if (requested > current) {
      send(socket, { kind: 'tooLarge', requested, current });
      return false;
    }
    if (start.from === 'state') {
      this.sendState(socket, filter, current);
      return true;
    }
    if (start.resourceVersion < compacted) {
      send(socket, { kind: 'expired', requested: start.resourceVersion, oldest: compacted });
      return false;
    }
    for (const change of changesAfter(this.sql, filter.prefix, start.resourceVersion)) {
      const event = eventFor(filter, change);
      if (event) send(socket, { kind: 'event', type: event.type, key: change.key, resourceVersion: change.resourceVersion, value: event.value });
    }
    send(socket, { kind: 'synced', resourceVersion: current, initialEventsEnd: false });
    return true;
  }

  /** Synthetic ADDED events for the current state, then the marker that the initial state is complete. */
  private sendState(socket: WebSocket, filter: WatchFilter, current: number): void {
    const request = { prefix: filter.prefix, version: { match: 'latest' as const }, labelSelector: filter.labelSelector, fieldSelector: filter.fieldSelector };
    for (const item of listSnapshot(this.sql, request, null, current).items) {
      send(socket, { kind: 'event', type: 'ADDED', key: item.key, resourceVersion: item.resourceVersion, value: item.value });
    }
    send(socket, { kind: 'synced', resourceVersion: current, initialEventsEnd: true });
  }
}
