/**
 * SQL access to the revisions table. Every function takes the Durable Object's SqlStorage and
 * returns rows; callers own transactions.
 */
import type { StoredObject } from './protocol.js';
import type { StoredSide } from './watch-protocol.js';
import type { RevisionRow } from './schema.js';
import { compactTerms, indexWrite } from './selector-terms.js';

/** The newest row of a key (possibly a tombstone), or null if the key never existed or was compacted away. */
export function newestRevision(sql: SqlStorage, key: string): RevisionRow | null {
  const rows = sql.exec<RevisionRow>('SELECT * FROM revisions WHERE key = ? AND superseded_rv IS NULL', key).toArray();
  return rows[0] ?? null;
}

/** The row of a key visible at resourceVersion `at`, or null. */
export function revisionAt(sql: SqlStorage, key: string, at: number): RevisionRow | null {
  const rows = sql.exec<RevisionRow>(
    `SELECT * FROM revisions WHERE key = ? AND rv <= ? AND (superseded_rv IS NULL OR superseded_rv > ?)`,
    key, at, at,
  ).toArray();
  return rows[0] ?? null;
}

/**
 * Appends a revision of `key` at `rv` (`current` null: a tombstone), superseding `previous` (live
 * or tombstone) if given, and keeps the selector index in step. Labels and fields are stored as
 * JSON text (labels NULL when none).
 */
export function appendRevision(sql: SqlStorage, rv: number, key: string, current: StoredSide | null, previous: RevisionRow | null): void {
  if (previous) sql.exec('UPDATE revisions SET superseded_rv = ? WHERE rv = ?', rv, previous.rv);
  const live = previous?.value != null ? previous : null;
  sql.exec(
    'INSERT INTO revisions (rv, key, value, labels, fields, prev_rv, superseded_rv) VALUES (?, ?, ?, ?, ?, ?, NULL)',
    rv, key, current?.value ?? null, current?.labels ?? null, current?.fields ?? null, live?.rv ?? null,
  );
  indexWrite(sql, rv, key, current, live && { value: live.value!, labels: live.labels, fields: live.fields });
}

/** The key range of a prefix: [prefix, end). An empty prefix is the whole keyspace. */
export function prefixRange(prefix: string): { start: string; end: string } {
  if (prefix === '') return { start: '', end: '\u{10FFFF}' };
  const last = prefix.charCodeAt(prefix.length - 1);
  return { start: prefix, end: prefix.slice(0, -1) + String.fromCharCode(last + 1) };
}

/** How many live keys of the snapshot at `at` (null = newest) lie in (after, end). */
export function snapshotCount(sql: SqlStorage, at: number | null, after: string, end: string): number {
  const row = at === null
    ? sql.exec<{ n: number }>(
      'SELECT count(*) AS n FROM revisions WHERE superseded_rv IS NULL AND value IS NOT NULL AND key > ? AND key < ?', after, end).one()
    : sql.exec<{ n: number }>(
      `SELECT count(*) AS n FROM revisions WHERE key > ? AND key < ? AND rv <= ? AND (superseded_rv IS NULL OR superseded_rv > ?)
         AND value IS NOT NULL`, after, end, at, at).one();
  return row.n;
}

/** The resourceVersion of the newest change at or before `rv` still stored (0: none). */
export function newestChangeAtOrBefore(sql: SqlStorage, rv: number): number {
  return sql.exec<{ rv: number | null }>('SELECT max(rv) AS rv FROM revisions WHERE rv <= ?', rv).one().rv ?? 0;
}

/**
 * Deletes rows no read at or after `watermark` can see (superseded revisions, tombstones, ended
 * selector terms), up to `limit` of each kind; returns how many went.
 */
export function compactRevisions(sql: SqlStorage, watermark: number, limit = Number.MAX_SAFE_INTEGER): number {
  const superseded = sql.exec(
    'DELETE FROM revisions WHERE rv IN (SELECT rv FROM revisions WHERE superseded_rv IS NOT NULL AND superseded_rv <= ? LIMIT ?)',
    watermark, limit,
  ).rowsWritten;
  const tombstones = sql.exec(
    'DELETE FROM revisions WHERE rv IN (SELECT rv FROM revisions WHERE superseded_rv IS NULL AND value IS NULL AND rv <= ? LIMIT ?)',
    watermark, limit,
  ).rowsWritten;
  return superseded + tombstones + compactTerms(sql, watermark, limit);
}

/** The domain view of a live row. */
export function toStoredObject(row: RevisionRow): StoredObject {
  return { key: row.key, resourceVersion: row.rv, value: row.value ?? '' };
}
