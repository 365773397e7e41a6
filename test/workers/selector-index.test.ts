/**
 * The selector index of a storage shard (src/durable/selector-terms.ts, list-source.ts) against a
 * model of the shard's history kept by the test: after a seeded run of creates, label and field
 * changes, deletions and re-creations, every list (newest and at past snapshots, whole and in
 * pages, index-driven and scanned) answers what the model held at that resourceVersion. The
 * index is shown to drive (the row source names its term), to be rebuilt for a shard persisted
 * without it, to bound a page's walk, and to shrink with compaction.
 */
import { env } from 'cloudflare:workers';
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { StorageShard } from '../../src/durable/storage-shard.js';
import { type Columns, type Query, rangeOf, rowSource, scanQuery, termQuery } from '../../src/durable/list-source.js';
import { maxRejectedRows } from '../../src/durable/list.js';
import { storageShardStub } from '../../src/server/assembly/backend.js';
import { collectItems } from '../../src/storage/list-lines.js';
import { matchesLabels } from '../../src/apimachinery/selectors/labels.js';
import { parseLabelSelector } from '../../src/apimachinery/selectors/label-parser.js';
import { matchesFields, parseFieldSelector } from '../../src/apimachinery/selectors/fields.js';
import type { ListRequest, ObjectWrite, ReadVersion } from '../../src/storage/types.js';
import type { CachedStorage } from '../../src/storage/cacher/cached-storage.js';
import { shardStorage } from './shard-storage.js';

let shards = 0;
function freshShard() {
  const address = { cluster: 'test', group: `index${Date.now()}`, resource: `r${shards++}` };
  const stub = storageShardStub(env, address);
  return { stub, storage: shardStorage(address) };
}

interface ModelObject {
  labels: Record<string, string>;
  fields: Record<string, string>;
  resourceVersion: number;
}

function writeOf(key: string, object: Omit<ModelObject, 'resourceVersion'>): ObjectWrite {
  return { key, value: JSON.stringify({ key, labels: object.labels }), labels: object.labels, fields: object.fields };
}

/** A small deterministic PRNG (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `steps` random writes; returns the model's state after each write, by resourceVersion. */
async function randomHistory(storage: CachedStorage, steps: number, seed: number): Promise<Map<number, Map<string, ModelObject>>> {
  const next = random(seed);
  const pick = <T>(values: T[]) => values[Math.floor(next() * values.length)]!;
  const state = new Map<string, ModelObject>();
  const history = new Map<number, Map<string, ModelObject>>();
  for (let step = 0; step < steps; step++) {
    const key = `${pick(['ns1', 'ns2'])}/o${Math.floor(next() * 12)}`;
    const labels: Record<string, string> = { app: pick(['web', 'db', 'cache']) };
    if (next() < 0.5) labels.tier = pick(['front', 'back']);
    const fields = { 'metadata.name': key.split('/')[1]!, 'metadata.namespace': key.split('/')[0]!, 'spec.nodeName': pick(['', 'n1', 'n2']) };
    const existing = state.get(key);
    if (existing && next() < 0.25) {
      const deleted = await storage.delete(key, existing.resourceVersion);
      state.delete(key);
      history.set(deleted.resourceVersion, new Map(state));
      continue;
    }
    // Some updates keep labels and fields (the index must not change), most change them.
    const target = existing && next() < 0.3 ? { labels: existing.labels, fields: existing.fields } : { labels, fields };
    const written = existing
      ? await storage.update(writeOf(key, target), existing.resourceVersion)
      : await storage.create(writeOf(key, target));
    state.set(key, { ...target, resourceVersion: written.resourceVersion });
    history.set(written.resourceVersion, new Map(state));
  }
  return history;
}

const selectors: { label?: string; field?: string; term: string | null }[] = [
  { label: 'app=web', term: 'l:app=web' },
  { label: 'app in (db)', term: 'l:app=db' },
  { label: 'app in (db,web)', term: null },
  { label: 'app!=web', term: null },
  { label: 'tier', term: null },
  { label: 'app=cache,tier=back', term: 'either' },
  { field: 'spec.nodeName=n1', term: 'f:spec.nodeName=n1' },
  { label: 'tier=front', field: 'spec.nodeName=n2', term: 'either' },
  { field: 'spec.nodeName=', term: null },
  { field: 'spec.nodeName!=n1', term: null },
  { field: 'metadata.namespace=ns2', term: null },
  { field: 'metadata.name=o3', term: null },
  { label: 'app=web', field: 'metadata.namespace=ns1,metadata.name=o5', term: 'l:app=web' },
];

function requestOf(selector: (typeof selectors)[number], prefix: string, version: ReadVersion, limit?: number): ListRequest {
  const request: ListRequest = { prefix, version };
  if (selector.label) request.labelSelector = parseLabelSelector(selector.label);
  if (selector.field) request.fieldSelector = parseFieldSelector(selector.field);
  if (limit) request.limit = limit;
  return request;
}

