/**
 * A watch across 8 shards (src/storage/sharding/merged-watch.ts) against what writers were told: every
 * acknowledged write once, in resourceVersion order; a watch resumed from the middle replays
 * exactly the rest; shards restarted mid-stream change nothing; a list at the watch's start plus
 * the events equals a fresh list.
 */
import { evictDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storageShardStub } from '../../src/server/assembly/backend.js';
import { collectItems } from '../../src/storage/list-lines.js';
import { ShardMap } from '../../src/storage/sharding/shard-map.js';
import type { ShardedStorage } from '../../src/storage/sharding/sharded-storage.js';
import type { EventType, ObjectWrite, StoredObject, WatchListener } from '../../src/storage/types.js';
import { shardedStorage } from './shard-storage.js';

const layout = { count: 8, key: 'name' as const };

function sharded() {
  const type = { cluster: 'merge', group: `g${Date.now()}`, resource: 'things' };
  const map = new ShardMap(type, layout);
  return { storage: shardedStorage(map).storage, stubs: map.shards().map((address) => storageShardStub(env, address)) };
}

function write(key: string, value: object): ObjectWrite {
  return { key, value: JSON.stringify(value), labels: {}, fields: {} };
}

interface Seen {
  type: EventType;
  key: string;
  resourceVersion: number;
  value: string;
}

class Collector implements WatchListener {
  readonly events: Seen[] = [];
  event(type: EventType, object: StoredObject): void {
    this.events.push({ type, key: object.key, resourceVersion: object.resourceVersion, value: object.value });
  }
  progress(): void {}
  ended(): void {
    this.events.push({ type: 'ERROR' as EventType, key: '', resourceVersion: 0, value: '' });
  }
  async waitFor(count: number, limitMillis = 30_000): Promise<void> {
    const deadline = Date.now() + limitMillis;
    while (this.events.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** 8 writers, each on its own keys (spread over every shard), `rounds` writes each: creates, then updates. */
async function writeConcurrently(storage: ShardedStorage, rounds: number, during?: (round: number) => Promise<void>): Promise<Seen[]> {
  const acknowledged: Seen[] = [];
  await Promise.all(Array.from({ length: 8 }, async (_, writer) => {
    const versions = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      if (writer === 0) await during?.(round);
      const key = `ns${writer % 3}/w${writer}-${round % 10}`;
      const value = { writer, round };
      const previous = versions.get(key);
      const stored = previous === undefined ? await storage.create(write(key, value)) : await storage.update(write(key, value), previous);
      versions.set(key, stored.resourceVersion);
      acknowledged.push({ type: previous === undefined ? 'ADDED' : 'MODIFIED', key, resourceVersion: stored.resourceVersion, value: stored.value });
    }
  }));
  return acknowledged.sort((a, b) => a.resourceVersion - b.resourceVersion);
}

describe('a watch across 8 shards', () => {
  it('delivers 2,000 acknowledged writes once each in resourceVersion order, resumes from the middle, survives shard restarts', { timeout: 120_000 }, async () => {
    const { storage, stubs } = sharded();
    const start = await storage.list({ prefix: '', version: { match: 'latest' } });
    const initial = await collectItems(start.items);
    const fromStart = new Collector();
    const watcher = await storage.watch({ filter: { prefix: '' }, start: { from: 'resourceVersion', resourceVersion: start.resourceVersion } }, fromStart);
    const restart = async (round: number) => {
      if (round === 120) await Promise.all(stubs.map((stub) => evictDurableObject(stub)));
    };
    const acknowledged = await writeConcurrently(storage, 250, restart);
    expect(acknowledged).toHaveLength(2_000);
    expect(new Set(acknowledged.map((write) => write.resourceVersion)).size).toBe(2_000);
    await fromStart.waitFor(2_000);
    expect(fromStart.events).toEqual(acknowledged);

    const middle = acknowledged[999]!.resourceVersion;
    const resumed = new Collector();
    const second = await storage.watch({ filter: { prefix: '' }, start: { from: 'resourceVersion', resourceVersion: middle } }, resumed);
    await resumed.waitFor(1_000);
    expect(resumed.events).toEqual(acknowledged.slice(1_000));

    const state = new Map(initial.map((item) => [item.key, item.value]));
    for (const event of fromStart.events) state.set(event.key, event.value);
    const fresh = await storage.list({ prefix: '', version: { match: 'latest' } });
    const freshItems = await collectItems(fresh.items);
    expect(freshItems.map((item) => [item.key, item.value])).toEqual([...state].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(freshItems.map((item) => item.key)).toEqual(freshItems.map((item) => item.key).sort());
    watcher.stop();
    second.stop();
  });

  it('starts with the merged state of every shard, then the changes, in order', async () => {
    const { storage } = sharded();
    for (let index = 0; index < 40; index++) await storage.create(write(`ns/k${String(index).padStart(2, '0')}`, { index }));
    const collector = new Collector();
    const watcher = await storage.watch({ filter: { prefix: 'ns/' }, start: { from: 'state' } }, collector);
    await collector.waitFor(40);
    const updated = await storage.update(write('ns/k07', { index: 'seven' }), (await storage.get('ns/k07', { match: 'latest' })).resourceVersion);
    await collector.waitFor(41);
    watcher.stop();
    expect(collector.events.slice(0, 40).map((event) => `${event.type} ${event.key}`)).toEqual(Array.from({ length: 40 }, (_, index) => `ADDED ns/k${String(index).padStart(2, '0')}`));
    expect(collector.events[40]).toMatchObject({ type: 'MODIFIED', key: 'ns/k07', resourceVersion: updated.resourceVersion });
  });
});
