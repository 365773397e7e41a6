/**
 * A list read from one consistent snapshot: pages by key, filtered by selectors in storage, with
 * kube's paging rules (etcd3 store GetList): the continue key is the last key examined once the
 * page is full, and remainingItemCount is only known without selectors.
 */
import { matchesFields } from '../core/selectors/fields.js';
import { matchesLabels } from '../core/selectors/labels.js';
import type { ListRequest, ListResult, StoredObject } from '../storage/types.js';
import { prefixRange, snapshotCount, snapshotPage, toStoredObject } from './revisions.js';
import type { RevisionRow } from './schema.js';

const batchSize = 500;

/** Lists `request` at snapshot `at` (null = newest), reporting `resourceVersion` as the snapshot's version. */
export function listSnapshot(sql: SqlStorage, request: ListRequest, at: number | null, resourceVersion: number): ListResult {
  const range = prefixRange(request.prefix);
  const end = range.end;
  const start = request.startKey && request.startKey > range.start ? request.startKey : range.start;
  const limit = request.limit && request.limit > 0 ? request.limit : Infinity;
  const matches = rowFilter(request);
  const items: StoredObject[] = [];
  let cursor = request.afterKey ?? null;
  let more = false;
  scan: for (;;) {
    const rows = snapshotPage(sql, at, cursor, start, end, batchSize);
    for (const row of rows) {
      if (items.length >= limit) {
        more = true;
        break scan;
      }
      cursor = row.key;
      if (matches(row)) items.push(toStoredObject(row));
    }
    if (rows.length < batchSize) break;
  }
  const result: ListResult = { resourceVersion, items };
  if (more && cursor !== null) {
    result.continueAfterKey = cursor;
    if (!request.labelSelector?.requirements.length && !request.fieldSelector?.requirements.length) {
      result.remainingItemCount = snapshotCount(sql, at, cursor, end);
    }
  }
  return result;
}

function rowFilter(request: ListRequest): (row: RevisionRow) => boolean {
  const label = request.labelSelector?.requirements.length ? request.labelSelector : null;
  const field = request.fieldSelector?.requirements.length ? request.fieldSelector : null;
  if (!label && !field) return () => true;
  return (row) =>
    (!label || matchesLabels(label, row.labels ? JSON.parse(row.labels) : {})) &&
    (!field || matchesFields(field, row.fields ? JSON.parse(row.fields) : {}));
}
