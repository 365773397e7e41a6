/**
 * What workerd supports of the platform's point-in-time recovery of SQLite-backed Durable Objects
 * (docs/backups.md): the bookmark API on a storage shard's storage, as run locally.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storageShardStub } from '../../src/server/assembly/backend.js';

describe('point-in-time recovery in workerd', () => {
  // When workerd implements it, this fails: then restoring a tenant to a time can be built and tested here.
  it('has the bookmark API, but no history locally: a zero bookmark now, and no bookmark for a past time', async () => {
    const stub = storageShardStub(env as any, { cluster: 'default', group: '', resource: 'configmaps' });
    const outcome = await runInDurableObject(stub, async (_instance, state) => {
      const storage = state.storage as any;
      const attempt = async (call: () => Promise<unknown>) => {
        try {
          return { value: String(await call()) };
        } catch (error) {
          return { error: String((error as Error).message) };
        }
      };
      const now = await attempt(() => storage.getCurrentBookmark());
      const atTime = await attempt(() => storage.getBookmarkForTime(Date.now() - 1000));
      return { now, atTime, restore: typeof storage.onNextSessionRestoreBookmark };
    });
    expect(outcome).toEqual({
      now: { value: '00000000-00000000-00000000-00000000000000000000000000000000' },
      atTime: { error: "This Durable Object's storage back-end does not implement point-in-time recovery." },
      restore: 'function',
    });
  });
});