/** What the model says a list answers: keys and resourceVersions, in key order. */
function expected(state: Map<string, ModelObject>, request: ListRequest): [string, number][] {
  return [...state.entries()]
    .filter(([key]) => key.startsWith(request.prefix))
    .filter(([, object]) => !request.labelSelector || matchesLabels(request.labelSelector, object.labels))
    .filter(([, object]) => !request.fieldSelector || matchesFields(request.fieldSelector, object.fields))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, object]) => [key, object.resourceVersion]);
}

/** Every item of a list, following continue tokens at the first page's snapshot. */
async function listPaged(storage: CachedStorage, request: ListRequest): Promise<[string, number][]> {
  const items: [string, number][] = [];
  let page = await storage.list(request);
  const at = page.resourceVersion;
  for (;;) {
    for (const item of await collectItems(page.items)) items.push([item.key, item.resourceVersion]);
    if (page.continueAfterKey === undefined) return items;
    page = await storage.list({ ...request, version: { match: 'exact', resourceVersion: at }, afterKey: page.continueAfterKey });
  }
}

async function listWhole(storage: CachedStorage, request: ListRequest): Promise<[string, number][]> {
  const result = await storage.list(request);
  return (await collectItems(result.items)).map((item) => [item.key, item.resourceVersion]);
}

