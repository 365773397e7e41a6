/**
 * Reading changes back out of the revisions table, for watches that start at a resourceVersion:
 * every revision after it, in commit order, with the live revision it replaced, as the wire
 * messages of watch-protocol.ts (built from the stored columns without parsing them).
 */
import { changeMessage } from './watch-protocol.js';
import { prefixRange } from './revisions.js';

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

/** Rows read per query: a replay reads history in bounded batches. */
const batchRows = 256;

/** The messages of the changes in (`after`, `upTo`] to keys under `prefix`, oldest first. */
export function* changeMessagesAfter(sql: SqlStorage, prefix: string, after: number, upTo = Number.MAX_SAFE_INTEGER): Generator<string> {
  const { start, end } = prefixRange(prefix);
  let cursor = after;
  for (;;) {
    const rows = sql.exec<ChangeRow>(
      `SELECT r.rv, r.key, r.value, r.labels, r.fields, p.value AS prev_value, p.labels AS prev_labels, p.fields AS prev_fields
         FROM revisions r LEFT JOIN revisions p ON p.rv = r.prev_rv
        WHERE r.rv > ? AND r.rv <= ? AND r.key >= ? AND r.key < ? ORDER BY r.rv LIMIT ?`,
      cursor, upTo, start, end, batchRows,
    ).toArray();
    for (const row of rows) {
      cursor = row.rv;
      const current = row.value === null ? null : { value: row.value, labels: row.labels, fields: row.fields };
      const previous = row.prev_value === null ? null : { value: row.prev_value, labels: row.prev_labels, fields: row.prev_fields };
      yield changeMessage(row.key, row.rv, current, previous);
    }
    if (rows.length < batchRows) return;
  }
}
