/**
 * A list read from one consistent snapshot, streamed: pages by key, filtered by selectors in
 * storage, with kube's paging rules (etcd3 store GetList): the continue key is the last key
 * examined once the page is full, and remainingItemCount is only known without selectors.
 *
 * A page's end (and so its continue token) must be known before its items are sent, because
 * kube's list metadata precedes the items: a paged list first walks the page's keys without
 * their documents (pageKeys, planPage), then the items are read again, in batches, as the
 * consumer pulls. Every batch reads the same snapshot (MVCC rows at `at`) through the same row
 * source (list-source.ts: a selector term's index entries or the scan), so writes that commit
 * between batches change nothing in the list; the caller keeps compaction below `at` while the
 * stream is open.
 *
 * The walk of a page this shard serves alone is bounded: after `maxRejectedRows` rows that fail
 * the selectors, the page ends where the walk stopped, short (even empty) but with a continue
 * token, as kube's API allows ("clients should only use the presence of the continue field to
 * determine whether more results are available"). So one request never holds the shard for a
 * scan of the whole collection. (A list merged across shards plans unbounded pages: merging
 * short pages would need the page to end at the smallest continue key of the shards.)
 */
import type { ListRequest } from './protocol.js';
import type { KeyRange, RowSource } from './list-source.js';
import { RemainingCounts } from './remaining-counts.js';

/** What a list tells before its items. */
export interface ListHeader {
  resourceVersion: number;
  continueAfterKey?: string;
  remainingItemCount?: number;
}

/** The keys of a page: the first `request.limit` keys that match, and whether rows remain after it. */
export interface PageKeys {
  keys: string[];
  /** Set when another row follows the page: the last key examined, where the next page resumes. */
  continueAfterKey?: string;
  /** Keys left after `continueAfterKey`; only without selectors. */
  remainingItemCount?: number;
}

const planBatch = 1000;
/** Rows a page's walk may pass over (failing the selectors) before it ends the page short. */
export const maxRejectedRows = 4096;

/**
 * Walks keys (and selector columns) only, never documents, to find a page of `request.limit`
 * keys in `range`, ending it short after `maxRejected` rows that fail the selectors.
 */
export function pageKeys(sql: SqlStorage, source: RowSource, request: ListRequest, range: KeyRange, at: number, maxRejected = Infinity, counts = new RemainingCounts()): PageKeys {
  const limit = request.limit!;
  const { matches } = source;
  const keys: string[] = [];
  let rejected = 0;
  let cursor = range.after;
  // A first batch of limit + 1 rows settles a page without selectors (a `limit=1` probe reads two keys).
  for (let batch = Math.min(planBatch, limit + 1); ; batch = planBatch) {
    const rows = source.rows({ ...range, after: cursor }, batch, matches ? 'keys+selectors' : 'keys');
    for (const row of rows) {
      if (keys.length >= limit || rejected >= maxRejected) {
        const page: PageKeys = { keys, continueAfterKey: cursor! };
        if (!matches && !source.term) page.remainingItemCount = counts.after(sql, at, range.end, range.after ?? null, cursor!, keys.length);
        return page;
      }
      cursor = row.key;
      if (!matches || matches(row)) keys.push(row.key);
      else rejected++;
    }
    if (rows.length < batch) return { keys };
  }
}

/** The page a paged list (limit > 0) covers: its header, and the range its items lie in (up to the continue key). */
export function planPage(sql: SqlStorage, source: RowSource, request: ListRequest, range: KeyRange, at: number, counts?: RemainingCounts): { header: ListHeader; range: KeyRange } {
  const { keys: _keys, ...rest } = pageKeys(sql, source, request, range, at, maxRejectedRows, counts);
  const header: ListHeader = { resourceVersion: at, ...rest };
  if (rest.continueAfterKey === undefined) return { header, range };
  return { header, range: { ...range, end: rest.continueAfterKey, endInclusive: true } };
}
