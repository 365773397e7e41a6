/**
 * The shard's history watermark never passes a resourceVersion no change follows before it
 * (issue 35): a list on a quiet type answers the type's last write's resourceVersion, which may
 * be older than the history window; a watch from it must still start, since no change after it
 * was compacted. In the conformance spec '[sig-network] Services should complete a service status
 * lifecycle' edge once answered such a watch 410 `too old resource version: X (Y)`, Y 70 s after X,
 * 0.1 s after the list (kube-apiserver never expires a list's own resourceVersion that soon).
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { expect, it } from 'vitest';
import type { StorageShard } from '../../src/durable/storage-shard.js';
import { storageShardStub } from '../../src/server/assembly/backend.js';
import type { ObjectWrite } from '../../src/storage/types.js';
import { shardStorage } from './shard-storage.js';

const write = (key: string, value: object): ObjectWrite => ({ key, value: JSON.stringify(value), labels: {}, fields: { 'metadata.name': key.split('/').pop()! } });

it('keeps a watch from the last write before a quiet gap possible when the window passes the gap', async () => {
  const address = { cluster: 'test', group: `w${Date.now()}`, resource: 'quiet' };
  const stub = storageShardStub(env, address);
  const storage = shardStorage(address);
  const listed = (await storage.create(write('ns/a', { v: 1 }))).resourceVersion;
  // The gap is wide because the window's edge, set in its middle here, moves on with the clock
  // until the update below compacts: once past `first` (half the gap later), the watermark is
  // `first` and the watch from `listed` rightly expires. With a 50 ms gap, a full run on a loaded
  // machine (load 6-8) once took that long (410, oldest resourceVersion `first`, 74 ms after `listed`).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const first = (await storage.create(write('ns/b', { v: 1 }))).resourceVersion;
  // A window whose edge falls in the quiet gap between the two writes.
  const window = (Date.now() * 1000 - (listed + first) / 2) / 1e6;
  await runInDurableObject(stub, (instance: StorageShard) => {
    const shard = instance as unknown as { environment: object };
    shard.environment = { ...shard.environment, historyWindowSeconds: () => window };
  });
  const second = (await storage.update(write('ns/b', { v: 2 }), first)).resourceVersion;
  const reply = await runInDurableObject(stub, (instance: StorageShard) => instance.changes('ns/', listed, second));
  expect(reply.ok, JSON.stringify(reply)).toBe(true);
});
