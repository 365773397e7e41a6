import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StorageShard } from '../../src/durable/storage-shard.js';
import { ShardClient } from '../../src/storage/shard-client.js';
import { StorageError } from '../../src/storage/errors.js';
import type { ObjectWrite, Storage } from '../../src/storage/types.js';
import { storageConformance } from '../storage-conformance.js';
import { storageWatchConformance } from '../storage-watch-conformance.js';

let shard = 0;
function freshStub() {
  const namespace = env.STORAGE_SHARDS;
  return namespace.get(namespace.idFromName(`test/${Date.now()}/${shard++}`));
}

storageConformance('ShardClient (StorageShard in workerd)', () => new ShardClient(freshStub()));
storageWatchConformance('ShardClient (StorageShard in workerd)', () => new ShardClient(freshStub()));

function write(key: string, value: object, labels: Record<string, string> = {}): ObjectWrite {
  return { key, value: JSON.stringify(value), labels, fields: { 'metadata.name': key.split('/').pop()! } };
}

describe('StorageShard history window', () => {
  it('answers Expired for reads older than the compaction watermark, and keeps newer ones', async () => {
    const stub = freshStub();
    const storage: Storage = new ShardClient(stub);
    const first = await storage.create(write('ns/a', { v: 1 }));
    const second = await storage.update(write('ns/a', { v: 2 }), first.resourceVersion);
    await storage.update(write('ns/a', { v: 3 }), second.resourceVersion);
    const removed = await runInDurableObject(stub, (instance: StorageShard) => instance.compact(second.resourceVersion));
    expect(removed).toBe(1);
    const expired = storage.list({ prefix: 'ns/', version: { match: 'exact', resourceVersion: first.resourceVersion } });
    await expect(expired).rejects.toThrowError(StorageError);
    await expect(expired).rejects.toMatchObject({ failure: { code: 'Expired' } });
    const atSecond = await storage.list({ prefix: 'ns/', version: { match: 'exact', resourceVersion: second.resourceVersion } });
    expect(atSecond.items.map((item) => item.value)).toEqual(['{"v":2}']);
  });

  it('keeps resourceVersions increasing after the Durable Object is evicted', async () => {
    const { evictDurableObject } = await import('cloudflare:test');
    const stub = freshStub();
    const storage = new ShardClient(stub);
    const before = await storage.create(write('x', { v: 1 }));
    await evictDurableObject(stub);
    const after = await storage.create(write('y', { v: 1 }));
    expect(after.resourceVersion).toBeGreaterThan(before.resourceVersion);
    expect((await storage.get('x', { match: 'latest' })).resourceVersion).toBe(before.resourceVersion);
  });
});