describe('selector index', () => {
  it('drives lists by the most selective indexed requirement, and scans only where none applies', async () => {
    const { stub, storage } = freshShard();
    for (let i = 0; i < 20; i++) {
      await storage.create(writeOf(`ns1/o${i}`, { labels: { app: 'web', ...(i < 3 ? { rare: 'yes' } : {}) }, fields: { 'spec.nodeName': i < 2 ? 'n1' : 'n2' } }));
    }
    const terms = await runInDurableObject(stub, (instance: StorageShard, state) => selectors.map((selector) => {
      const request = requestOf(selector, 'ns1/', { match: 'latest' });
      return rowSource(state.storage.sql, request, rangeOf(request), { at: instance.currentResourceVersion(), isNewest: () => true }).term;
    }));
    selectors.forEach((selector, index) => {
      if (selector.term !== 'either') expect([selector.label, selector.field, terms[index]]).toEqual([selector.label, selector.field, selector.term]);
      else expect(terms[index]).not.toBeNull();
    });
    const chosen = await runInDurableObject(stub, (instance: StorageShard, state) => {
      const request = requestOf({ label: 'app=web,rare=yes', field: 'spec.nodeName=n2', term: null }, 'ns1/', { match: 'latest' });
      return rowSource(state.storage.sql, request, rangeOf(request), { at: instance.currentResourceVersion(), isNewest: () => true }).term;
    });
    expect(chosen).toBe('l:rare=yes');
  });

  it('reads through the index it means to: live terms at the newest version, intervals and the key index at a past one', async () => {
    const { stub, storage } = freshShard();
    await storage.create(writeOf('ns/a', { labels: { app: 'web' }, fields: {} }));
    const range = { start: 'ns/', after: null, end: 'ns0' };
    const plan = (query: Query) => runInDurableObject(stub, (_instance, state) =>
      state.storage.sql.exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`, ...query.params).toArray().map((row) => row.detail).join('; '));
    const columns: Columns[] = ['keys', 'all'];
    for (const column of columns) {
      expect(await plan(termQuery('l:app=web', true, 0, range, 10, column)), column).toMatch(/USING (COVERING )?INDEX selector_terms_live \(term=\? AND key>\? AND key<\?\)/);
      expect(await plan(termQuery('l:app=web', false, 1, range, 10, column)), column).toMatch(/SEARCH t USING PRIMARY KEY \(term=\? AND key>\? AND key<\?\)/);
    }
    expect(await plan(termQuery('l:app=web', true, 0, range, 10, 'all'))).toContain('USING INDEX revisions_newest (key=?)');
    expect(await plan(termQuery('l:app=web', false, 1, range, 10, 'all'))).toMatch(/revisions_by_key \(key=\? AND rv<\?\)/);
    expect(await plan(scanQuery(true, 0, range, 10, 'all'))).toContain('USING INDEX revisions_newest (key>? AND key<?)');
  });

  it('answers as the model at every snapshot: label and field changes, deletions, re-creations, pages', async () => {
    const { storage } = freshShard();
    const history = await randomHistory(storage, 160, 17);
    const versions = [...history.keys()];
    const sampled = versions.filter((_, index) => index % 8 === 7 || index === versions.length - 1);
    for (const at of sampled) {
      const version: ReadVersion = at === versions.at(-1) ? { match: 'latest' } : { match: 'exact', resourceVersion: at };
      for (const selector of selectors) {
        for (const prefix of selector.field?.includes('metadata.name=o3') ? ['ns1/', ''] : ['', 'ns1/']) {
          const want = expected(history.get(at)!, requestOf(selector, prefix, version));
          const label = `${JSON.stringify(selector)} in '${prefix}' at ${at}`;
          expect(await listWhole(storage, requestOf(selector, prefix, version)), label).toEqual(want);
          expect(await listPaged(storage, requestOf(selector, prefix, version, 2)), `${label}, pages of 2`).toEqual(want);
        }
      }
    }
  }, 120_000);

  it('follows one key in and out of a selection at past snapshots', async () => {
    const { storage } = freshShard();
    const fields = { 'spec.nodeName': 'n1' };
    const steps = [
      await storage.create(writeOf('ns/a', { labels: { app: 'web' }, fields })),
    ];
    steps.push(await storage.update(writeOf('ns/a', { labels: { app: 'db' }, fields }), steps[0]!.resourceVersion));
    steps.push(await storage.update(writeOf('ns/a', { labels: { app: 'web' }, fields: {} }), steps[1]!.resourceVersion));
    steps.push(await storage.delete('ns/a', steps[2]!.resourceVersion));
    steps.push(await storage.create(writeOf('ns/a', { labels: { app: 'web' }, fields })));
    const at = (index: number, label?: string, field?: string) =>
      listWhole(storage, requestOf({ label, field, term: null }, 'ns/', { match: 'exact', resourceVersion: steps[index]!.resourceVersion }));
    const a = (index: number) => [['ns/a', steps[index]!.resourceVersion]];
    expect([await at(0, 'app=web'), await at(1, 'app=web'), await at(2, 'app=web'), await at(3, 'app=web'), await at(4, 'app=web')])
      .toEqual([a(0), [], a(2), [], a(4)]);
    expect([await at(0, 'app=db'), await at(1, 'app=db'), await at(2, 'app=db')]).toEqual([[], a(1), []]);
    expect([await at(1, undefined, 'spec.nodeName=n1'), await at(2, undefined, 'spec.nodeName=n1'), await at(4, undefined, 'spec.nodeName=n1')])
      .toEqual([a(1), [], a(4)]);
  });

  it('is rebuilt from the revisions for a shard persisted without it, with the same answers', async () => {
    const { stub, storage } = freshShard();
    const history = await randomHistory(storage, 80, 5);
    const versions = [...history.keys()];
    const before = await runInDurableObject(stub, (_instance, state) => state.storage.sql.exec('SELECT count(*) AS n FROM selector_terms').one().n);
    expect(before).toBeGreaterThan(0);
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec('DELETE FROM selector_terms');
      state.storage.sql.exec('DELETE FROM index_versions');
    });
    await evictDurableObject(stub);
    for (const at of [versions[20]!, versions[50]!, versions.at(-1)!]) {
      for (const selector of selectors) {
        const request = requestOf(selector, '', { match: 'exact', resourceVersion: at });
        expect(await listPaged(storage, { ...request, limit: 3 }), JSON.stringify(selector)).toEqual(expected(history.get(at)!, request));
      }
    }
  }, 60_000);

  it('ends a page short, with a continue token, after passing over many rows that fail the selectors', async () => {
    const { stub, storage } = freshShard();
    const total = maxRejectedRows * 2 + 10;
    await runInDurableObject(stub, (instance: StorageShard) => {
      for (let i = 0; i < total; i++) {
        const key = `ns/o${String(i).padStart(6, '0')}`;
        instance.create(writeOf(key, { labels: { app: i % 1000 === 999 ? 'rare' : 'common' }, fields: {} }));
      }
    });
    const request = requestOf({ label: 'app!=common', term: null }, 'ns/', { match: 'latest' }, 5);
    const first = await storage.list(request);
    expect((await collectItems(first.items)).map((item) => item.key)).toEqual(['ns/o000999', 'ns/o001999', 'ns/o002999', 'ns/o003999']);
    expect(first.continueAfterKey).toBe(`ns/o${String(maxRejectedRows + 3).padStart(6, '0')}`);
    expect((await listPaged(storage, request)).map(([key]) => key)).toEqual(
      Array.from({ length: Math.floor(total / 1000) }, (_, i) => `ns/o${String(i * 1000 + 999).padStart(6, '0')}`),
    );
    expect((await listWhole(storage, { ...request, limit: undefined })).length).toBe(Math.floor(total / 1000));
  }, 60_000);

  it('drops the intervals compaction no longer needs, and keeps the ones reads at or after the watermark see', async () => {
    const { stub, storage } = freshShard();
    const created = await storage.create(writeOf('ns/a', { labels: { app: 'web' }, fields: {} }));
    const relabeled = await storage.update(writeOf('ns/a', { labels: { app: 'db' }, fields: {} }), created.resourceVersion);
    const terms = () => runInDurableObject(stub, (_instance, state) =>
      state.storage.sql.exec<{ term: string; to_rv: number | null }>('SELECT term, to_rv FROM selector_terms ORDER BY term').toArray().map((row) => [row.term, row.to_rv]));
    expect(await terms()).toEqual([['l:app=db', null], ['l:app=web', relabeled.resourceVersion]]);
    await runInDurableObject(stub, (instance: StorageShard) => instance.compact(relabeled.resourceVersion - 1));
    expect(await terms()).toEqual([['l:app=db', null], ['l:app=web', relabeled.resourceVersion]]);
    await runInDurableObject(stub, (instance: StorageShard) => instance.compact(relabeled.resourceVersion));
    expect(await terms()).toEqual([['l:app=db', null]]);
  });
});
