/**
 * SQLite schema of a ResourceStore: one row per revision of an object (multi-version, like etcd's
 * MVCC). The state at resourceVersion R is every live row with rv <= R that was not superseded
 * at or before R. Compaction removes rows no read at or after the watermark can see.
 */

export const schemaStatements = [
  `CREATE TABLE IF NOT EXISTS revisions (
     rv INTEGER PRIMARY KEY,
     key TEXT NOT NULL,
     value TEXT,
     labels TEXT,
     fields TEXT,
     prev_rv INTEGER,
     superseded_rv INTEGER
   )`,
  `CREATE INDEX IF NOT EXISTS revisions_by_key ON revisions(key, rv)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS revisions_newest ON revisions(key) WHERE superseded_rv IS NULL`,
  `CREATE INDEX IF NOT EXISTS revisions_by_superseded ON revisions(superseded_rv) WHERE superseded_rv IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS clock (name TEXT PRIMARY KEY, value INTEGER NOT NULL)`,
];

/** A revisions row. `value` NULL marks a tombstone (the key was deleted at `rv`). */
export interface RevisionRow {
  rv: number;
  key: string;
  value: string | null;
  labels: string | null;
  fields: string | null;
  prev_rv: number | null;
  superseded_rv: number | null;
  [column: string]: SqlStorageValue;
}
