/**
 * One storage watch served from the isolate's watch cache of its collection (watch-cache.ts):
 * it starts where the request asks (now, after a resourceVersion, or with the current state),
 * catches up from the cache's ring, the shard's history or a list of the shard's snapshot at the
 * cache's position, and then takes the cache's live changes, filtered by its selectors with
 * kube's transitions (watch-events.ts).
 *
 * Catching up streams from the shard with backpressure (the listener's promise says when the
 * client took an event); live changes arriving meanwhile wait in a bounded queue. Live changes
 * are delivered as they come: a watcher that cannot keep up is ended by its sink (the client
 * resumes from the last resourceVersion it saw, as with kube's slow watchers), never by the cache.
 *
 * The cache hands changes over from whichever request owns its socket: a change lands in the
 * watcher's inbox and rings a doorbell, a promise made in the watcher's own request (by
 * handOver(), which keeps the request's tag that an optimized `new Promise` drops:
 * src/apimachinery/hand-over.ts), whose continuation workerd runs there, and which drains the
 * inbox into the listener (its sink's stream, its selectors, its bookmarks live there). A start
 * waits for the subscription and for the cache's position the same way (the cache's Waiters),
 * since it reads the shard through its own request's stub next.
 */
import { StorageError } from '../errors.js';
import type { EventType, ListResult, ListRequest, StoredObject, WatchListener, WatchRequest, Watcher } from '../types.js';
import type { Change } from '../../durable/watch-protocol.js';
import { eventFor, hasSelectors } from './watch-events.js';
import { type CacheMember, type ShardLink, sizeOf, type WatchCache } from './watch-cache.js';
import { handOver } from '../../apimachinery/hand-over.js';

/** What a watcher reads from its shard, through its own request's stub. */
export interface WatchSource {
  link: ShardLink;
  list(request: ListRequest): Promise<ListResult>;
  /** The changes in (after, upTo] under `prefix`, oldest first; Expired when history is too short. */
  changes(prefix: string, after: number, upTo: number): Promise<AsyncIterable<Change>>;
}

/** Live changes a catching-up watcher may hold (count, and bytes of documents) before it is ended as too slow. */
const maxPending = 10_000;
const maxPendingBytes = 16 * 1024 * 1024;
/** How long a start may wait for the subscription. */
const startTimeoutMillis = 10_000;
/** How long a start waits for the cache to reach the version it asks for (kube's cacher: 3 s). */
const freshnessTimeoutMillis = 3_000;

type State = 'starting' | 'catchingUp' | 'live' | 'stopped';

export class CacheWatcher implements Watcher, CacheMember {
  private state: State = 'starting';
  private pending: Change[] = [];
  private pendingBytes = 0;
  /** While catching up, live changes after this version are held for later. */
  private since = 0;
  /** The newest resourceVersion delivered: nothing at or below it is delivered again. */
  private delivered = 0;
  /**
   * The newest progress mark heard while catching up: every change up to it is delivered or
   * pending by then, so going live reports it (a merged watch of several shards waits for each
   * shard's mark to release events; a mark dropped here held them until the next write).
   */
  private heard = 0;
  private wakeResolve: (() => void) | null = null;
  /** The watcher has selectors (else every change of its collection is an event). */
  private readonly selective: boolean;
  /** The newest change skipped by the selectors while live, not yet told as progress. */
  private passed = 0;
  /** What the cache handed over, waiting for this watcher's request to take it. */
  private inbox: (Change | { failed: StorageError } | { progress: number })[] = [];
  private doorbell: (() => void) | null = null;

  constructor(
    private readonly cache: WatchCache,
    private readonly source: WatchSource,
    private readonly request: WatchRequest,
    private readonly listener: WatchListener,
  ) {
    this.selective = hasSelectors(request.filter);
  }

