/**
 * The watch half of the storage conformance suite: watch through the Storage interface, and
 * advanceClock (a shard's, or every shard's of a storage over several), written once and run against every implementation (a sharded or tenant-scoped
 * storage must pass it unchanged). Each test gets a fresh, empty storage from the factory.
 */
import { describe, expect, it } from 'vitest';
import type { StorageFailure } from '../src/storage/errors.js';
import type { EventType, ListRequest, ObjectWrite, ShardStorage, Storage, StoredObject, WatchListener, WatchRequest } from '../src/storage/types.js';
import { collectItems } from '../src/storage/list-lines.js';

/** A list with its items collected (the conformance suites compare whole lists). */
async function listAll(storage: Storage, request: ListRequest) {
  const result = await storage.list(request);
  return { ...result, items: await collectItems(result.items) };
}

function write(key: string, value: object, labels: Record<string, string> = {}): ObjectWrite {
  return { key, value: JSON.stringify(value), labels, fields: { 'metadata.name': key.split('/').pop()! } };
}

type Seen =
  | { kind: 'event'; type: EventType; key: string; resourceVersion: number; value: string }
  | { kind: 'progress'; resourceVersion: number; initialEventsEnd: boolean }
  | { kind: 'ended'; failure?: StorageFailure };

/** A listener that records what it is told, and can wait until it was told enough. */
class Recorder implements WatchListener {
  readonly seen: Seen[] = [];
  private waiters: { until: (seen: Seen[]) => boolean; resolve: () => void }[] = [];

  event(type: EventType, object: StoredObject): void {
    this.push({ kind: 'event', type, key: object.key, resourceVersion: object.resourceVersion, value: object.value });
  }

  progress(resourceVersion: number, initialEventsEnd: boolean): void {
    this.push({ kind: 'progress', resourceVersion, initialEventsEnd });
  }

  ended(failure?: StorageFailure): void {
    this.push(failure ? { kind: 'ended', failure } : { kind: 'ended' });
  }

  get events() {
    return this.seen.filter((item): item is Extract<Seen, { kind: 'event' }> => item.kind === 'event');
  }

