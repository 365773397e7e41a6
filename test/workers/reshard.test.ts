/**
 * Moving a type's objects to another shard layout (POST /edge-apiserver/v1/reshard, what `npm
 * run reshard` drives): every object once in the new layout with a version above every old one,
 * a watch from before the move answers Expired, a second run copies nothing twice, erase empties
 * the old layout; only cluster admins may do it.
 */
import { describe, expect, it } from 'vitest';
import { collectItems } from '../../src/storage/list-lines.js';
import { ShardMap } from '../../src/storage/sharding/shard-map.js';
import { api, configMap, freshNamespace } from './api-client.js';
import { shardedStorage } from './shard-storage.js';

const type = { cluster: 'default', group: '', resource: 'secrets' };
const newLayout = { count: 4, key: 'name' as const };

function layoutStorage() {
  const { storage, shards } = shardedStorage(new ShardMap(type, newLayout));
  return { storage, clients: shards };
}

async function reshard(body: Record<string, unknown>, as?: string) {
  return api('POST', '/edge-apiserver/v1/reshard', { body: { resource: 'secrets', from: '1', to: '4:name', ...body }, ...(as ? { as } : {}) });
}

describe('resharding', () => {
  it('copies every object once, above every old version, and hides the old history', { timeout: 60_000 }, async () => {
    const namespace = await freshNamespace('reshard');
    for (let index = 0; index < 250; index++) {
      const created = await api('POST', `/api/v1/namespaces/${namespace}/secrets`, { body: { ...configMap(`s${index}`), kind: 'Secret', data: undefined, stringData: { k: `${index}` } } });
      expect(created.status).toBe(201);
    }
    const old = await api('GET', '/api/v1/secrets');
    const oldVersion = Number(old.json.metadata.resourceVersion);
    let step: Record<string, unknown> = {};
    let copied = 0;
    for (;;) {
      const progress = await reshard(step);
      expect(progress.status, progress.text).toBe(200);
      copied += progress.json.copied;
      if (progress.json.done) break;
      step = { at: progress.json.at, after: progress.json.after };
    }
    expect(copied).toBe(old.json.items.length);
    const { storage } = layoutStorage();
    const moved = await collectItems((await storage.list({ prefix: '', version: { match: 'latest' } })).items);
    expect(moved.map((item) => item.key)).toEqual(old.json.items.map((item: any) => `${item.metadata.namespace}/${item.metadata.name}`));
    expect(moved.every((item) => item.resourceVersion > oldVersion)).toBe(true);
    await expect(storage.list({ prefix: '', version: { match: 'exact', resourceVersion: oldVersion } })).rejects.toMatchObject({ failure: { code: 'Expired' } });
    const again = await reshard({});
    expect(again.json).toMatchObject({ copied: 0, skipped: Math.min(200, old.json.items.length) });
    expect((await reshard({ erase: 'from' })).json).toEqual({ erased: 1 });
    expect((await api('GET', '/api/v1/secrets')).json.items).toEqual([]);
  });

  it('is for cluster admins only, and refuses a new key without a new count', async () => {
    expect((await reshard({}, 'alice')).status).toBe(403);
    const sameCount = await api('POST', '/edge-apiserver/v1/reshard', { body: { resource: 'secrets', from: '4:namespace', to: '4:name' } });
    expect(sameCount.status).toBe(422);
    expect((await api('POST', '/edge-apiserver/v1/reshard', { body: { resource: 'nothings', from: '1', to: '2' } })).status).toBe(400);
  });
});
