import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StorageShard } from '../../src/durable/storage-shard.js';
import { storageShardStub } from '../../src/server/assembly/backend.js';
import { StorageError } from '../../src/storage/errors.js';
import type { ListRequest, ObjectWrite, Storage } from '../../src/storage/types.js';
import { storageConformance } from '../storage-conformance.js';
import { storageWatchConformance } from '../storage-watch-conformance.js';
import { collectItems } from '../../src/storage/list-lines.js';
import { subscriptionHeader, type HubSubscription } from '../../src/durable/watch-protocol.js';
import { shardStorage } from './shard-storage.js';

/** A list with its items collected (the conformance suites compare whole lists). */
async function listAll(storage: Storage, request: ListRequest) {
  const result = await storage.list(request);
  return { ...result, items: await collectItems(result.items) };
}

let shard = 0;
/** A fresh shard of its own (cluster `test`, a group made up per test). */
function freshShard() {
  const address = { cluster: 'test', group: `g${Date.now()}`, resource: `r${shard++}` };
  return { address, stub: storageShardStub(env, address) };
}
function storageOf({ address }: ReturnType<typeof freshShard>) {
  return shardStorage(address);
}

storageConformance('CachedStorage over ShardRpc (StorageShard in workerd)', () => storageOf(freshShard()));
storageWatchConformance('CachedStorage over ShardRpc (StorageShard in workerd)', () => storageOf(freshShard()));

function write(key: string, value: object, labels: Record<string, string> = {}): ObjectWrite {
  return { key, value: JSON.stringify(value), labels, fields: { 'metadata.name': key.split('/').pop()! } };
}

describe('StorageShard history window', () => {
  it('answers Expired for reads older than the compaction watermark, and keeps newer ones', async () => {
    const shard = freshShard();
    const { stub } = shard;
    const storage: Storage = storageOf(shard);
    const first = await storage.create(write('ns/a', { v: 1 }));
    const second = await storage.update(write('ns/a', { v: 2 }), first.resourceVersion);
    await storage.update(write('ns/a', { v: 3 }), second.resourceVersion);
    const removed = await runInDurableObject(stub, (instance: StorageShard) => instance.compact(second.resourceVersion));
    expect(removed).toBe(1);
    const expired = listAll(storage, { prefix: 'ns/', version: { match: 'exact', resourceVersion: first.resourceVersion } });
    await expect(expired).rejects.toThrowError(StorageError);
    await expect(expired).rejects.toMatchObject({ failure: { code: 'Expired' } });
    const atSecond = await listAll(storage, { prefix: 'ns/', version: { match: 'exact', resourceVersion: second.resourceVersion } });
    expect(atSecond.items.map((item) => item.value)).toEqual(['{"v":2}']);
  });

  it('keeps resourceVersions increasing after the Durable Object is evicted', async () => {
    const { evictDurableObject } = await import('cloudflare:test');
    const shard = freshShard();
    const { stub } = shard;
    const storage = storageOf(shard);
    const before = await storage.create(write('x', { v: 1 }));
    await evictDurableObject(stub);
    const after = await storage.create(write('y', { v: 1 }));
    expect(after.resourceVersion).toBeGreaterThan(before.resourceVersion);
    expect((await storage.get('x', { match: 'latest' })).resourceVersion).toBe(before.resourceVersion);
  });

  it('commits a write while the socket of a refused watch is still closing, and answers it', async () => {
    const shard = freshShard();
    const storage = storageOf(shard);
    const first = await storage.create(write('ns/a', { v: 1 }));
    const second = await storage.update(write('ns/a', { v: 2 }), first.resourceVersion);
    await runInDurableObject(shard.stub, (instance: StorageShard) => instance.compact(second.resourceVersion));
    const subscription: HubSubscription = { prefix: 'ns/', start: { from: 'resourceVersion', resourceVersion: first.resourceVersion } };
    // In one turn of the Durable Object: the watch is refused (410; its socket closed by the shard), then a write commits.
    const reply = await runInDurableObject(shard.stub, async (instance: StorageShard) => {
      const response = await instance.fetch(new Request('https://storage-shard/watch', { headers: { upgrade: 'websocket', [subscriptionHeader]: JSON.stringify(subscription) } }));
      response.webSocket!.accept();
      return instance.create(write('ns/b', { v: 1 }));
    });
    expect(reply).toMatchObject({ ok: true, value: { key: 'ns/b' } });
  });
});
