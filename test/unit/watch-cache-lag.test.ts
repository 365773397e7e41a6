/**
 * A watch whose resourceVersion the isolate's watch cache has not reached (issue 34, item 12):
 * kube never answers it with a 500. Asked of kube-apiserver v1.32.13:
 * - a plain watch (`?watch=1&resourceVersion=R`) past the watch cache's position answers 200 and
 *   waits for changes after R: nothing to wait for before it starts;
 * - a watch-list (`sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=R`)
 *   waits 3 s for its cache, then sends
 *   `{"type":"ERROR","object":{"kind":"Status",...,"message":"Timeout: Too large resource version: 99999999, current: 201",
 *   "reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}}`.
 * The cache here lags when a watch asks for a version written under another prefix of the shard
 * (the shard's clock moved, but the cache's socket only hears its own prefix) or while its
 * subscription is handed over to another request: the watch asks the shard for a progress
 * notification (kube's cacher asks etcd), waits 3 s, and past that answers kube's 504.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Waiters } from '../../src/apimachinery/hand-over.js';
import { WatchCache, type ShardLink } from '../../src/storage/cacher/watch-cache.js';
import { CacheWatcher, type WatchSource } from '../../src/storage/cacher/cache-watcher.js';
import { changeMessage, controlMessage, frames } from '../../src/durable/watch-protocol.js';
import type { StoredObject, WatchRequest } from '../../src/storage/types.js';

class FakeSocket extends EventTarget {
  send(): void {}
  close(): void {}
  receive(text: string): void {
    for (const frame of frames(text)) this.dispatchEvent(new MessageEvent('message', { data: frame }));
  }
}

/**
 * A shard whose clock is at `current` while the cache's subscription has heard up to `position`;
 * asked for progress, it tells the subscription its clock unless `silent` (a lagging socket).
 */
function lagging(position: number, current: number, silent = false) {
  const socket = new FakeSocket();
  const asked: number[] = [];
  const reads = { current: 0 };
  const link: ShardLink = {
    subscribe: async () => socket as unknown as WebSocket,
    current: async () => (reads.current++, current),
    progress: async (resourceVersion) => {
      asked.push(resourceVersion);
      if (!silent) setImmediate(() => socket.receive(controlMessage({ kind: 'synced', resourceVersion: current })));
      return current;
    },
  };
  const source: WatchSource = {
    link,
    list: async () => ({ items: (async function* () {})(), resourceVersion: current }) as never,
    changes: async () => (async function* () {})(),
  };
  const cache = new WatchCache('ns/', () => {});
  const events: string[] = [];
  const listener = {
    event: (type: string, object: StoredObject) => void events.push(`${type} ${object.resourceVersion}`),
    progress: () => {},
    ended: () => void events.push('ended'),
  };
  const watch = (start: WatchRequest['start']) => {
    const watcher = new CacheWatcher(cache, source, { filter: { prefix: 'ns/' }, start }, listener);
    const started = watcher.start();
    // The subscription answers once the cache listens on it.
    setImmediate(() => socket.receive(controlMessage({ kind: 'synced', resourceVersion: position })));
    return started;
  };
  const change = (resourceVersion: number) =>
    socket.receive(changeMessage(`ns/${resourceVersion}`, resourceVersion, { value: '{}', labels: null, fields: null }, null));
  return { watch, change, events, asked, reads, socket };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
/** A turn, then the few milliseconds a watch's start checks the cache after (rung by the cache: Waiters in hand-over.ts). */
const step = async () => {
  await settle();
  await vi.advanceTimersByTimeAsync(8);
};

describe('a watch past the watch cache position', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the shard for progress, starts once the cache hears it, and delivers only the changes after its resourceVersion', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const shard = lagging(100, 200);
    let outcome = 'pending';
    shard.watch({ from: 'resourceVersion', resourceVersion: 150 }).then(() => (outcome = 'started'), (error) => (outcome = String(error)));
    for (let i = 0; i < 4; i++) await step();
    expect(shard.asked).toEqual([150]);
    expect(outcome).toBe('started');
    shard.change(210);
    await settle();
    expect(shard.events).toEqual(['ADDED 210']);
  });

  it('a watch whose cache hears nothing waits 3 s, then fails TooLargeResourceVersion (504), never a 500', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const shard = lagging(100, 200, true);
    let failure: unknown = 'pending';
    shard.watch({ from: 'resourceVersion', resourceVersion: 150 }).then(() => (failure = 'started'), (error) => (failure = error));
    await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(3_100);
    expect(failure).toMatchObject({ failure: { code: 'TooLargeResourceVersion', requestedResourceVersion: 150, currentResourceVersion: 100 } });
  });

  it('a watch-list waits 3 s for the cache, then fails TooLargeResourceVersion at the cache position', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const shard = lagging(100, 200, true);
    let failure: unknown = 'pending';
    shard.watch({ from: 'state', notOlderThan: 150 }).then(() => (failure = 'started'), (error) => (failure = error));
    await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(failure).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect(failure).toMatchObject({ failure: { code: 'TooLargeResourceVersion', requestedResourceVersion: 150, currentResourceVersion: 100 } });
  });

  it('a watch-list starts once the cache reaches its version within the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const shard = lagging(100, 200, true);
    let outcome = 'pending';
    shard.watch({ from: 'state', notOlderThan: 150 }).then(() => (outcome = 'started'), (error) => (outcome = String(error)));
    await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    shard.change(155);
    await step();
    await step();
    expect(outcome).toBe('started');
  });
});

describe("a watch's start and the request holding the cache's socket", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // workerd runs a promise's continuation in the request that made it only if V8 tagged the
  // promise there, which an optimized `new Promise` or async function does not do
  // (src/apimachinery/hand-over.ts): the socket's message must ring a promise the watcher's own
  // request made (Waiters, whose promises come from Promise.withResolvers(): test/unit/waiters.test.ts),
  // or the start would go on in the socket's request, where the watcher's stub fails.
  it('waits for the sync through the cache\'s Waiters, which the socket\'s message rings', async () => {
    const waits = vi.spyOn(Waiters.prototype, 'until');
    try {
      const shard = lagging(100, 200);
      let outcome = 'pending';
      shard.watch({ from: 'resourceVersion', resourceVersion: 150 }).then(() => (outcome = 'started'), (error) => (outcome = String(error)));
      await vi.waitFor(() => expect(outcome).toBe('started'));
      expect(waits).toHaveBeenCalledTimes(2);
      expect(shard.reads.current).toBe(1);
    } finally {
      waits.mockRestore();
    }
  });
});
