/**
 * A list across the shards of a type, from one snapshot: the version T is the newest any shard
 * has committed (or the one asked for); every shard moves its clock past T (no later write gets
 * a version at or below it) and is read at T; the shards' key-ordered streams are merged by key,
 * which is kube's order. A page is planned on keys first (each shard's first `limit` keys), so
 * the page's end, continue token and remainingItemCount are known before any document moves,
 * then its documents stream from the shards that hold them.
 */
import { freshClock } from '../../durable/clock.js';
import type { ListRequest } from '../../durable/protocol.js';
import { StorageError } from '../errors.js';
import type { ListResult, ReadVersion, ShardStorage, StoredObject } from '../types.js';

/**
 * The snapshot version of a read across `shards`: exact versions as asked (if some shard reached
 * them), otherwise the newest version any shard committed, at least the one asked for (the
 * present, for the newest state asked no older than `freshWithin` µs: ListRequest.freshWithin).
 */
export async function snapshotAcross(shards: ShardStorage[], version: ReadVersion, key: string, freshWithin?: number): Promise<number> {
  // A type no shard has written yet has the time as its version, as a type of one shard has.
  const newest = Math.max(...(await Promise.all(shards.map((shard) => shard.advanceClock(0))))) || Date.now() * 1000;
  const requested = version.match === 'latest' ? 0 : version.resourceVersion;
  if (requested > newest) {
    throw new StorageError({ code: 'TooLargeResourceVersion', key, requestedResourceVersion: requested, currentResourceVersion: newest });
  }
  if (version.match === 'exact') return requested;
  return version.match === 'latest' ? Math.max(newest, freshClock(newest, freshWithin)) : newest;
}

/** Lists `request` across `shards`. */
export async function mergedList(shards: ShardStorage[], request: ListRequest): Promise<ListResult> {
  const at = await snapshotAcross(shards, request.version, request.prefix, request.freshWithin);
  const atSnapshot: ListRequest = { ...request, version: { match: 'exact', resourceVersion: at }, advanceClockTo: at };
  if (!request.limit || request.limit <= 0) return streamAll(shards, atSnapshot, { resourceVersion: at });
  const plans = await Promise.all(shards.map((shard) => shard.listKeys(atSnapshot)));
  const page = plans.flatMap((plan) => plan.keys).sort(compareKeys).slice(0, request.limit);
  const lastKey = page[page.length - 1];
  const unconsumed = plans.reduce((sum, plan) => sum + plan.keys.filter((key) => lastKey !== undefined && key > lastKey).length, 0);
  const more = unconsumed > 0 || plans.some((plan) => plan.continueAfterKey !== undefined);
  if (!more || lastKey === undefined) return streamAll(shards, { ...atSnapshot, limit: 0 }, { resourceVersion: at });
  const header: Omit<ListResult, 'items'> = { resourceVersion: at, continueAfterKey: lastKey };
  if (plans.every((plan) => plan.continueAfterKey === undefined || plan.remainingItemCount !== undefined) && !hasSelectors(request)) {
    header.remainingItemCount = unconsumed + plans.reduce((sum, plan) => sum + (plan.remainingItemCount ?? 0), 0);
  }
  return streamAll(shards, { ...atSnapshot, limit: 0, endKey: lastKey }, header);
}

async function streamAll(shards: ShardStorage[], request: ListRequest, header: Omit<ListResult, 'items'>): Promise<ListResult> {
  const lists = await Promise.all(shards.map((shard) => shard.list(request)));
  return { ...header, items: mergeByKey(lists.map((list) => list.items)) };
}

function hasSelectors(request: ListRequest): boolean {
  return !!(request.labelSelector?.requirements.length || request.fieldSelector?.requirements.length);
}

/** Keys compare as kube's etcd keys do (byte order; the same for the ASCII of names). */
function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The items of key-ordered streams, merged in key order; each stream is read only as far as needed. */
export async function* mergeByKey(sources: AsyncIterable<StoredObject>[]): AsyncGenerator<StoredObject> {
  const iterators = sources.map((source) => source[Symbol.asyncIterator]());
  try {
    const heads = await Promise.all(iterators.map((iterator) => iterator.next()));
    for (;;) {
      let best = -1;
      for (let index = 0; index < heads.length; index++) {
        const head = heads[index]!;
        if (!head.done && (best < 0 || head.value.key < (heads[best]!.value as StoredObject).key)) best = index;
      }
      if (best < 0) return;
      yield heads[best]!.value as StoredObject;
      heads[best] = await iterators[best]!.next();
    }
  } finally {
    await Promise.all(iterators.map((iterator) => iterator.return?.()));
  }
}