  /** Resolves once `until` holds of what was seen (fails the test after 5 s). */
  wait(until: (seen: Seen[]) => boolean): Promise<void> {
    if (until(this.seen)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`watch saw only ${JSON.stringify(this.seen)}`)), 5_000);
      this.waiters.push({ until, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  waitForEvents(count: number): Promise<void> {
    return this.wait(() => this.events.length >= count);
  }

  private push(item: Seen): void {
    this.seen.push(item);
    this.waiters = this.waiters.filter((waiter) => (waiter.until(this.seen) ? (waiter.resolve(), false) : true));
  }
}

async function watch(storage: Storage, request: WatchRequest): Promise<{ recorder: Recorder; stop: () => void }> {
  const recorder = new Recorder();
  const watcher = await storage.watch(request, recorder);
  return { recorder, stop: () => watcher.stop() };
}

const summary = (recorder: Recorder) => recorder.events.map((event) => `${event.type} ${event.key} ${event.value}`);

/** A storage whose clock can be moved: a shard's, or one over several shards (which moves them all). */
export type ClockedStorage = Storage & Pick<ShardStorage, 'advanceClock'>;

export function storageWatchConformance(name: string, makeStorage: () => ClockedStorage): void {
  describe(`storage watch conformance: ${name}`, () => {
    it('starts with the state as ADDED events in key order, marks its end, then sends each change once, in order', async () => {
      const storage = makeStorage();
      await storage.create(write('ns/b', { v: 1 }));
      const a = await storage.create(write('ns/a', { v: 1 }));
      const newest = await storage.create(write('other/c', { v: 1 }));
      const { recorder, stop } = await watch(storage, { filter: { prefix: 'ns/' }, start: { from: 'state' } });
      await recorder.wait((seen) => seen.some((item) => item.kind === 'progress'));
      const start = recorder.seen.find((item) => item.kind === 'progress');
      expect(start).toEqual({ kind: 'progress', resourceVersion: newest.resourceVersion, initialEventsEnd: true });
      const updated = await storage.update(write('ns/a', { v: 2 }), a.resourceVersion);
      const removed = await storage.delete('ns/b', (await storage.get('ns/b', { match: 'latest' })).resourceVersion);
      await storage.create(write('other/d', {}));
      await recorder.waitForEvents(4);
      stop();
      expect(summary(recorder)).toEqual(['ADDED ns/a {"v":1}', 'ADDED ns/b {"v":1}', 'MODIFIED ns/a {"v":2}', 'DELETED ns/b {"v":1}']);
      expect(recorder.events.slice(2).map((event) => event.resourceVersion)).toEqual([updated.resourceVersion, removed.resourceVersion]);
    });

    it('replays every change after a resourceVersion, with no synthetic events', async () => {
      const storage = makeStorage();
      const first = await storage.create(write('ns/a', { v: 1 }));
      const second = await storage.update(write('ns/a', { v: 2 }), first.resourceVersion);
      const third = await storage.create(write('ns/b', { v: 1 }));
      const { recorder, stop } = await watch(storage, { filter: { prefix: '' }, start: { from: 'resourceVersion', resourceVersion: first.resourceVersion } });
      await recorder.waitForEvents(2);
      await recorder.wait((seen) => seen.some((item) => item.kind === 'progress'));
      stop();
      expect(recorder.events.map((event) => [event.type, event.key, event.resourceVersion])).toEqual([
        ['MODIFIED', 'ns/a', second.resourceVersion], ['ADDED', 'ns/b', third.resourceVersion],
      ]);
    });

    it('from now: only changes after the newest committed state', async () => {
      const storage = makeStorage();
      await storage.create(write('ns/a', {}));
      const { recorder, stop } = await watch(storage, { filter: { prefix: '' }, start: { from: 'now' } });
      const created = await storage.create(write('ns/b', {}));
      await recorder.waitForEvents(1);
      stop();
      expect(recorder.events.map((event) => [event.key, event.resourceVersion])).toEqual([['ns/b', created.resourceVersion]]);
    });

    it('applies selectors with kube\'s transitions: entering is ADDED, leaving is DELETED with the previous content', async () => {
      const storage = makeStorage();
      const selector = { requirements: [{ key: 'app', operator: 'in' as const, values: ['web'] }] };
      const { recorder, stop } = await watch(storage, { filter: { prefix: 'ns/', labelSelector: selector }, start: { from: 'now' } });
      const created = await storage.create(write('ns/a', { v: 1 }, { app: 'db' }));
      const entered = await storage.update(write('ns/a', { v: 2 }, { app: 'web' }), created.resourceVersion);
      const changed = await storage.update(write('ns/a', { v: 3 }, { app: 'web' }), entered.resourceVersion);
      await storage.update(write('ns/a', { v: 4 }, { app: 'db' }), changed.resourceVersion);
      await recorder.waitForEvents(3);
      stop();
      expect(summary(recorder)).toEqual(['ADDED ns/a {"v":2}', 'MODIFIED ns/a {"v":3}', 'DELETED ns/a {"v":3}']);
    });

    it('refuses a start newer than anything committed', async () => {
      const storage = makeStorage();
      const created = await storage.create(write('ns/a', {}));
      const future = created.resourceVersion + 1_000_000;
      await expect(storage.watch({ filter: { prefix: '' }, start: { from: 'resourceVersion', resourceVersion: future } }, new Recorder()))
        .rejects.toMatchObject({ failure: { code: 'TooLargeResourceVersion', requestedResourceVersion: future, currentResourceVersion: created.resourceVersion } });
    });

    it('stops delivering once stopped', async () => {
      const storage = makeStorage();
      const { recorder, stop } = await watch(storage, { filter: { prefix: '' }, start: { from: 'now' } });
      await storage.create(write('ns/a', {}));
      await recorder.waitForEvents(1);
      stop();
      await storage.create(write('ns/b', {}));
      const { recorder: later, stop: stopLater } = await watch(storage, { filter: { prefix: '' }, start: { from: 'state' } });
      await later.waitForEvents(2);
      stopLater();
      expect(summary(recorder)).toEqual(['ADDED ns/a {}']);
    });

    it('advanceClock moves the clock past a version: later writes come after it, reads at it are served', async () => {
      const storage = makeStorage();
      const created = await storage.create(write('ns/a', { v: 1 }));
      const target = created.resourceVersion + 5_000_000;
      expect(await storage.advanceClock(target)).toBe(target);
      expect(await storage.advanceClock(created.resourceVersion)).toBe(target);
      const atTarget = await listAll(storage, { prefix: '', version: { match: 'exact', resourceVersion: target } });
      expect(atTarget.resourceVersion).toBe(target);
      expect(atTarget.items.map((item) => item.value)).toEqual(['{"v":1}']);
      const next = await storage.update(write('ns/a', { v: 2 }), created.resourceVersion);
      expect(next.resourceVersion).toBeGreaterThan(target);
      const before = await listAll(storage, { prefix: '', version: { match: 'exact', resourceVersion: target } });
      expect(before.items.map((item) => item.value)).toEqual(['{"v":1}']);
    });
  });
}
