/**
 * One client watch, independent of how it is delivered (chunked HTTP or WebSocket). It
 * subscribes to the owning Durable Object and turns its messages into watch events for a sink.
 * If the Durable Object's socket drops (eviction, restart, deploy) after the watch is in sync,
 * the session re-subscribes from the last resourceVersion it delivered: the history in SQLite
 * fills the gap, so the client sees no gap and no duplicate. It ends on timeout, on client
 * disconnect, or when the history no longer reaches back far enough (410 Expired).
 */
import type { ResourceType } from '../api/catalog.js';
import { apiVersionOf } from '../api/catalog.js';
import { expired, type Status } from '../core/status.js';
import type { KubeObject } from '../registry/object.js';
import { codecFor, type StoredCodec } from '../registry/stored-codec.js';
import type { StoredObject } from '../storage/types.js';
import { tooLargeResourceVersion } from '../registry/storage-errors.js';
import type { WatchOptions } from './options.js';
import { type EventType, FrameAssembler, type WatchMessage, type WatchStart } from './protocol.js';

/** The object of an event, decoded only if the output needs more than its JSON. */
export interface WatchItem {
  json(): string;
  object(): KubeObject;
}

function storedItem(stored: StoredObject, codec: StoredCodec): WatchItem {
  return { json: () => codec.json(stored), object: () => codec.decode(stored) };
}

function objectItem(object: KubeObject): WatchItem {
  return { json: () => JSON.stringify(object), object: () => object };
}

/** Where the events of a session go. */
export interface WatchSink {
  event(type: EventType | 'BOOKMARK', item: WatchItem): void;
  error(status: Status): void;
  end(): void;
}

export type Connect = (start: WatchStart) => Promise<WebSocket>;

const bookmarkIntervalMillis = 60_000;
const deadlineBookmarkLeadMillis = 2_000;
const maxReconnects = 5;

export class WatchSession {
  private socket: WebSocket | null = null;
  private lastResourceVersion = 0;
  private synced = false;
  private stopped = false;
  private reconnects = 0;
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private readonly stopListeners: (() => void)[] = [];

  constructor(
    private readonly type: ResourceType,
    private readonly options: WatchOptions,
    private readonly connect: Connect,
    private readonly sink: WatchSink,
  ) {}

  /** Subscribes and resolves with the first message, so that a refused start can be an HTTP error. */
  async start(): Promise<void> {
    const first = await this.open(this.options.subscription.start);
    if (first.kind === 'tooLarge') {
      this.stop();
      throw tooLargeResourceVersion(first.requested, first.current);
    }
    this.timers.push(setTimeout(() => this.finish(), this.options.timeoutMillis));
    if (this.options.allowWatchBookmarks) this.scheduleBookmarks();
    this.handle(first);
  }

  /** Calls `listener` once when the session stops, however it ends. */
  whenStopped(listener: () => void): void {
    if (this.stopped) listener();
    else this.stopListeners.push(listener);
  }

  /** Ends the session from the client side (disconnect): closes the Durable Object socket. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const listener of this.stopListeners) listener();
    for (const timer of this.timers) clearTimeout(timer);
    this.socket?.close(1000, 'watch ended');
  }

  private open(start: WatchStart): Promise<WatchMessage> {
    return new Promise((resolve, reject) => {
      const assembler = new FrameAssembler();
      let first = true;
      this.connect(start).then((socket) => {
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
        this.sink.event(message.type, storedItem({ key: message.key, resourceVersion: message.resourceVersion, value: message.value }, codecFor(this.type)));
        return;
      case 'synced':
        this.lastResourceVersion = Math.max(this.lastResourceVersion, message.resourceVersion);
        this.synced = true;
        this.reconnects = 0;
        if (message.initialEventsEnd && this.options.markInitialEventsEnd) this.bookmark(true);
        return;
      case 'expired':
        return this.fail(expired(`too old resource version: ${message.requested} (${message.oldest})`).status);
      case 'tooLarge':
        return this.fail(tooLargeResourceVersion(message.requested, message.current).status);
    }
  }

  /** The Durable Object's socket went away: resume from the last delivered version, or end. */
  private dropped(socket: WebSocket): void {
    if (this.stopped || socket !== this.socket) return;
    if (!this.synced || this.reconnects >= maxReconnects) return this.finish();
    this.reconnects += 1;
    this.synced = false;
    this.open({ from: 'resourceVersion', resourceVersion: this.lastResourceVersion }).then(
      (message) => this.handle(message),
      () => this.finish(),
    );
  }

  /**
   * kube's cacheWatcher: a bookmark every minute, and one 2 s before the deadline so the client
   * resumes from a fresh resourceVersion (none when the watch is shorter than that).
   */
  private scheduleBookmarks(): void {
    this.timers.push(setInterval(() => this.bookmark(false), bookmarkIntervalMillis));
    const beforeDeadline = this.options.timeoutMillis - deadlineBookmarkLeadMillis;
    if (beforeDeadline > 0) this.timers.push(setTimeout(() => this.bookmark(false), beforeDeadline));
  }

  private bookmark(initialEventsEnd: boolean): void {
    if (this.stopped || !this.lastResourceVersion) return;
    const metadata: KubeObject['metadata'] = { resourceVersion: String(this.lastResourceVersion) };
    if (initialEventsEnd) metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
    this.sink.event('BOOKMARK', objectItem({ kind: this.type.kind, apiVersion: apiVersionOf(this.type.group, this.type.version), metadata }));
  }

  private fail(status: Status): void {
    this.sink.error(status);
    this.stop();
    this.sink.end();
  }

  /** Timeout, or a Durable Object that cannot be reached again: the end of the stream. */
  private finish(): void {
    if (this.stopped) return;
    this.stop();
    this.sink.end();
  }
}

