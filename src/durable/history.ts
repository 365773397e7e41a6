/**
 * Reading changes back out of the revisions table, for watches that start at a resourceVersion:
 * every revision after it, in commit order, with the live revision it replaced.
 */
import { prefixRange } from './revisions.js';
import { type Change, side } from './watch-events.js';

interface ChangeRow {
  rv: number;
  key: string;
  value: string | null;
  labels: string | null;
  fields: string | null;
  prev_value: string | null;
  prev_labels: string | null;
  prev_fields: string | null;
  [column: string]: SqlStorageValue;
}

/** The changes after `resourceVersion` to keys under `prefix`, oldest first. */
export function* changesAfter(sql: SqlStorage, prefix: string, resourceVersion: number): Generator<Change> {
  const { start, end } = prefixRange(prefix);
  const rows = sql.exec<ChangeRow>(
    `SELECT r.rv, r.key, r.value, r.labels, r.fields, p.value AS prev_value, p.labels AS prev_labels, p.fields AS prev_fields
       FROM revisions r LEFT JOIN revisions p ON p.rv = r.prev_rv
      WHERE r.rv > ? AND r.key >= ? AND r.key < ? ORDER BY r.rv`,
    resourceVersion, start, end,
  );
  for (const row of rows) {
    yield {
      key: row.key,
      resourceVersion: row.rv,
      current: side(row.value, row.labels, row.fields),
      previous: side(row.prev_value, row.prev_labels, row.prev_fields),
    };
  }
}
