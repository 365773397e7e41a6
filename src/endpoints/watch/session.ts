/**
 * One client watch, independent of how it is delivered (chunked HTTP or WebSocket): it opens a
 * watch on the type's storage (which keeps it gap-free across storage restarts) and turns what
 * storage delivers into watch events for a sink, with kube's bookmarks and timeout. It ends on
 * timeout, on client disconnect, when storage can no longer be reached, or when the history no
 * longer reaches back far enough (410 Expired, as an ERROR event).
 */
import type { ResourceType } from '../../api/catalog.js';
import { apiVersionOf } from '../../api/catalog.js';
import { expired, type Status } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { objectItem, type ServedItem, servedItem } from '../../registry/served-item.js';
import { codecFor, type StoredCodec } from '../../registry/stored-codec.js';
import { isStorageError, type StorageFailure } from '../../storage/errors.js';
import type { EventType, StoredObject, WatchListener, Watcher } from '../../storage/types.js';
import { tooLargeResourceVersion } from '../../registry/storage-errors.js';
import type { WatchOptions } from './watch-options.js';

/**
 * The served item of an event's stored object: watchers of one isolate that see the same change
 * get the same stored object (storage/cacher/cache-watcher.ts), and so the same item, decoded and
 * encoded once (encode.ts).
 */
const itemsByCodec = new WeakMap<StoredCodec, WeakMap<StoredObject, ServedItem>>();

function sharedItem(stored: StoredObject, codec: StoredCodec): ServedItem {
  let items = itemsByCodec.get(codec);
  if (!items) itemsByCodec.set(codec, (items = new WeakMap()));
  let item = items.get(stored);
  if (!item) items.set(stored, (item = servedItem(stored, codec)));
  return item;
}

/** Where the events of a session go. */
export interface WatchSink {
  /** A promise says the client is behind (see WatchListener.event). */
  event(type: EventType | 'BOOKMARK', item: ServedItem): void | Promise<void>;
  error(status: Status): void;
  end(): void;
}

/** Opens the storage watch the session reads (the registry's Store.watch with the request's options). */
export type OpenWatch = (listener: WatchListener) => Promise<Watcher>;

const bookmarkIntervalMillis = 60_000;
const deadlineBookmarkLeadMillis = 2_000;

export class WatchSession {
  private watcher: Watcher | null = null;
  private lastResourceVersion = 0;
  private stopped = false;
  private readonly codec: StoredCodec;
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private readonly stopListeners: (() => void)[] = [];

  constructor(
    private readonly type: ResourceType,
    private readonly options: WatchOptions,
    private readonly open: OpenWatch,
    private readonly sink: WatchSink,
  ) {
    this.codec = codecFor(type);
  }

  /**
   * Opens the watch; a start newer than storage's newest version throws (an HTTP error), one
   * older than its history ends the stream at once with kube's ERROR event.
   */
  async start(): Promise<void> {
    try {
      this.watcher = await this.open(this.listener());
    } catch (error) {
      if (isStorageError(error, 'Expired')) return this.fail(expiredStatus(error.failure));
      this.stop();
      if (isStorageError(error, 'TooLargeResourceVersion')) {
        throw tooLargeResourceVersion(error.failure.requestedResourceVersion!, error.failure.currentResourceVersion!);
      }
      throw error;
    }
    if (this.stopped) return this.watcher.stop();
    this.timers.push(setTimeout(() => this.finish(), this.options.timeoutMillis));
    if (this.options.allowWatchBookmarks) this.scheduleBookmarks();
  }

  /** Calls `listener` once when the session stops, however it ends. */
  whenStopped(listener: () => void): void {
    if (this.stopped) listener();
    else this.stopListeners.push(listener);
  }

  /** Ends the session from the client side (disconnect): stops the storage watch. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const listener of this.stopListeners) listener();
    for (const timer of this.timers) clearTimeout(timer);
    this.watcher?.stop();
  }

  private listener(): WatchListener {
    return {
      event: (type, object) => {
        if (this.stopped) return;
        this.lastResourceVersion = object.resourceVersion;
        return this.sink.event(type, sharedItem(object, this.codec));
      },
      progress: (resourceVersion, initialEventsEnd) => {
        if (this.stopped) return;
        this.lastResourceVersion = Math.max(this.lastResourceVersion, resourceVersion);
        if (initialEventsEnd && this.options.markInitialEventsEnd) this.bookmark(true);
      },
      ended: (failure) => {
        if (failure?.code === 'Expired') this.fail(expiredStatus(failure));
        else this.finish();
      },
    };
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
    if (this.stopped) return;
    if (!initialEventsEnd) this.watcher?.reportProgress();
    if (!this.lastResourceVersion) return;
    const metadata: KubeObject['metadata'] = { resourceVersion: String(this.lastResourceVersion) };
    if (initialEventsEnd) metadata.annotations = { 'k8s.io/initial-events-end': 'true' };
    this.sink.event('BOOKMARK', objectItem({ kind: this.type.kind, apiVersion: apiVersionOf(this.type.group, this.type.version), metadata }));
  }

  private fail(status: Status): void {
    if (this.stopped) return;
    this.sink.error(status);
    this.stop();
    this.sink.end();
  }

  /** Timeout, or storage that cannot be reached again: the end of the stream. */
  private finish(): void {
    if (this.stopped) return;
    this.stop();
    this.sink.end();
  }
}

/** kube's 410 for a watch whose start the history no longer reaches. */
function expiredStatus(failure: StorageFailure): Status {
  return expired(`too old resource version: ${failure.requestedResourceVersion} (${failure.oldestResourceVersion})`).status;
}
