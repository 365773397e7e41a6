/**
 * ResourceStore: the Durable Object that owns every object of one resource type (one shard, see
 * storage/shard.ts). It assigns resourceVersions inside SQLite transactions, keeps superseded
 * revisions for the history window, and answers reads at the newest or a past resourceVersion.
 * Methods are called over Durable Object RPC and return StorageReply values, because thrown
 * errors do not cross RPC with their data.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.js';
import type { StorageFailure, StorageReply } from '../storage/errors.js';
import type { ListRequest, ListResult, ObjectWrite, ReadVersion, StoredObject } from '../storage/types.js';
import { type ClockState, loadClock, nextResourceVersion, nowMicros, saveClockValue } from './clock.js';
import { listSnapshot } from './list.js';
import { appendRevision, compactRevisions, newestRevision, revisionAt, toStoredObject } from './revisions.js';
import { migrateColumns, type RevisionRow, schemaStatements } from './schema.js';
import { appendOutbox, deliverOutboxBatch, outboxSize } from './outbox.js';
import { builtinControllersOn, lifecycleEvent, type LifecycleEvent } from '../lifecycle/events.js';
import type { LifecycleFacts } from '../lifecycle/facts.js';
import { controllerName, lifecycleShards } from '../lifecycle/routing.js';
import { type Change, side } from './watch-events.js';
import { WatchHub } from './watch-hub.js';
import { subscriptionHeader, type Subscription } from '../watch/protocol.js';

const defaultWindowSeconds = 300;

class Failure extends Error {
  constructor(readonly failure: StorageFailure) {
    super(failure.code);
  }
}

export class ResourceStore extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private clock!: ClockState;
  /** The resourceVersion taken by the write in progress; it becomes current only if it commits. */
  private pending = 0;
  /** The change of the write in progress, sent to watchers once it commits. */
  private pendingChange: Change | null = null;
  /** The write in progress queued a lifecycle event: the outbox needs delivering once it commits. */
  private outboxPending = false;
  /** Consecutive failed outbox deliveries, for the retry backoff. */
  private deliveryFailures = 0;
  private readonly watches: WatchHub;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.watches = new WatchHub(ctx, this.sql, () => this.clock);
    void ctx.blockConcurrencyWhile(async () => {
      for (const statement of schemaStatements) this.sql.exec(statement);
      migrateColumns(this.sql);
      this.clock = loadClock(this.sql);
      if (outboxSize(this.sql) > 0 && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /** Delivers the outbox to the lifecycle controllers; on failure, retries with backoff. */
  override async alarm(): Promise<void> {
    const shards = lifecycleShards(this.env.LIFECYCLE_SHARDS);
    const deliver = async (shard: number, events: LifecycleEvent[]) => {
      const controller = this.env.LIFECYCLE.get(this.env.LIFECYCLE.idFromName(controllerName(shard)));
      await controller.receive(shard, events);
    };
    try {
      while ((await deliverOutboxBatch(this.sql, shards, deliver)) > 0);
      this.deliveryFailures = 0;
    } catch (error) {
      this.deliveryFailures += 1;
      const backoff = Math.min(30_000, 250 * 2 ** this.deliveryFailures);
      console.warn(`outbox delivery failed (attempt ${this.deliveryFailures}), retrying in ${backoff} ms:`, error);
      await this.ctx.storage.setAlarm(Date.now() + backoff);
    }
  }

  /** Watches: a WebSocket upgrade carrying a Subscription (see watch/protocol.ts). */
  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(subscriptionHeader);
    if (request.headers.get('upgrade') !== 'websocket' || !header) return new Response('expected a watch upgrade', { status: 426 });
    return this.watches.subscribe(JSON.parse(header) as Subscription);
  }

  /** Watch sockets carry nothing from the Worker after the subscription. */
  override webSocketMessage(): void {}

  override webSocketClose(socket: WebSocket, code: number): void {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, 'watch closed');
  }

  get(key: string, version: ReadVersion): StorageReply<StoredObject> {
    return this.reply(() => {
      const at = this.snapshotVersion(key, version);
      const row = at === null ? newestRevision(this.sql, key) : revisionAt(this.sql, key, at);
      if (!row || row.value === null) throw new Failure({ code: 'KeyNotFound', key });
      return toStoredObject(row);
    });
  }

  list(request: ListRequest): StorageReply<ListResult> {
    return this.reply(() => {
      const at = this.snapshotVersion(request.prefix, request.version);
      return listSnapshot(this.sql, request, at, at ?? this.clock.current);
    });
  }

  create(write: ObjectWrite): StorageReply<StoredObject> {
    return this.write(() => {
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

  delete(key: string, expectedResourceVersion: number): StorageReply<StoredObject> {
    return this.write(() => {
      const newest = this.liveRevision(key);
      if (newest.rv !== expectedResourceVersion) {
        throw new Failure({ code: 'Conflict', key, current: toStoredObject(newest) });
      }
      const rv = this.advanceClock();
      appendRevision(this.sql, rv, { key, value: null }, newest);
      this.pendingChange = { key, resourceVersion: rv, current: null, previous: sideOf(newest) };
      this.recordLifecycle(factsOf(newest), null);
      return { key, resourceVersion: rv, value: newest.value ?? '' };
    });
  }

  /** Compacts history up to `watermark` now (tests and maintenance; writes do it on their own). */
  compact(watermark: number): number {
    const capped = Math.min(watermark, this.clock.current);
    if (capped <= this.clock.compacted) return 0;
    return this.ctx.storage.transactionSync(() => {
      saveClockValue(this.sql, 'compacted', capped);
      this.clock.compacted = capped;
      return compactRevisions(this.sql, capped);
    });
  }

  /** The newest committed resourceVersion. */
  currentResourceVersion(): number {
    return this.clock.current;
  }

  private liveRevision(key: string): RevisionRow {
    const newest = newestRevision(this.sql, key);
    if (!newest || newest.value === null) throw new Failure({ code: 'KeyNotFound', key });
    return newest;
  }

  private commit(write: ObjectWrite, previous: RevisionRow | null): StoredObject {
    const rv = this.advanceClock();
    appendRevision(this.sql, rv, write, previous);
    const current = { value: write.value, labels: write.labels, fields: write.fields };
    this.pendingChange = { key: write.key, resourceVersion: rv, current, previous: sideOf(previous) };
    this.recordLifecycle(previous?.value != null ? factsOf(previous) : null, write.lifecycle ?? null);
    return { key: write.key, resourceVersion: rv, value: write.value };
  }

  /** Queues the lifecycle event of a write, if it has one, in the write's transaction. */
  private recordLifecycle(previous: LifecycleFacts | null, next: LifecycleFacts | null): void {
    const event = lifecycleEvent(previous, next, builtinControllersOn(this.env.BUILTIN_CONTROLLERS));
    if (!event) return;
    appendOutbox(this.sql, event);
    this.outboxPending = true;
  }

  private advanceClock(): number {
    this.pending = nextResourceVersion(this.clock.current);
    saveClockValue(this.sql, 'current', this.pending);
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

  /** Runs a write in one transaction; the clock advances and watchers hear of it only if it commits. */
  private write<T>(body: () => T): StorageReply<T> {
    this.pendingChange = null;
    this.outboxPending = false;
    const reply = this.reply(() => this.ctx.storage.transactionSync(body));
    if (reply.ok) {
      this.clock.current = this.pending;
      if (this.pendingChange) this.watches.broadcast(this.pendingChange);
      if (this.outboxPending) void this.scheduleDelivery();
      this.maybeCompact();
    }
    return reply;
  }

  /** Wakes the alarm to deliver the outbox, unless a delivery (or its retry) is already scheduled. */
  private async scheduleDelivery(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  private reply<T>(body: () => T): StorageReply<T> {
    try {
      return { ok: true, value: body() };
    } catch (error) {
      if (error instanceof Failure) return { ok: false, failure: error.failure };
      throw error;
    }
  }

  /** Compacts when the watermark lags the window by more than a tenth of it. */
  private maybeCompact(): void {
    const windowMicros = this.windowSeconds() * 1_000_000;
    const target = nowMicros() - windowMicros;
    if (target > this.clock.compacted + windowMicros / 10) this.compact(target);
  }

  private windowSeconds(): number {
    const configured = Number(this.env.HISTORY_WINDOW_SECONDS);
    return Number.isFinite(configured) && configured > 0 ? configured : defaultWindowSeconds;
  }
}

/** The lifecycle facts kept with a revision row, if any. */
function factsOf(row: RevisionRow | null): LifecycleFacts | null {
  return row?.lifecycle ? (JSON.parse(row.lifecycle) as LifecycleFacts) : null;
}

/** The live side of a revision row, for watch events; null for none or a tombstone. */
function sideOf(row: RevisionRow | null) {
  return row ? side(row.value, row.labels, row.fields) : null;
}
