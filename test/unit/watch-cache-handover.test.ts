/**
 * The watch cache's subscription handed over when its request leaves (src/storage/cacher/): the
 * next member re-subscribes through its own request. A member that cannot (its shard call fails:
 * past workerd's cross-request fault the wake runs in the leaving request, where the member's stub
 * refuses, bench/README.md) ends, and the next one is woken: the others never wait on a cache that
 * nobody subscribes.
 */
import { describe, expect, it } from 'vitest';
import { WatchCache, type ShardLink } from '../../src/storage/cacher/watch-cache.js';
import { CacheWatcher, type WatchSource } from '../../src/storage/cacher/cache-watcher.js';
import { changeMessage, controlMessage, frames } from '../../src/durable/watch-protocol.js';
import type { StoredObject } from '../../src/storage/types.js';

class FakeSocket extends EventTarget {
  send(): void {}
  close(): void {}
  receive(text: string): void {
    for (const frame of frames(text)) this.dispatchEvent(new MessageEvent('message', { data: frame }));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 15));

function member(cache: WatchCache, subscribe: () => Promise<WebSocket>) {
  const link: ShardLink = { subscribe, current: async () => 0, progress: async () => 0 };
  const source: WatchSource = { link, list: async () => ({}) as never, changes: async () => (async function* () {})() };
  const seen: string[] = [];
  const listener = {
    event: (type: string, object: StoredObject) => void seen.push(`${type} ${object.resourceVersion}`),
    progress: () => {},
    ended: () => void seen.push('ended'),
  };
  const watcher = new CacheWatcher(cache, source, { filter: { prefix: 'ns/' }, start: { from: 'now' } }, listener);
  return { watcher, seen };
}

describe("the watch cache's subscription when its request leaves", () => {
  it('goes to the next member; one that cannot re-subscribe ends and wakes the one after', async () => {
    const cache = new WatchCache('ns/', () => {});
    const first = new FakeSocket();
    const owner = member(cache, async () => first as unknown as WebSocket);
    const starting = owner.watcher.start();
    await Promise.resolve();
    first.receive(controlMessage({ kind: 'synced', resourceVersion: 10 }));
    await starting;
    const refused = member(cache, async () => {
      throw new Error('Cannot perform I/O on behalf of a different request.');
    });
    await refused.watcher.start();
    const next = new FakeSocket();
    const heir = member(cache, async () => next as unknown as WebSocket);
    await heir.watcher.start();
    owner.watcher.stop();
    await settle();
    expect(refused.seen).toEqual(['ended']);
    next.receive(changeMessage('ns/a', 11, { value: '{}', labels: null, fields: null }, null));
    await settle();
    expect(heir.seen).toEqual(['ADDED 11']);
  });
});
