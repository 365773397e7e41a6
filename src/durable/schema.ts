/**
 * SQLite schema of a storage shard: one row per revision of an object (multi-version, like etcd's
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
  // Tombstones compaction removes (superseded ones go through revisions_by_superseded).
  `CREATE INDEX IF NOT EXISTS revisions_tombstones ON revisions(rv) WHERE superseded_rv IS NULL AND value IS NULL`,
  // The selector index (selector-terms.ts): the resourceVersion intervals in which a key carried a term.
  `CREATE TABLE IF NOT EXISTS selector_terms (
     term TEXT NOT NULL,
     key TEXT NOT NULL,
     from_rv INTEGER NOT NULL,
     to_rv INTEGER,
     PRIMARY KEY (term, key, from_rv)
   ) WITHOUT ROWID`,
  `CREATE INDEX IF NOT EXISTS selector_terms_live ON selector_terms(term, key) WHERE to_rv IS NULL`,
  `CREATE INDEX IF NOT EXISTS selector_terms_ended ON selector_terms(to_rv) WHERE to_rv IS NOT NULL`,
  // Which rules built each derived index (a shard built by older rules, or before the index, rebuilds it).
  `CREATE TABLE IF NOT EXISTS index_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS clock (name TEXT PRIMARY KEY, value INTEGER NOT NULL)`,
  // Messages waiting to reach their destinations (written in the write's transaction): outbox.ts.
  // CustomResourceDefinitions whose objects the shard no longer creates (closed-definitions.ts).
  `CREATE TABLE IF NOT EXISTS closed_definitions (uid TEXT PRIMARY KEY) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS outbox_messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, cluster TEXT NOT NULL, partition INTEGER NOT NULL, body TEXT NOT NULL)`,
];

/**
 * Columns added after the first release, created on stores persisted before them. `lifecycle`
 * held the controllers' facts of a revision until writers computed the controllers' events
 * themselves; it is no longer written.
 */
export const addedColumns = [{ table: 'revisions', column: 'lifecycle', type: 'TEXT' }];

/** Whether table `name` exists: a Durable Object creates its tables on its first write only (reads of one never written store nothing). */
export function hasTable(sql: SqlStorage, name: string): boolean {
  return sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;
}

/** Adds the columns of `addedColumns` that a persisted store lacks. */
export function migrateColumns(sql: SqlStorage): void {
  for (const { table, column, type } of addedColumns) {
    const present = sql.exec<{ name: string }>(`PRAGMA table_info(${table})`).toArray().some((row) => row.name === column);
    if (!present) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }
}

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
