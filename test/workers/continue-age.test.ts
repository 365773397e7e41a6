/**
 * A continue token expires with time even when its collection was never written again
 * (src/registry/continue-age.ts), as kube-apiserver's do: it compacts etcd every five minutes
 * whatever the cluster writes. The upstream conformance spec "Servers with support for API
 * chunking should support continue listing from the last key if the original version has been
 * compacted away, though the list is inconsistent" lists 400 PodTemplates by pages, writes nothing
 * more, waits for the token to answer 410 Expired with an inconsistent continue token, and wants
 * the page that token gives to have another resourceVersion than the first page, and the pages
 * after it that one. Here the token's version is made older than the history window (300 s in
 * these tests) instead of waiting for it. And a token lives that long after its list, however
 * long ago its collection was written: the first page reads a fresh snapshot.
 */
import { describe, expect, it } from 'vitest';
import { withFreshSnapshot } from '../../src/registry/continue-age.js';
import { ShardMap } from '../../src/storage/sharding/shard-map.js';
import type { ObjectWrite } from '../../src/storage/types.js';
import { api, configMap, freshNamespace } from './api-client.js';
import { shardStorage, shardedStorage } from './shard-storage.js';

/** The token with its resourceVersion `ageSeconds` in the past. */
function aged(token: string, ageSeconds: number): string {
  const fields = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/')));
  fields.rv = (Date.now() - ageSeconds * 1000) * 1000;
  return btoa(JSON.stringify(fields)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('continue tokens of an idle collection', () => {
  it('expire past the history window, and the inconsistent continuation reads a newer resourceVersion', async () => {
    const base = `/api/v1/namespaces/${await freshNamespace('idle')}/configmaps`;
    for (const name of ['a', 'b', 'c', 'd']) expect((await api('POST', base, { body: configMap(name) })).status).toBe(201);
    const first = (await api('GET', `${base}?limit=1`)).json;
    const young = await api('GET', `${base}?limit=1&continue=${first.metadata.continue}`);
    expect(young.json.items.map((item: any) => item.metadata.name)).toEqual(['b']);

    const expired = await api('GET', `${base}?limit=1&continue=${aged(first.metadata.continue, 310)}`);
    expect(expired.json).toMatchObject({ code: 410, reason: 'Expired', message: expect.stringMatching(/^The provided continue parameter is too old/) });
    const inconsistent = (await api('GET', `${base}?limit=2&continue=${expired.json.metadata.continue}`)).json;
    expect(inconsistent.items.map((item: any) => item.metadata.name)).toEqual(['b', 'c']);
    expect(Number(inconsistent.metadata.resourceVersion)).toBeGreaterThan(Number(first.metadata.resourceVersion));
    const rest = (await api('GET', `${base}?limit=2&continue=${inconsistent.metadata.continue}`)).json;
    expect(rest.items.map((item: any) => item.metadata.name)).toEqual(['d']);
    expect(rest.metadata.resourceVersion).toBe(inconsistent.metadata.resourceVersion);
  });
});

describe('the first page of a paged list', () => {
  const write = (key: string) => ({ key, value: JSON.stringify({ key }), labels: {}, fields: { 'metadata.name': key.split('/').pop()! } });
  const page = { prefix: 'ns/', version: { match: 'latest' as const }, limit: 1 };
  const quietGapMillis = 300;

  async function written(storage: { create(write: ObjectWrite): Promise<{ resourceVersion: number }> }): Promise<number> {
    await storage.create(write('ns/a'));
    const last = (await storage.create(write('ns/b'))).resourceVersion;
    await new Promise((resolve) => setTimeout(resolve, quietGapMillis));
    return last;
  }

  // A token's age is its resourceVersion's (continueTooOld): were that the collection's last
  // write, a list of a collection written more than the window ago would expire at its second page.
  it('of a collection quiet longer than it asks for reads at the present, on one shard', async () => {
    const storage = shardStorage({ cluster: 'test', group: `fresh${Date.now()}`, resource: 'quiet' });
    const last = await written(storage);
    expect((await storage.list(page)).resourceVersion).toBe(last);
    const fresh = await storage.list({ ...page, freshWithin: 100_000 });
    expect(fresh.resourceVersion).toBeGreaterThanOrEqual(last + quietGapMillis * 1000);
    expect((await storage.list({ ...page, version: { match: 'exact', resourceVersion: fresh.resourceVersion } })).continueAfterKey).toBe('ns/a');
    expect((await storage.list({ ...page, freshWithin: 10_000_000 })).resourceVersion).toBe(fresh.resourceVersion);
  });

  it('that ends the list (nothing to continue) reads the snapshot as it is: no clock write', async () => {
    const storage = shardStorage({ cluster: 'test', group: `fresh${Date.now()}`, resource: 'single' });
    const last = await written(storage);
    expect((await storage.list({ ...page, limit: 10, freshWithin: 100_000 })).resourceVersion).toBe(last);
    expect((await storage.list({ ...page, freshWithin: 100_000 })).resourceVersion).toBeGreaterThanOrEqual(last + quietGapMillis * 1000);
  });

  it('of a collection quiet longer than it asks for reads at the present, across shards', async () => {
    const { storage } = shardedStorage(new ShardMap({ cluster: 'test', group: `fresh${Date.now()}`, resource: 'sharded' }, { count: 3, key: 'name' }));
    const last = await written(storage);
    expect((await storage.list(page)).resourceVersion).toBe(last);
    expect((await storage.list({ ...page, freshWithin: 100_000 })).resourceVersion).toBeGreaterThanOrEqual(last + quietGapMillis * 1000);
  });

  // An informer lists, then watches from the list's resourceVersion: a fresh snapshot's is past the
  // watch cache's position until the shard's progress message arrives, and the watch waits for it.
  it('leaves a watch from the fresh snapshot possible, and it hears the next write', async () => {
    const storage = shardStorage({ cluster: 'test', group: `fresh${Date.now()}`, resource: 'watched' });
    const events: string[] = [];
    const listener = (into: string[]) => ({ event: (type: string, object: { key: string }) => void into.push(`${type} ${object.key}`), progress: () => {}, ended: () => void into.push('ended') });
    const early = await storage.watch({ filter: { prefix: 'ns/' }, start: { from: 'now' } }, listener([]));
    await written(storage);
    const fresh = await storage.list({ ...page, freshWithin: 100_000 });
    for await (const _ of fresh.items);
    const watcher = await storage.watch({ filter: { prefix: 'ns/' }, start: { from: 'resourceVersion', resourceVersion: fresh.resourceVersion } }, listener(events));
    await storage.create(write('ns/c'));
    for (let waited = 0; events.length === 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['ADDED ns/c']);
    watcher.stop();
    early.stop();
  });

  it('asks for a tenth of the history window, and only a first page of the newest state does', () => {
    const latest = { prefix: 'ns/', version: { match: 'latest' as const } };
    expect(withFreshSnapshot(latest, { limit: 500 }, 300).freshWithin).toBe(30_000_000);
    expect(withFreshSnapshot(latest, { limit: 0 }, 300).freshWithin).toBeUndefined();
    expect(withFreshSnapshot(latest, { limit: 500, continue: 'token' }, 300).freshWithin).toBeUndefined();
    expect(withFreshSnapshot({ ...latest, version: { match: 'exact', resourceVersion: 5 } }, { limit: 500 }, 300).freshWithin).toBeUndefined();
  });
});
