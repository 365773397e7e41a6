/**
 * The selector index of a storage shard, write side: which keys carry a label (or an indexed
 * field value), as intervals of resourceVersions, kept in the same transaction as each write.
 *
 * A term is `l:name=value` for a label and `f:field=value` for an indexed field with a non-empty
 * value (label keys and field names hold no `=`, so a term names one pair). A row
 * `(term, key, from_rv, to_rv)` says the key carried the term at every resourceVersion in
 * [from_rv, to_rv) (to_rv NULL: still carries it): the term is visible at snapshot `at` when
 * from_rv <= at and (to_rv IS NULL OR to_rv > at), exactly when the revision of the key visible
 * at `at` has it. A write touches only the terms that changed (a patch that keeps labels and
 * indexed fields writes nothing here); compaction drops intervals that ended at or before the
 * watermark, as it drops superseded revisions.
 *
 * Indexed fields: kube's own field index (spec.nodeName of Pods, what kubelets select on) and the
 * involved object of Events (what `kubectl describe` selects on). metadata.namespace and
 * metadata.name need no index: they are the key (list-source.ts narrows the key range).
 */
import type { StoredSide } from './watch-protocol.js';

/** Field names indexed wherever they appear; changing the list needs a new `termsVersion`. */
export const indexedFields: ReadonlySet<string> = new Set(['spec.nodeName', 'involvedObject.name', 'involvedObject.uid']);

/** The version of the term rules above: a shard whose index was built by other rules rebuilds it. */
export const termsVersion = 1;

export const labelTerm = (name: string, value: string) => `l:${name}=${value}`;
export const fieldTerm = (field: string, value: string) => `f:${field}=${value}`;

/** The terms of a live side: every label, and the indexed fields with a non-empty value. */
export function termsOf(side: Pick<StoredSide, 'labels' | 'fields'> | null): Set<string> {
  const terms = new Set<string>();
  if (!side) return terms;
  if (side.labels) for (const [name, value] of Object.entries(JSON.parse(side.labels) as Record<string, string>)) terms.add(labelTerm(name, value));
  if (side.fields) {
    for (const [field, value] of Object.entries(JSON.parse(side.fields) as Record<string, string>)) {
      if (value !== '' && indexedFields.has(field)) terms.add(fieldTerm(field, value));
    }
  }
  return terms;
}

/**
 * Records the write of `key` at `rv` (`current` null: a deletion) over its live `previous`
 * side (null: the key was absent): terms it lost end at `rv`, terms it gained begin there.
 */
export function indexWrite(sql: SqlStorage, rv: number, key: string, current: StoredSide | null, previous: StoredSide | null): void {
  if (current && previous && current.labels === previous.labels && current.fields === previous.fields) return;
  const before = termsOf(previous);
  const after = termsOf(current);
  for (const term of before) {
    if (!after.has(term)) sql.exec('UPDATE selector_terms SET to_rv = ? WHERE term = ? AND key = ? AND to_rv IS NULL', rv, term, key);
  }
  for (const term of after) {
    if (!before.has(term)) sql.exec('INSERT INTO selector_terms (term, key, from_rv, to_rv) VALUES (?, ?, ?, NULL)', term, key, rv);
  }
}

/** Deletes up to `limit` intervals that ended at or before `watermark`; returns how many went. */
export function compactTerms(sql: SqlStorage, watermark: number, limit = Number.MAX_SAFE_INTEGER): number {
  return sql.exec(
    `DELETE FROM selector_terms WHERE (term, key, from_rv) IN
       (SELECT term, key, from_rv FROM selector_terms WHERE to_rv IS NOT NULL AND to_rv <= ? LIMIT ?)`,
    watermark, limit,
  ).rowsWritten;
}

/**
 * Rebuilds the index from the revisions table (a shard persisted before the index, or under
 * other term rules), in SQL: one interval per live revision and term, [rv, superseded_rv).
 * Adjacent intervals of the same term are as good as one merged interval.
 */
export function rebuildTerms(sql: SqlStorage): void {
  sql.exec('DELETE FROM selector_terms');
  sql.exec(
    `INSERT INTO selector_terms (term, key, from_rv, to_rv)
       SELECT 'l:' || j.key || '=' || j.value, r.key, r.rv, r.superseded_rv
         FROM revisions r, json_each(r.labels) j WHERE r.value IS NOT NULL AND r.labels IS NOT NULL`,
  );
  const fields = [...indexedFields];
  sql.exec(
    `INSERT INTO selector_terms (term, key, from_rv, to_rv)
       SELECT 'f:' || j.key || '=' || j.value, r.key, r.rv, r.superseded_rv
         FROM revisions r, json_each(r.fields) j
        WHERE r.value IS NOT NULL AND r.fields IS NOT NULL AND j.value != '' AND j.key IN (${fields.map(() => '?').join(', ')})`,
    ...fields,
  );
}

/** Rebuilds the index when it was built by other rules (or never); a no-op when up to date. */
export function migrateTerms(sql: SqlStorage): void {
  const row = sql.exec<{ version: number }>(`SELECT version FROM index_versions WHERE name = 'selector_terms'`).toArray()[0];
  if (row?.version === termsVersion) return;
  rebuildTerms(sql);
  sql.exec(
    `INSERT INTO index_versions (name, version) VALUES ('selector_terms', ?) ON CONFLICT(name) DO UPDATE SET version = excluded.version`,
    termsVersion,
  );
}
