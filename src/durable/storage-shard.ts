/**
 * StorageShard: the Durable Object that owns the objects of one resource type of one cluster (all
 * of them, or one shard's part; its address is its name, see addresses.ts). It assigns
 * resourceVersions inside SQLite transactions, keeps superseded revisions for the history window,
 * answers reads at the newest or a past resourceVersion, feeds watches, and delivers the messages
 * writes send (outbox). Methods are called over Durable Object RPC and return StorageReply
 * values, because thrown errors do not cross RPC with their data.
 *
 * A shard stores nothing until its first write: reads of a shard nobody wrote to answer from
 * an empty state without creating its tables, so a type a cluster only reads (every tenant's
 * discovery reads a few) costs no storage; a shard with a seed (seeds.ts) writes it at its first
 * access instead. `erase` deletes everything a shard stores, when its cluster is deleted.
 *
 * What it needs of the server (its history window, its seed, where the outbox goes) it receives
 * as its ShardEnvironment: the Worker's entry point makes the class with one (server/).
 */
import { DurableObject } from 'cloudflare:workers';
import type { DeleteExtras, ListRequest, ObjectWrite, OutboxMessage, ReadVersion, StorageFailure, StorageReply, StoredObject } from './protocol.js';
import { type ClockState, freshClock, loadClock, nextResourceVersion, nowMicros, saveClockValue } from './clock.js';
import { type ListHeader, type PageKeys, pageKeys, planPage } from './list.js';
import { RemainingCounts } from './remaining-counts.js';
import { rangeOf, rowSource } from './list-source.js';
import { type ListBody, linesStream, listBody } from './list-stream.js';
import { SnapshotPins } from './snapshot-pins.js';
import { appendRevision, compactRevisions, newestChangeAtOrBefore, newestRevision, revisionAt, toStoredObject } from './revisions.js';
import { hasTable, migrateColumns, type RevisionRow, schemaStatements } from './schema.js';
import { migrateTerms } from './selector-terms.js';
import { appendOutbox, deliverOutboxBatch, outboxSize } from './outbox.js';
import { WatchHub } from './watch-hub.js';
import { changeMessage, type HubSubscription, type StoredSide, subscriptionHeader } from './watch-protocol.js';
import { changeMessagesAfter } from './history.js';
import { type PartitionAddress, type ShardAddress, shardAddressOf } from './addresses.js';
import { closeDefinition, isClosed } from './closed-definitions.js';

/** Rows of each kind (revisions, tombstones, selector terms) compaction deletes per write, at most. */
const compactionBatch = 128;
/** Outbox deliveries start at most this often (scheduleDelivery). */
const deliveryGapMillis = 20;

/** What a storage shard needs of the server it belongs to. */
export interface ShardEnvironment {
  /** Seconds of history the shard keeps for past reads (HISTORY_WINDOW_SECONDS). */
  historyWindowSeconds(): number;
  /**
   * The writes a shard at `address` is born with, its seed (a tenant's system namespaces and
   * bootstrap RBAC policy); none for most. Written with its tables at its first access.
   */
  seed(address: ShardAddress, now: Date): ObjectWrite[];
  /** Delivers one destination's outbox messages (parsed JSON), in order; resolves once they are durably accepted. */
  deliver(to: PartitionAddress, bodies: unknown[]): Promise<void>;
}

class Failure extends Error {
  constructor(readonly failure: StorageFailure) {
    super(failure.code);
  }
}

export class StorageShard extends DurableObject<unknown> {
  /** Who this shard is: (cluster, group, resource). */
  readonly address: ShardAddress;
  private readonly sql: SqlStorage;
  private clock!: ClockState;
  /** The resourceVersion taken by the write in progress; it becomes current only if it commits. */
  private pending = 0;
  /** The change of the write in progress, sent to watchers once it commits. */
  private pendingChange: { key: string; message: string } | null = null;
  /** The write in progress queued messages: the outbox needs delivering once it commits. */
  private outboxPending = false;
  /** Consecutive failed outbox deliveries, for the retry backoff. */
  private deliveryFailures = 0;
  /** The alarm is set for the outbox (a delivery or its retry): a write need not set it. */
  private deliveryDue = false;
  /** When the last delivery started (Date.now()). */
  private lastDelivery = 0;
  private readonly watches: WatchHub;
  /** Snapshots open list streams read: compaction stays below them. */
  private readonly pins = new SnapshotPins();
  /** remainingItemCount of recent pages: a list's next page counts without a scan. */
  private readonly remainingCounts = new RemainingCounts();
  /** Rows below the watermark may remain (compaction deletes them a batch per write). */
  private garbage = false;
  /** Whether the shard's tables exist (it was written to); until then it is empty and stores nothing. */
  private stored = false;
  /** Its cluster was deleted: its seed is not written again while it is in memory. */
  private erased = false;

