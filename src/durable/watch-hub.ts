/**
 * Watch fan-out inside a storage shard. Each Worker isolate that has watchers on a collection
 * holds one hibernatable WebSocket here (accepted with `ctx.acceptWebSocket`), tagged with the
 * collection's prefix; its attachment is only that prefix (selectors stay in the isolate), so the
 * shard keeps no other state for it: idle subscriptions cost nothing and survive eviction. On
 * subscribe, the replay of every change after the requested resourceVersion is sent from SQLite
 * history synchronously (no write can interleave); then each committed change is sent once per
 * socket whose prefix covers it, the same frames to all. A socket that cannot take a message is
 * closed; no other socket, and no write, notices.
 */
import { controlMessage, frames, type HubSubscription } from './watch-protocol.js';
import type { ClockState } from './clock.js';

const allNamespacesTag = 'all';

/** The socket tag of a prefix: its namespace, or `all` for cluster-wide subscriptions. */
function tagForPrefix(prefix: string): string {
  return prefix ? `ns:${prefix}` : allNamespacesTag;
}

/** The tags whose sockets may see a change to `key`. */
function tagsForKey(key: string): string[] {
  const slash = key.indexOf('/');
  return slash < 0 ? [allNamespacesTag] : [allNamespacesTag, `ns:${key.slice(0, slash + 1)}`];
}

export class WatchHub {
  /** `history` gives the change messages under a prefix after a resourceVersion (history.ts). */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly clock: () => ClockState,
    private readonly history: (prefix: string, after: number) => Iterable<string>,
  ) {}

  /** Accepts a subscription: the socket is answered with its start, then kept for live changes. */
  subscribe(subscription: HubSubscription): Response {
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, [tagForPrefix(subscription.prefix)]);
    if (!this.start(server, subscription)) server.close(1000, 'watch start refused');
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the message of a committed change to every socket whose prefix covers `key`. */
  broadcast(key: string, message: string): void {
    const messageFrames = frames(message);
    for (const tag of tagsForKey(key)) {
      for (const socket of this.ctx.getWebSockets(tag)) sendOrClose(socket, messageFrames);
    }
  }

  /** Tells every socket that every change up to `resourceVersion` has been sent (the clock moved without a write). */
  progress(resourceVersion: number): void {
    const message = [controlMessage({ kind: 'synced', resourceVersion })];
    for (const socket of this.ctx.getWebSockets()) sendOrClose(socket, message);
  }

  /** Sends the start of a subscription; false if it was refused (too old, too new). */
  private start(socket: WebSocket, { prefix, start }: HubSubscription): boolean {
    const { current, compacted } = this.clock();
    if (start.from === 'resourceVersion') {
      if (start.resourceVersion > current) {
        sendOrClose(socket, [controlMessage({ kind: 'tooLarge', requested: start.resourceVersion, current })]);
        return false;
      }
      if (start.resourceVersion < compacted) {
        sendOrClose(socket, [controlMessage({ kind: 'expired', requested: start.resourceVersion, oldest: compacted })]);
        return false;
      }
      for (const message of this.history(prefix, start.resourceVersion)) sendOrClose(socket, frames(message));
    }
    sendOrClose(socket, [controlMessage({ kind: 'synced', resourceVersion: current })]);
    return true;
  }
}

/** Sends frames; a socket that fails is closed (its isolate resumes from what it last received). */
function sendOrClose(socket: WebSocket, messageFrames: string[]): void {
  try {
    for (const frame of messageFrames) socket.send(frame);
  } catch (error) {
    console.warn('closing a watch socket that failed to send:', error);
    try {
      socket.close(1011, 'send failed');
    } catch {
      // Already closed.
    }
  }
}
