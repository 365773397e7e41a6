/**
 * A list read from one consistent snapshot, streamed: pages by key, filtered by selectors in
 * storage, with kube's paging rules (etcd3 store GetList): the continue key is the last key
 * examined once the page is full, and remainingItemCount is only known without selectors.
 *
 * A page's end (and so its continue token) must be known before its items are sent, because
 * kube's list metadata precedes the items: a paged list first walks the page's keys without
 * their documents (planPage), then the items are read again, in batches, as the consumer pulls.
 * Every batch reads the same snapshot (MVCC rows at `at`), so writes that commit between batches
 * change nothing in the list; the caller keeps compaction below `at` while the stream is open.
 */
import { matchesFields } from '../core/selectors/fields.js';
import { matchesLabels } from '../core/selectors/labels.js';
import type { ListRequest } from '../storage/types.js';
import { prefixRange, snapshotCount } from './revisions.js';

/** What a list tells before its items. */
export interface ListHeader {
  resourceVersion: number;
  continueAfterKey?: string;
  remainingItemCount?: number;
}

/** A snapshot row as a list reads it. */
export interface ListRow {
  rv: number;
  key: string;
  value: string;
  labels: string | null;
  fields: string | null;
  [column: string]: SqlStorageValue;
}

/** The key range one list walks: keys in [start, end), or (after, end) when resuming. */
export interface KeyRange {
  start: string;
  after: string | null;
  /** Exclusive, unless `endInclusive`. */
  end: string;
  endInclusive?: boolean;
}

const planBatch = 1000;

/** The key range of `request` (its prefix, continue position, end key). */
export function rangeOf(request: ListRequest): KeyRange {
  const range = prefixRange(request.prefix);
  const start = request.startKey && request.startKey > range.start ? request.startKey : range.start;
  if (request.endKey !== undefined && request.endKey < range.end) return { start, after: request.afterKey ?? null, end: request.endKey, endInclusive: true };
  return { start, after: request.afterKey ?? null, end: range.end };
}

/** Whether a row passes the request's selectors (parsing its labels and fields only when asked). */
export function rowFilter(request: ListRequest): ((row: Pick<ListRow, 'labels' | 'fields'>) => boolean) | null {
  const label = request.labelSelector?.requirements.length ? request.labelSelector : null;
  const field = request.fieldSelector?.requirements.length ? request.fieldSelector : null;
  if (!label && !field) return null;
  return (row) =>
    (!label || matchesLabels(label, row.labels ? JSON.parse(row.labels) : {})) &&
    (!field || matchesFields(field, row.fields ? JSON.parse(row.fields) : {}));
}

/** The keys of a page: the first `request.limit` keys that match, and whether rows remain after it. */
export interface PageKeys {
  keys: string[];
  /** Set when another row follows the full page: the last key examined, where the next page resumes. */
  continueAfterKey?: string;
  /** Keys left after `continueAfterKey`; only without selectors. */
  remainingItemCount?: number;
}

/** Walks keys (and selector columns) only, never documents, to find a page of `request.limit` keys. */
export function pageKeys(sql: SqlStorage, request: ListRequest, at: number): PageKeys {
  const range = rangeOf(request);
  const limit = request.limit!;
  const matches = rowFilter(request);
  const keys: string[] = [];
  let cursor = range.after;
  for (;;) {
    const rows = snapshotRows(sql, at, { ...range, after: cursor }, planBatch, matches ? 'keys+selectors' : 'keys');
    for (const row of rows) {
      if (keys.length >= limit) {
        const page: PageKeys = { keys, continueAfterKey: cursor! };
        if (!matches) page.remainingItemCount = snapshotCount(sql, at, cursor!, range.end);
        return page;
      }
      cursor = row.key;
      if (!matches || matches(row)) keys.push(row.key);
    }
    if (rows.length < planBatch) return { keys };
  }
}

/** The page a paged list (limit > 0) covers: its header, and the range its items lie in. */
export function planPage(sql: SqlStorage, request: ListRequest, at: number): { header: ListHeader; range: KeyRange } {
  const range = rangeOf(request);
  const { keys, ...rest } = pageKeys(sql, request, at);
  const header: ListHeader = { resourceVersion: at, ...rest };
  if (rest.continueAfterKey === undefined || !keys.length) return { header, range };
  return { header, range: { ...range, end: keys[keys.length - 1]!, endInclusive: true } };
}

type Columns = 'keys' | 'keys+selectors' | 'all';

const columnLists: Record<Columns, string> = {
  keys: 'rv, key',
  'keys+selectors': 'rv, key, labels, fields',
  all: 'rv, key, value, labels, fields',
};

/** Up to `limit` live rows of the snapshot at `at` in `range`, by key. */
export function snapshotRows(sql: SqlStorage, at: number, range: KeyRange, limit: number, columns: Columns = 'all'): ListRow[] {
  const lower = range.after === null ? 'key >= ?' : 'key > ?';
  const upper = range.endInclusive ? 'key <= ?' : 'key < ?';
  return sql.exec<ListRow>(
    `SELECT ${columnLists[columns]} FROM revisions WHERE ${lower} AND ${upper} AND rv <= ? AND (superseded_rv IS NULL OR superseded_rv > ?)
       AND value IS NOT NULL ORDER BY key LIMIT ?`,
    range.after ?? range.start, range.end, at, at, limit,
  ).toArray();
}
