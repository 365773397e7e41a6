/**
 * A watch across the shards of a type, in one order: each shard is watched on its own (through
 * the isolate's watch cache of that shard), and events are released in strictly increasing
 * resourceVersion, each once. A shard's events come in its commit order, so once an event (or a
 * progress mark) at version V came from a shard, nothing at or below V will: V is that shard's
 * closed timestamp. Events up to the smallest closed timestamp are released. A shard that holds
 * the others back (an idle one) is asked to move its clock past the waiting events, which costs
 * it one RPC and sends a progress mark on its sockets; shards that nothing asks stay asleep.
 *
 * Resuming from any version the merged watch delivered (or a merged list's) replays every shard
 * after it: nothing at or below it can be missing, since it was released only once every shard
 * had passed it.
 */
import type { StorageFailure } from '../errors.js';
import type { EventType, ShardStorage, StoredObject, WatchListener, WatchRequest, Watcher } from '../types.js';
import { mergedList, snapshotAcross } from './merged-list.js';

interface Held {
  type: EventType;
  object: StoredObject;
}

/** Starts a merged watch; rejects like a shard's watch when its start is refused. */
export async function mergedWatch(shards: ShardStorage[], request: WatchRequest, listener: WatchListener): Promise<Watcher> {
  const watch = new MergedWatch(shards, request, listener);
  await watch.start();
  return watch;
}

class MergedWatch implements Watcher {
  private readonly held: Held[][];
  private readonly closed: number[];
  private readonly watchers: Watcher[] = [];
  private released = 0;
  private stopped = false;

  constructor(
    private readonly shards: ShardStorage[],
    private readonly request: WatchRequest,
    private readonly listener: WatchListener,
  ) {
    this.held = shards.map(() => []);
    this.closed = shards.map(() => 0);
  }

  async start(): Promise<void> {
    const { start, filter } = this.request;
    if (start.from === 'resourceVersion') {
      await snapshotAcross(this.shards, { match: 'exact', resourceVersion: start.resourceVersion }, filter.prefix);
      return this.follow(start.resourceVersion);
    }
    const version = start.from === 'state' && start.notOlderThan ? { match: 'notOlderThan' as const, resourceVersion: start.notOlderThan } : { match: 'latest' as const };
    const at = await snapshotAcross(this.shards, version, filter.prefix);
    if (start.from === 'now') return this.follow(at);
    const list = await mergedList(this.shards, { prefix: filter.prefix, version: { match: 'exact', resourceVersion: at }, labelSelector: filter.labelSelector, fieldSelector: filter.fieldSelector });
    void this.sendState(list.items, at);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const watcher of this.watchers) watcher.stop();
  }

  reportProgress(): void {
    for (const watcher of this.watchers) watcher.reportProgress();
  }

  /** The state at `at` as ADDED events (paced by the client), the initial-events mark, then the changes after it. */
  private async sendState(items: AsyncIterable<StoredObject>, at: number): Promise<void> {
    try {
      for await (const item of items) {
        if (this.stopped) return;
        await this.listener.event('ADDED', item);
      }
      this.listener.progress(at, true);
      await this.follow(at);
    } catch (error) {
      this.end((error as { failure?: StorageFailure }).failure);
    }
  }

  /** Watches every shard from `from` (moving the clocks of shards that have not reached it first). */
  private async follow(from: number): Promise<void> {
    this.released = from;
    this.closed.fill(from);
    await Promise.all(this.shards.map((shard) => shard.advanceClock(from)));
    const started = await Promise.allSettled(this.shards.map((shard, index) => shard.watch({ filter: this.request.filter, start: { from: 'resourceVersion', resourceVersion: from } }, this.shardListener(index))));
    for (const result of started) if (result.status === 'fulfilled') this.watchers.push(result.value);
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      this.stop();
      throw failed.reason;
    }
    if (this.stopped) this.stop();
  }

  private shardListener(index: number): WatchListener {
    return {
      event: (type, object) => {
        this.held[index]!.push({ type, object });
        this.closed[index] = object.resourceVersion;
        this.release();
      },
      progress: (resourceVersion) => {
        if (resourceVersion <= this.closed[index]!) return;
        this.closed[index] = resourceVersion;
        this.release();
      },
      ended: (failure) => this.end(failure),
    };
  }

  /** Releases every held event at or below the smallest closed timestamp, in version order; asks laggards to move on. */
  private release(): void {
    if (this.stopped) return;
    const watermark = Math.min(...this.closed);
    for (let next = this.nextHeld(watermark); next >= 0; next = this.nextHeld(watermark)) {
      const { type, object } = this.held[next]!.shift()!;
      void this.listener.event(type, object);
    }
    if (watermark > this.released) {
      this.released = watermark;
      this.listener.progress(watermark, false);
    }
    const waiting = Math.max(0, ...this.held.map((events) => events[events.length - 1]?.object.resourceVersion ?? 0));
    this.closed.forEach((closed, index) => {
      if (closed < waiting) this.shards[index]!.requestProgress(waiting);
    });
  }

  /** The shard whose oldest held event is the oldest of all and at or below `watermark`, or -1. */
  private nextHeld(watermark: number): number {
    let best = -1;
    let bestVersion = Infinity;
    this.held.forEach((events, index) => {
      const version = events[0]?.object.resourceVersion;
      if (version !== undefined && version <= watermark && version < bestVersion) [best, bestVersion] = [index, version];
    });
    return best;
  }

  private end(failure?: StorageFailure): void {
    if (this.stopped) return;
    this.stop();
    this.listener.ended(failure);
  }
}
