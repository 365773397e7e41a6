/**
 * Moving a resource type's objects from one shard layout to another (the documented `npm run
 * reshard` command), a bounded batch per call so that no invocation outgrows its limits:
 *   1. the first batch picks the snapshot T (the newest version of the old layout) and moves
 *      every new shard's clock past T, so the copies get versions above every old one;
 *   2. each batch copies the next objects of the old layout's snapshot at T, by key, into the
 *      shards that own them in the new layout (a key already there is skipped: a batch that is
 *      run again copies nothing twice);
 *   3. the last batch sets the new shards' history floor after the copies, so a watch or a
 *      continue token from before the move answers 410 Expired and the client lists again;
 *   4. once the new layout serves (SHARDED_TYPES changed and deployed), `erase` empties the old
 *      layout's shards.
 * Writes to the type must stop while it runs (the copy reads one snapshot).
 */
import type { ObjectWrite } from '../../durable/protocol.js';
import { isStorageError } from '../errors.js';
import type { ShardStorage, StoredObject } from '../types.js';
import { mergedList } from './merged-list.js';
import { ShardedStorage } from './sharded-storage.js';
import type { ShardMap } from './shard-map.js';

export interface ReshardStep {
  /** The old layout's snapshot the copy reads (absent on the first call). */
  at?: number;
  /** The last key copied (absent on the first call). */
  after?: string;
}

export interface ReshardProgress {
  at: number;
  after?: string;
  copied: number;
  skipped: number;
  done: boolean;
}

/** What a copied object stores beside its document (its selector columns), from the object. */
export type Columns = (stored: StoredObject) => Pick<ObjectWrite, 'labels' | 'fields'>;

const batchSize = 200;

/** A layout of a type and the storage of each of its shards, in index order. */
export interface LaidOut {
  map: ShardMap;
  shards: ShardStorage[];
}

/** Copies the next batch of a type from its shards laid out as `from` to those laid out as `to`. */
export async function reshardBatch(from: LaidOut, to: LaidOut, step: ReshardStep, columns: Columns): Promise<ReshardProgress> {
  const old = from.shards;
  const next = to.shards;
  const target = new ShardedStorage(to.map, (index) => next[index]!, { value: 0 });
  const at = step.at ?? Math.max(...(await Promise.all(old.map((shard) => shard.advanceClock(0)))));
  if (step.at === undefined) await Promise.all(next.map((shard) => shard.advanceClock(at)));
  const page = await mergedList(old, { prefix: '', version: { match: 'exact', resourceVersion: at }, limit: batchSize, ...(step.after ? { afterKey: step.after } : {}) });
  const progress: ReshardProgress = { at, copied: 0, skipped: 0, done: page.continueAfterKey === undefined };
  for await (const item of page.items) {
    progress.after = item.key;
    try {
      await target.create({ key: item.key, value: item.value, ...columns(item), after: at });
      progress.copied += 1;
    } catch (error) {
      if (!isStorageError(error, 'KeyExists')) throw error;
      progress.skipped += 1;
    }
  }
  if (progress.done) await Promise.all(next.map(async (shard) => shard.compactTo(await shard.advanceClock(0))));
  return progress;
}

/** Empties every shard of a layout (the old one, once the new one serves). */
export async function eraseLayout(layout: LaidOut): Promise<number> {
  await Promise.all(layout.shards.map((shard) => shard.erase()));
  return layout.shards.length;
}
