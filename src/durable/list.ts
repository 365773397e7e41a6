/**
 * A list read from one consistent snapshot, streamed: pages by key, filtered by selectors in
 * storage, with kube's paging rules (etcd3 store GetList): the continue key is the last key
 * examined once the page is full, and remainingItemCount is only known without selectors.
 *
 * A page's end (and so its continue token) must be known before its items are sent, because
 * kube's list metadata precedes the items: a paged list first walks the page's keys without
 * their documents (planPage), then the items are read again, in batches, as the consumer pulls.
 * Every batch reads the same snapshot (MVCC rows at `at`) through the same row source
 * (list-source.ts: a selector term's index entries or the scan), so writes that commit between
 * batches change nothing in the list; the caller keeps compaction below `at` while the stream is
 * open.
 *
 * The walk is bounded: after `maxRejectedRows` rows that fail the selectors, the page ends where
 * the walk stopped, short (even empty) but with a continue token, as kube's API allows ("clients
 * should only use the presence of the continue field to determine whether more results are
 * available"). So one request never holds the shard for a scan of the whole collection.
 */
import type { ListRequest } from '../storage/types.js';
import type { KeyRange, RowSource } from './list-source.js';
import { snapshotCount } from './revisions.js';

/** What a list tells before its items. */
export interface ListHeader {
  resourceVersion: number;
  continueAfterKey?: string;
  remainingItemCount?: number;
}

const planBatch = 1000;
/** Rows a page's walk may pass over (failing the selectors) before it ends the page short. */
export const maxRejectedRows = 4096;

/**
 * The page a paged list (limit > 0) covers: its header, and the range its items lie in. Walks
 * keys (and selector columns) only, never documents.
 */
export function planPage(sql: SqlStorage, source: RowSource, request: ListRequest, range: KeyRange, at: number): { header: ListHeader; range: KeyRange } {
  const limit = request.limit!;
  const { matches } = source;
  let matched = 0;
  let rejected = 0;
  let cursor = range.after;
  let lastMatch: string | null = null;
  // A first batch of limit + 1 rows settles a page without selectors (a `limit=1` probe reads two keys).
  for (let batch = Math.min(planBatch, limit + 1); ; batch = planBatch) {
    const rows = source.rows({ ...range, after: cursor }, batch, matches ? 'keys+selectors' : 'keys');
    for (const row of rows) {
      if (matched >= limit || rejected >= maxRejectedRows) {
        const header: ListHeader = { resourceVersion: at, continueAfterKey: cursor! };
        if (!matches && !source.term) header.remainingItemCount = snapshotCount(sql, at, cursor!, range.end);
        return { header, range: { ...range, end: matched >= limit ? lastMatch! : cursor!, endInclusive: true } };
      }
      cursor = row.key;
      if (!matches || matches(row)) {
        matched++;
        lastMatch = row.key;
      } else rejected++;
    }
    if (rows.length < batch) return { header: { resourceVersion: at }, range };
  }
}