  /** Starts; throws TooLargeResourceVersion or Expired as a StorageError when the start is refused. */
  async start(): Promise<void> {
    this.cache.join(this);
    this.armWake();
    this.armDoorbell();
    try {
      if (!(await this.cache.whenReady(this, this.source.link, Date.now() + startTimeoutMillis))) throw new Error('the watch subscription did not start');
      const { start } = this.request;
      if (start.from === 'now') return this.goLive([], this.cache.position);
      await this.reach(start.from === 'resourceVersion' ? start.resourceVersion : (start.notOlderThan ?? 0));
      if (start.from === 'resourceVersion') return await this.replayFrom(start.resourceVersion);
      return await this.sendState();
    } catch (error) {
      this.stop();
      throw error;
    }
  }

  stop(): void {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    this.pending = [];
    this.pendingBytes = 0;
    this.cache.leave(this);
  }

  /**
   * A live watcher with selectors is handed only the changes it sees: one its selectors skip
   * (a node's watcher and another node's Pod) costs no hop into its request, only the note of how
   * far it has passed, told at the next event or bookmark (reportProgress).
   */
  offer(change: Change): void {
    if (this.state === 'live' && this.selective && !eventFor(this.request.filter, change)) {
      this.passed = Math.max(this.passed, change.resourceVersion);
      return;
    }
    this.post(change);
  }

  /** Called in this watcher's own request: what the inbox holds goes first (it may be older than what was passed). */
  reportProgress(): void {
    if (this.state === 'stopped') return;
    this.drain();
    if (this.state === 'live' && this.passed > this.delivered) this.listener.progress((this.delivered = this.passed), false);
  }

  fail(error: StorageError): void {
    this.post({ failed: error });
  }

  progressed(resourceVersion: number): void {
    this.post({ progress: resourceVersion });
  }

  /** Queues for this watcher's request and rings its doorbell. */
  private post(item: Change | { failed: StorageError } | { progress: number }): void {
    if (this.state === 'stopped') return;
    this.inbox.push(item);
    const ring = this.doorbell;
    this.doorbell = null;
    ring?.();
  }

  /** Waits for the doorbell; the promise is made here, so draining runs in this watcher's request. */
  private armDoorbell(): void {
    const { promise, resolve } = handOver();
    this.doorbell = resolve;
    promise.then(() => {
      if (this.state === 'stopped') return;
      this.drain();
      this.armDoorbell();
    });
  }

  private drain(): void {
    for (const item of this.inbox.splice(0)) {
      if ('failed' in item) {
        this.stop();
        return this.listener.ended(item.failed.failure);
      }
      if ('progress' in item) {
        this.heardProgress(item.progress);
        continue;
      }
      this.take(item);
    }
  }

  private heardProgress(resourceVersion: number): void {
    if (this.state === 'catchingUp') this.heard = Math.max(this.heard, resourceVersion);
    else if (this.state === 'live' && resourceVersion > this.delivered) this.listener.progress((this.delivered = resourceVersion), false);
  }

  private take(change: Change): void {
    if (this.state === 'live') this.deliver(change);
    else if (this.state === 'catchingUp' && change.resourceVersion > this.since) {
      this.pending.push(change);
      this.pendingBytes += sizeOf(change);
      if (this.pending.length > maxPending || this.pendingBytes > maxPendingBytes) this.end();
    }
  }

  wake(): void {
    this.wakeResolve?.();
  }

  /**
   * Waits to be asked to re-subscribe; the promise is made here, so workerd runs the
   * continuation in this watcher's request whichever request resolves it.
   */
  private armWake(): void {
    const { promise, resolve } = handOver();
    this.wakeResolve = resolve;
    promise.then(async () => {
      if (this.state === 'stopped') return;
      this.armWake();
      await this.cache.connect(this, this.source.link);
    }).catch(() => this.end());
  }

  /**
   * Resolves once the cache's position is at least `version`; TooLargeResourceVersion past the
   * shard's newest. The cache hears only its prefix, so a version written elsewhere on the shard
   * is beyond it until the shard says how far it is: it is asked to (as kube's cacher asks etcd
   * for a progress notification when it waits to be fresh). Past 3 s (kube's wait), the cache is
   * lagging: TooLargeResourceVersion at its position, kube's 504 `Timeout: Too large resource
   * version` with Retry-After 1, which client-go retries (never a 500).
   */
  private async reach(version: number): Promise<void> {
    if (version <= this.cache.position) return;
    const current = await this.source.link.current();
    if (version > current) throw this.tooLarge(version, current);
    if (version <= this.cache.position) return;
    this.source.link.progress(version).catch(() => {});
    if (!(await this.cache.reached(version, Date.now() + freshnessTimeoutMillis))) throw this.tooLarge(version, this.cache.position);
  }

