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
 * subscription is handed over to another request.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A shard whose clock is at `current` while the cache's subscription has heard up to `position`. */
function lagging(position: number, current: number) {
  const socket = new FakeSocket();
  const link: ShardLink = {
    subscribe: async () => socket as unknown as WebSocket,
    current: async () => current,
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
  return { watch, change, events };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a watch past the watch cache position', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at once and delivers only the changes after its resourceVersion', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const shard = lagging(100, 200);
    let outcome = 'pending';
    shard.watch({ from: 'resourceVersion', resourceVersion: 150 }).then(() => (outcome = 'started'), (error) => (outcome = String(error)));
    await settle();
    await settle();
    expect(outcome).toBe('started');
    shard.change(140);
    shard.change(160);
    await settle();
    expect(shard.events).toEqual(['ADDED 160']);
  });

  it('a watch-list waits 3 s for the cache, then fails TooLargeResourceVersion at the cache position', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const shard = lagging(100, 200);
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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const shard = lagging(100, 200);
    let outcome = 'pending';
    shard.watch({ from: 'state', notOlderThan: 150 }).then(() => (outcome = 'started'), (error) => (outcome = String(error)));
    await settle();
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    shard.change(155);
    await settle();
    await settle();
    expect(outcome).toBe('started');
  });
});