  constructor(ctx: DurableObjectState, env: unknown, private readonly environment: ShardEnvironment) {
    super(ctx, env);
    this.address = shardAddressOf(ctx.id.name);
    this.sql = ctx.storage.sql;
    this.watches = new WatchHub(ctx, () => this.clock, (prefix, after) => (this.stored ? changeMessagesAfter(this.sql, prefix, after) : []));
    void ctx.blockConcurrencyWhile(async () => {
      this.stored = hasTable(this.sql, 'revisions');
      if (!this.stored) {
        this.clock = { current: this.clockOrigin(), compacted: 0 };
        return;
      }
      this.createTables();
      this.clock = loadClock(this.sql, this.clockOrigin());
      if (outboxSize(this.sql) === 0) return;
      if ((await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
      this.deliveryDue = true;
    });
  }

  /** Delivers the outbox to its destinations (controller partitions); on failure, retries with backoff. */
  override async alarm(): Promise<void> {
    // Writes meanwhile need no alarm (deliveryDue stays set): the loop delivers until the outbox is empty.
    this.lastDelivery = Date.now();
    try {
      while ((await deliverOutboxBatch(this.sql, (to, bodies) => this.environment.deliver(to, bodies))) > 0);
      this.deliveryFailures = 0;
      this.deliveryDue = false;
    } catch (error) {
      this.deliveryFailures += 1;
      const backoff = Math.min(30_000, 250 * 2 ** this.deliveryFailures);
      console.warn(`outbox delivery failed (attempt ${this.deliveryFailures}), retrying in ${backoff} ms:`, error);
      this.deliveryDue = true;
      await this.ctx.storage.setAlarm(Date.now() + backoff);
    }
  }

  /** Watches: a WebSocket upgrade carrying a HubSubscription (see watch-protocol.ts). */
  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(subscriptionHeader);
    if (request.headers.get('upgrade') !== 'websocket' || !header) return new Response('expected a watch upgrade', { status: 426 });
    this.materialize();
    return this.watches.subscribe(JSON.parse(header) as HubSubscription);
  }

  /** Watch sockets carry nothing from the Worker after the subscription. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket, code: number): void {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'watch closed');
  }

  get(key: string, version: ReadVersion): StorageReply<StoredObject> {
    this.materialize();
    return this.reply(() => {
      const at = this.snapshotVersion(key, version);
      if (!this.stored) throw new Failure({ code: 'KeyNotFound', key });
      const row = at === null ? newestRevision(this.sql, key) : revisionAt(this.sql, key, at);
      if (!row || row.value === null) throw new Failure({ code: 'KeyNotFound', key });
      return toStoredObject(row);
    });
  }

  /**
   * A list: its header now, its items as text (when small) or a byte stream the caller pulls
   * (list-stream.ts), all read from one snapshot.
   */
  list(request: ListRequest): StorageReply<{ header: ListHeader } & ListBody> {
    this.materialize();
    return this.reply(() => {
      if (request.advanceClockTo !== undefined) this.advanceClock(request.advanceClockTo);
      const at = this.snapshotVersion(request.prefix, request.version) ?? this.clock.current;
      if (!this.stored) return { header: { resourceVersion: at }, body: linesStream([].values(), () => {}) };
      let read = this.planRead(request, at);
      // A first page that leaves more to continue, of a snapshot older than it asks for
      // (ListRequest.freshWithin), is read at the present: the clock moves first (one write).
      // Nothing was written since `at` (the newest), so the page holds the same items.
      const fresh = read.page.header.continueAfterKey !== undefined && request.version.match === 'latest' ? freshClock(at, request.freshWithin) : 0;
      if (fresh) {
        this.advanceClock(fresh);
        read = this.planRead(request, this.clock.current);
      }
      const release = this.pins.pin(read.at);
      return { header: read.page.header, ...listBody(read.source, request, read.page.range, release) };
    });
  }

  /** The rows of a list read at `at`, and its page's plan (the end, continue key and count) when paged. */
  private planRead(request: ListRequest, at: number) {
    const range = rangeOf(request);
    const source = rowSource(this.sql, request, range, { at, isNewest: () => this.clock.current === at });
    const paged = request.limit !== undefined && request.limit > 0;
    const page = paged ? planPage(this.sql, source, request, range, at, this.remainingCounts) : { header: { resourceVersion: at }, range };
    return { at, source, page };
  }

  create(write: ObjectWrite): StorageReply<StoredObject> {
    return this.write(() => {
      if (write.definition !== undefined && isClosed(this.sql, write.definition)) throw new Failure({ code: 'Closed', key: write.key });
      const newest = newestRevision(this.sql, write.key);
      if (newest && newest.value !== null) throw new Failure({ code: 'KeyExists', key: write.key });
      return this.commit(write, newest);
    });
  }

  update(write: ObjectWrite, expectedResourceVersion: number): StorageReply<StoredObject> {
    return this.write(() => {
      const newest = this.liveRevision(write.key);
      if (newest.rv !== expectedResourceVersion) {
        throw new Failure({ code: 'Conflict', key: write.key, current: toStoredObject(newest) });
      }
      return this.commit(write, newest);
    });
  }

  delete(key: string, expectedResourceVersion: number, { messages = [], after = 0 }: DeleteExtras = {}): StorageReply<StoredObject> {
    return this.write(() => {
      const newest = this.liveRevision(key);
      if (newest.rv !== expectedResourceVersion) {
        throw new Failure({ code: 'Conflict', key, current: toStoredObject(newest) });
      }
      const rv = this.nextVersion(after);
      appendRevision(this.sql, rv, key, null, newest);
      this.pendingChange = { key, message: changeMessage(key, rv, null, storedSide(newest)) };
      this.send(messages);
      return { key, resourceVersion: rv, value: newest.value ?? '' };
    });
  }

  /** The keys of a page of `request` (limit > 0), without documents: how a list across shards plans its pages. */
  listKeys(request: ListRequest): StorageReply<PageKeys & { resourceVersion: number }> {
    return this.reply(() => {
      if (request.advanceClockTo !== undefined) this.advanceClock(request.advanceClockTo);
      const at = this.snapshotVersion(request.prefix, request.version) ?? this.clock.current;
      const range = rangeOf(request);
      const source = rowSource(this.sql, request, range, { at, isNewest: () => this.clock.current === at });
      return { resourceVersion: at, ...pageKeys(this.sql, source, request, range, at, Infinity, this.remainingCounts) };
    });
  }

  /**
   * The changes to keys under `prefix` in (`after`, `upTo`], oldest first, as a byte stream of
   * watch messages, one per line (a watch catching up from history, with backpressure).
   */
  changes(prefix: string, after: number, upTo: number): StorageReply<ReadableStream<Uint8Array>> {
    this.materialize();
    return this.reply(() => {
      const { current, compacted } = this.clock;
      if (upTo > current) throw new Failure({ code: 'TooLargeResourceVersion', key: prefix, currentResourceVersion: current, requestedResourceVersion: upTo });
      if (after < compacted) throw new Failure({ code: 'Expired', key: prefix, requestedResourceVersion: after, oldestResourceVersion: compacted });
      if (!this.stored) return linesStream([].values(), () => {});
      return linesStream(changeMessagesAfter(this.sql, prefix, after, upTo), this.pins.pin(after));
    });
  }

  /**
   * Moves the clock past `resourceVersion` (no revision is written), so that no later write gets
   * a version at or below it and reads at it are served; returns the newest committed version.
   */
  advanceClock(resourceVersion: number): number {
    this.materialize();
    if (resourceVersion > this.clock.current) {
      this.ctx.storage.transactionSync(() => {
        if (!this.stored) this.createTables();
        saveClockValue(this.sql, 'current', resourceVersion);
      });
      this.stored = true;
      this.clock.current = resourceVersion;
    }
    // Watchers merging shards learn that nothing at or below the clock will come from here (on
    // their sockets, after every change sent so before). 0 only reads the clock.
    if (resourceVersion > 0) this.watches.progress(this.clock.current);
    return this.clock.current;
  }

  /**
   * Closes CustomResourceDefinition `uid` (closed-definitions.ts): from now on creates admitted
   * under it are refused. Writes no revision; resolves once the close is durable.
   */
  closeDefinition(uid: string): void {
    this.materialize();
    this.ctx.storage.transactionSync(() => {
      if (!this.stored) {
        this.createTables();
        saveClockValue(this.sql, 'current', this.clock.current);
      }
      closeDefinition(this.sql, uid);
    });
    this.stored = true;
  }

  /** Compacts history up to `watermark` now (tests and maintenance; writes do it on their own). */
  compact(watermark: number): number {
    const capped = Math.min(watermark, this.clock.current);
    if (!this.stored || capped <= this.clock.compacted) return 0;
    return this.ctx.storage.transactionSync(() => {
      saveClockValue(this.sql, 'compacted', capped);
      this.clock.compacted = capped;
      return compactRevisions(this.sql, capped);
    });
  }

  /**
   * Erases everything the shard stores: open watch sockets closed (their isolates re-subscribe),
   * alarm and storage deleted. `retire` (its cluster was deleted): nothing is written again while
   * it is in memory, not even a tenant's seed; otherwise (an old layout's shard after its objects
   * moved, storage/sharding/reshard.ts) it starts afresh with its tables, so a seed never refills it.
   * Returns the newest resourceVersion it had; later versions stay above it, and watches resuming
   * here are told their history is gone (410): they end, and their clients relist.
   */
  async erase(retire = false): Promise<number> {
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.close(1001, 'storage erased');
      } catch {
        // Already closed.
      }
    }
    await this.ctx.storage.deleteAlarm();
    this.deliveryDue = false;
    await this.ctx.storage.deleteAll();
    this.stored = false;
    this.erased = retire;
    this.pendingChange = null;
    this.garbage = false;
    const newest = this.clock.current;
    this.clock = { current: newest, compacted: newest + 1 };
    if (!retire) {
      this.ctx.storage.transactionSync(() => {
        this.createTables();
        saveClockValue(this.sql, 'current', newest);
        saveClockValue(this.sql, 'compacted', newest + 1);
      });
      this.stored = true;
    }
    return newest;
  }

  /** Bytes of storage the shard holds (SQLite's database size). */
  storedBytes(): number {
    return this.ctx.storage.sql.databaseSize;
  }

  /** The newest committed resourceVersion. */
  currentResourceVersion(): number {
    this.materialize();
    return this.clock.current;
  }

  /** A shard with a seed writes it, with its tables, at its first access; nobody watches it yet. */
  private materialize(): void {
    if (this.stored || this.erased) return;
    const seed = this.environment.seed(this.address, new Date());
    if (!seed.length) return;
    const origin = this.clock.current;
    try {
      this.ctx.storage.transactionSync(() => {
        this.createTables();
        for (const write of seed) {
          this.commit(write, null);
          this.clock.current = this.pending;
        }
      });
    } catch (error) {
      this.clock.current = origin;
      throw error;
    }
    this.stored = true;
    this.pendingChange = null;
  }

  /** The schema (idempotent: also the migration of shards stored by earlier versions). */
  private createTables(): void {
    for (const statement of schemaStatements) this.sql.exec(statement);
    migrateColumns(this.sql);
    migrateTerms(this.sql);
  }

  /**
   * Where a shard's clock starts: now for a type's only shard; 0 for a shard of several, whose
   * versions are congruent to its index (clock.ts) and which the type's causal floor carries
   * forward with its siblings (sharded-storage.ts).
   */
  private clockOrigin(): number {
    return this.address.shard ? 0 : nowMicros();
  }

  private liveRevision(key: string): RevisionRow {
    const newest = newestRevision(this.sql, key);
    if (!newest || newest.value === null) throw new Failure({ code: 'KeyNotFound', key });
    return newest;
  }

  private commit(write: ObjectWrite, previous: RevisionRow | null): StoredObject {
    const rv = this.nextVersion(write.after ?? 0);
    const current = { value: write.value, labels: labelsText(write.labels), fields: JSON.stringify(write.fields) };
    appendRevision(this.sql, rv, write.key, current, previous);
    this.pendingChange = { key: write.key, message: changeMessage(write.key, rv, current, storedSide(previous)) };
    this.send(write.messages ?? []);
    return { key: write.key, resourceVersion: rv, value: write.value };
  }

  /** Queues a write's messages in the write's transaction. */
  private send(messages: OutboxMessage[]): void {
    if (!messages.length) return;
    appendOutbox(this.sql, messages);
    this.outboxPending = true;
  }

  /** The version of the write in progress (its revision row records it: see loadClock). */
  private nextVersion(after: number): number {
    this.pending = nextResourceVersion(Math.max(this.clock.current, after), this.address.shard);
    return this.pending;
  }

  /**
   * The resourceVersion a read is served at: null for the newest state, else the exact version.
   * Versions newer than anything committed are too large; older than the watermark, expired.
   */
  private snapshotVersion(key: string, version: ReadVersion): number | null {
    if (version.match === 'latest') return null;
    const { current, compacted } = this.clock;
    if (version.resourceVersion > current) {
      throw new Failure({ code: 'TooLargeResourceVersion', key, currentResourceVersion: current, requestedResourceVersion: version.resourceVersion });
    }
    if (version.match === 'notOlderThan' || version.resourceVersion === current) return null;
    if (version.resourceVersion < compacted) {
      throw new Failure({ code: 'Expired', key, currentResourceVersion: current, requestedResourceVersion: version.resourceVersion });
    }
    return version.resourceVersion;
  }

  /**
   * Runs a write in one transaction (the shard's first one also creates its tables); the clock
   * advances and watchers hear of it only if it commits.
   */
  private write<T>(body: () => T): StorageReply<T> {
    this.materialize();
    this.pendingChange = null;
    this.outboxPending = false;
    const creating = !this.stored;
    const reply = this.reply(() => this.ctx.storage.transactionSync(() => {
      if (creating) this.createTables();
      const value = body();
      this.maybeCompact();
      return value;
    }));
    if (reply.ok) {
      this.stored = true;
      this.clock.current = this.pending;
      const change = this.pendingChange as { key: string; message: string } | null;
      if (change) this.watches.broadcast(change.key, change.message);
      if (this.outboxPending) this.scheduleDelivery();
    }
    return reply;
  }

  /**
   * Sets the alarm to deliver the outbox, unless a delivery (or its retry) is already due. A
   * delivery starts at most every `deliveryGapMillis`: a lone write's messages go at once, a
   * stream of writes' in batches (one alarm and one call per destination each).
   */
  private scheduleDelivery(): void {
    if (this.deliveryDue) return;
    this.deliveryDue = true;
    this.ctx.storage.setAlarm(Math.max(Date.now(), this.lastDelivery + deliveryGapMillis)).catch(() => (this.deliveryDue = false));
  }

  private reply<T>(body: () => T): StorageReply<T> {
    try {
      return { ok: true, value: body() };
    } catch (error) {
      if (error instanceof Failure) return { ok: false, failure: error.failure };
      throw error;
    }
  }

  /**
   * Inside a write's transaction: raises the watermark when it lags the window by more than a
   * tenth of it (never past an open snapshot), then deletes a bounded batch of what it left
   * behind, so no write pays for a whole tenth of the window at once.
   */
  private maybeCompact(): void {
    const windowMicros = this.windowSeconds() * 1_000_000;
    const target = Math.min(nowMicros() - windowMicros, this.pins.oldest(), this.clock.current);
    // The newest change at or below the target: a resourceVersion in a quiet gap after it (a
    // list's on a quiet type) misses nothing and stays readable and watchable.
    const watermark = target > this.clock.compacted + windowMicros / 10 ? newestChangeAtOrBefore(this.sql, target) : 0;
    if (watermark > this.clock.compacted) {
      saveClockValue(this.sql, 'compacted', watermark);
      this.clock.compacted = watermark;
      this.garbage = true;
    }
    if (this.garbage) this.garbage = compactRevisions(this.sql, this.clock.compacted, compactionBatch) >= compactionBatch;
  }

  private windowSeconds(): number {
    return this.environment.historyWindowSeconds();
  }
}

/** The live side of a revision row, for watch events; null for none or a tombstone. */
function storedSide(row: RevisionRow | null): StoredSide | null {
  return row?.value != null ? { value: row.value, labels: row.labels, fields: row.fields } : null;
}

/** The labels column: JSON, or NULL for none. */
function labelsText(labels: Record<string, string>): string | null {
  return Object.keys(labels).length ? JSON.stringify(labels) : null;
}