  private tooLarge(requested: number, current: number): StorageError {
    return new StorageError({ code: 'TooLargeResourceVersion', key: this.request.filter.prefix, requestedResourceVersion: requested, currentResourceVersion: current });
  }

  /** Every change after `resourceVersion`: from the ring, or from the shard's history. */
  private async replayFrom(resourceVersion: number): Promise<void> {
    const fromRing = this.cache.changesAfter(resourceVersion);
    if (fromRing) return this.goLive(fromRing, this.cache.position);
    const upTo = this.holdFrom(this.cache.position);
    const history = await this.source.changes(this.request.filter.prefix, resourceVersion, upTo);
    void this.catchUp(async () => {
      for await (const change of history) await this.deliverPaced(change);
    });
  }

  /** The state at the cache's position as ADDED events, the initial-events mark, then the changes after it. */
  private async sendState(): Promise<void> {
    const at = this.holdFrom(this.cache.position);
    const { filter } = this.request;
    const list = await this.source.list({ prefix: filter.prefix, version: { match: 'exact', resourceVersion: at }, labelSelector: filter.labelSelector, fieldSelector: filter.fieldSelector });
    void this.catchUp(async () => {
      for await (const item of list.items) {
        if (this.state === 'stopped') return;
        await this.listener.event('ADDED', item);
      }
      this.listener.progress(at, true);
    });
  }

  /** From now on, live changes after `version` wait until the catch-up is done. */
  private holdFrom(version: number): number {
    this.since = version;
    this.state = 'catchingUp';
    return version;
  }

  private async catchUp(read: () => Promise<void>): Promise<void> {
    try {
      await read();
      if (this.state === 'catchingUp') {
        this.pendingBytes = 0;
        this.goLive(this.pending.splice(0), Math.max(this.since, this.heard));
      }
    } catch (error) {
      if (this.state === 'stopped') return;
      this.stop();
      this.listener.ended(error instanceof StorageError ? error.failure : undefined);
    }
  }

  /**
   * Delivers `changes` (held or replayed) and turns live, all at once: no live change can come
   * between. The watcher has then seen everything up to `complete`: changes in the inbox at or
   * below it are skipped.
   */
  private goLive(changes: Change[], complete: number): void {
    if (this.state === 'stopped') return;
    this.state = 'live';
    for (const change of changes) this.deliver(change);
    this.delivered = Math.max(this.delivered, complete);
    this.listener.progress(this.delivered, false);
  }

  private deliver(change: Change): void {
    if (change.resourceVersion <= this.delivered) return;
    this.delivered = change.resourceVersion;
    const event = eventFor(this.request.filter, change);
    if (event) void this.listener.event(event.type, storedFor(change, event.type, event.value));
    else this.listener.progress(change.resourceVersion, false);
  }

  /** Delivers a change read from history, waiting while the client is behind. */
  private async deliverPaced(change: Change): Promise<void> {
    if (this.state === 'stopped') return;
    this.delivered = change.resourceVersion;
    const event = eventFor(this.request.filter, change);
    if (event) await this.listener.event(event.type, storedFor(change, event.type, event.value));
    else this.listener.progress(change.resourceVersion, false);
  }

  /** Ended without a failure (too slow while catching up, or a re-subscription that failed): the client resumes. */
  private end(): void {
    if (this.state === 'stopped') return;
    this.stop();
    this.listener.ended();
  }
}

/** The object of an event, one per change and event type, shared by every watcher that sees it (so encodings can be too). */
const deliveredObjects = new WeakMap<Change, Partial<Record<EventType, StoredObject>>>();

function storedFor(change: Change, type: EventType, value: string): StoredObject {
  let byType = deliveredObjects.get(change);
  if (!byType) deliveredObjects.set(change, (byType = {}));
  return (byType[type] ??= { key: change.key, resourceVersion: change.resourceVersion, value });
}
