/**
 * The storage conformance suite: written once against the Storage interface and run against every
 * implementation (k8s.io/apiserver/pkg/storage/testing/store_tests.go in spirit). Each test gets
 * a fresh, empty storage from the factory.
 */
import { describe, expect, it } from 'vitest';
import type { StorageErrorCode } from '../src/storage/errors.js';
import type { ListRequest, ObjectWrite, Storage } from '../src/storage/types.js';
import { collectItems } from '../src/storage/list-lines.js';

/** A list with its items collected (the conformance suites compare whole lists). */
async function listAll(storage: Storage, request: ListRequest) {
  const result = await storage.list(request);
  return { ...result, items: await collectItems(result.items) };
}

function write(key: string, value: object, labels: Record<string, string> = {}, fields: Record<string, string> = {}): ObjectWrite {
  return { key, value: JSON.stringify(value), labels, fields: { 'metadata.name': key.split('/').pop()!, ...fields } };
}

async function failureCode(promise: Promise<unknown>): Promise<StorageErrorCode | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { failure?: { code: StorageErrorCode } }).failure?.code;
  }
}

const keysOf = async (storage: Storage, request: ListRequest) => (await listAll(storage, request)).items.map((item) => item.key);

export function storageConformance(name: string, makeStorage: () => Storage): void {
  describe(`storage conformance: ${name}`, () => {
    it('creates, reads back, and refuses a second create of the same key', async () => {
      const storage = makeStorage();
      const created = await storage.create(write('ns/a', { a: 1 }));
      expect(created.resourceVersion).toBeGreaterThan(0);
      expect(await storage.get('ns/a', { match: 'latest' })).toEqual(created);
      expect(await failureCode(storage.create(write('ns/a', { a: 2 })))).toBe('KeyExists');
      expect((await storage.get('ns/a', { match: 'latest' })).value).toBe('{"a":1}');
    });

    it('answers KeyNotFound for a missing key, on read, update and delete', async () => {
      const storage = makeStorage();
      expect(await failureCode(storage.get('ns/none', { match: 'latest' }))).toBe('KeyNotFound');
      expect(await failureCode(storage.update(write('ns/none', {}), 1))).toBe('KeyNotFound');
      expect(await failureCode(storage.delete('ns/none', 1))).toBe('KeyNotFound');
    });

    it('updates only from the current resourceVersion, returning the current object on conflict', async () => {
      const storage = makeStorage();
      const created = await storage.create(write('ns/a', { v: 1 }));
      const updated = await storage.update(write('ns/a', { v: 2 }), created.resourceVersion);
      expect(updated.resourceVersion).toBeGreaterThan(created.resourceVersion);
      await expect(storage.update(write('ns/a', { v: 3 }), created.resourceVersion)).rejects.toMatchObject({
        failure: { code: 'Conflict', current: updated },
      });
      expect((await storage.get('ns/a', { match: 'latest' })).value).toBe('{"v":2}');
    });

    it('deletes with the deletion resourceVersion and the last state, and allows a new create', async () => {
      const storage = makeStorage();
      const created = await storage.create(write('ns/a', { v: 1 }));
      expect(await failureCode(storage.delete('ns/a', created.resourceVersion - 1))).toBe('Conflict');
      const deleted = await storage.delete('ns/a', created.resourceVersion);
      expect(deleted.value).toBe('{"v":1}');
      expect(deleted.resourceVersion).toBeGreaterThan(created.resourceVersion);
      expect(await failureCode(storage.get('ns/a', { match: 'latest' }))).toBe('KeyNotFound');
      const again = await storage.create(write('ns/a', { v: 9 }));
      expect(again.resourceVersion).toBeGreaterThan(deleted.resourceVersion);
    });

    it('refuses creates under a closed definition, in every shard, and only those', async () => {
      const storage = makeStorage();
      const under = (key: string, definition: string): ObjectWrite => ({ ...write(key, { key }), definition });
      // Keys in several namespaces and names: a type of several shards spreads them over its shards.
      const keys = Array.from({ length: 8 }, (_, i) => `ns-${i}/w-${i}`);
      const before = await storage.create(under('ns-0/before', 'crd-1'));
      await storage.closeDefinition('crd-1');
      await storage.closeDefinition('crd-1');
      for (const key of keys) expect(await failureCode(storage.create(under(key, 'crd-1')))).toBe('Closed');
      // Another definition (a CRD made again under the same name) and writes of no definition create.
      for (const key of keys) await storage.create(under(key, 'crd-2'));
      await storage.create(write('ns-0/plain', {}));
      // What the closed definition made stays writable: its cleanup deletes it.
      const updated = await storage.update(write('ns-0/before', { v: 2 }), before.resourceVersion);
      await storage.delete('ns-0/before', updated.resourceVersion);
      expect(await keysOf(storage, { prefix: '', version: { match: 'latest' } })).toEqual(['ns-0/plain', ...keys].sort());
    });

    it('gives every write a strictly greater resourceVersion, and a failed write takes none', async () => {
      const storage = makeStorage();
      const versions: number[] = [];
      for (let i = 0; i < 20; i++) versions.push((await storage.create(write(`ns/o${i}`, { i }))).resourceVersion);
      const updated = await storage.update(write('ns/o0', { i: 'updated' }), versions[0]!);
      versions.push(updated.resourceVersion);
      const committed = updated.resourceVersion;
      const currentVersion = async () => (await listAll(storage, { prefix: '', version: { match: 'latest' } })).resourceVersion;
      expect(await currentVersion()).toBe(committed);
      // Each kind of refused write: a create of an existing key, a stale update, a stale or missing delete.
      expect(await failureCode(storage.create(write('ns/o1', {})))).toBe('KeyExists');
      expect(await failureCode(storage.update(write('ns/o0', { i: 'stale' }), versions[0]!))).toBe('Conflict');
      expect(await failureCode(storage.delete('ns/o2', versions[1]!))).toBe('Conflict');
      expect(await failureCode(storage.delete('ns/none', committed))).toBe('KeyNotFound');
      expect(await currentVersion()).toBe(committed);
      expect((await storage.get('ns/o0', { match: 'latest' })).value).toBe('{"i":"updated"}');
      const next = (await storage.create(write('ns/last', {}))).resourceVersion;
      versions.push(next);
      for (let i = 1; i < versions.length; i++) expect(versions[i]!, `write ${i} after write ${i - 1}`).toBeGreaterThan(versions[i - 1]!);
      expect(await currentVersion()).toBe(next);
      // Writes in flight together (likely within the same millisecond) still get distinct versions, above every earlier one.
      const concurrent = await Promise.all(Array.from({ length: 20 }, (_, i) => storage.create(write(`ns/c${i}`, { i }))));
      const sorted = concurrent.map((stored) => stored.resourceVersion).sort((a, b) => a - b);
      expect(new Set(sorted).size).toBe(20);
      expect(sorted[0]).toBeGreaterThan(next);
      expect(await currentVersion()).toBe(sorted[19]);
    });

    it('lists one namespace by key order without mixing in namespaces sharing its prefix', async () => {
      const storage = makeStorage();
      for (const key of ['a/x', 'a-b/y', 'a/c', 'ab/z', 'b/a']) await storage.create(write(key, {}));
      expect(await keysOf(storage, { prefix: 'a/', version: { match: 'latest' } })).toEqual(['a/c', 'a/x']);
      expect(await keysOf(storage, { prefix: '', version: { match: 'latest' } })).toEqual(['a-b/y', 'a/c', 'a/x', 'ab/z', 'b/a']);
    });

    it('pages with limit and continue, counting the remaining items', async () => {
      const storage = makeStorage();
      for (let i = 0; i < 7; i++) await storage.create(write(`ns/o${i}`, { i }));
      const first = await listAll(storage, { prefix: 'ns/', version: { match: 'latest' }, limit: 3 });
      expect(first.items.map((item) => item.key)).toEqual(['ns/o0', 'ns/o1', 'ns/o2']);
      expect(first).toMatchObject({ continueAfterKey: 'ns/o2', remainingItemCount: 4 });
      const exact = { match: 'exact', resourceVersion: first.resourceVersion } as const;
      const second = await listAll(storage, { prefix: 'ns/', version: exact, limit: 3, afterKey: first.continueAfterKey });
      expect(second.items.map((item) => item.key)).toEqual(['ns/o3', 'ns/o4', 'ns/o5']);
      const last = await listAll(storage, { prefix: 'ns/', version: exact, limit: 3, afterKey: second.continueAfterKey });
      expect(last.items.map((item) => item.key)).toEqual(['ns/o6']);
      expect(last.continueAfterKey).toBeUndefined();
      expect(last.remainingItemCount).toBeUndefined();
      const inclusive = await listAll(storage, { prefix: 'ns/', version: exact, limit: 2, startKey: 'ns/o5' });
      expect(inclusive.items.map((item) => item.key)).toEqual(['ns/o5', 'ns/o6']);
    });

    it('filters by label and field selectors in storage, without remainingItemCount', async () => {
      const storage = makeStorage();
      for (let i = 0; i < 6; i++) await storage.create(write(`ns/o${i}`, {}, { tier: i % 2 ? 'odd' : 'even' }, { 'status.phase': i < 3 ? 'Running' : 'Pending' }));
      const labelSelector = { requirements: [{ key: 'tier', operator: '=' as const, values: ['odd'] }] };
      expect(await keysOf(storage, { prefix: 'ns/', version: { match: 'latest' }, labelSelector })).toEqual(['ns/o1', 'ns/o3', 'ns/o5']);
      const fieldSelector = { requirements: [{ field: 'status.phase', operator: '!=' as const, value: 'Running' }] };
      const page = await listAll(storage, { prefix: 'ns/', version: { match: 'latest' }, labelSelector, fieldSelector, limit: 1 });
      expect(page.items.map((item) => item.key)).toEqual(['ns/o3']);
      expect(page.continueAfterKey).toBe('ns/o3');
      expect(page.remainingItemCount).toBeUndefined();
    });

    it('reads a consistent snapshot at a past resourceVersion: old values, deleted objects, no newer objects', async () => {
      const storage = makeStorage();
      const a = await storage.create(write('ns/a', { v: 1 }));
      const b = await storage.create(write('ns/b', { v: 1 }));
      const snapshot = b.resourceVersion;
      await storage.update(write('ns/a', { v: 2 }), a.resourceVersion);
      await storage.delete('ns/b', b.resourceVersion);
      await storage.create(write('ns/c', { v: 1 }));
      const past = await listAll(storage, { prefix: 'ns/', version: { match: 'exact', resourceVersion: snapshot } });
      expect(past.resourceVersion).toBe(snapshot);
      expect(past.items.map((item) => [item.key, item.value, item.resourceVersion])).toEqual([
        ['ns/a', '{"v":1}', a.resourceVersion],
        ['ns/b', '{"v":1}', b.resourceVersion],
      ]);
      expect(await keysOf(storage, { prefix: 'ns/', version: { match: 'latest' } })).toEqual(['ns/a', 'ns/c']);
    });

    it('refuses resourceVersions newer than anything committed', async () => {
      const storage = makeStorage();
      const created = await storage.create(write('ns/a', {}));
      const tooLarge = { match: 'notOlderThan', resourceVersion: created.resourceVersion + 1_000_000 } as const;
      await expect(listAll(storage, { prefix: 'ns/', version: tooLarge })).rejects.toMatchObject({
        failure: { code: 'TooLargeResourceVersion', currentResourceVersion: created.resourceVersion },
      });
      await expect(storage.get('ns/a', tooLarge)).rejects.toMatchObject({ failure: { code: 'TooLargeResourceVersion' } });
      const notOlder = await listAll(storage, { prefix: 'ns/', version: { match: 'notOlderThan', resourceVersion: created.resourceVersion } });
      expect(notOlder.items).toHaveLength(1);
    });
  });
}
