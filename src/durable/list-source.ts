/**
 * Where a list reads its rows from, at one snapshot: the entries of one selector term
 * (selector-terms.ts), when a selector has a requirement the index answers, or else every key of
 * the range (the scan). Either way rows come in key order, a bounded batch per call, and still go
 * through the selector requirements the source did not answer (`matches`).
 *
 * The index answers a label `=`/`==`/`in` with one value, and a field `=`/`==` on an indexed field
 * with a non-empty value (an absent field reads as "", so "" cannot come from the index). With
 * several such requirements, the one with the fewest live keys (counted up to a bound) drives.
 * `metadata.namespace` and `metadata.name` narrow the key range instead (keys are
 * `namespace/name`), and stay in `matches`.
 *
 * A snapshot that is still the newest state reads only current rows (partial indexes on
 * superseded_rv / to_rv IS NULL); an older one reads MVCC rows visible at `at`.
 */
import { type FieldRequirement, type FieldSelector, fieldSelectorExactMatch, matchesFields } from '../apimachinery/selectors/fields.js';
import { type LabelRequirement, type LabelSelector, matchesLabels } from '../apimachinery/selectors/labels.js';
import type { ListRequest } from './protocol.js';
import { prefixRange } from './revisions.js';
import { fieldTerm, indexedFields, labelTerm } from './selector-terms.js';

/** A snapshot row as a list reads it (only the columns asked for are filled). */
export interface ListRow {
  rv: number;
  key: string;
  value: string;
  labels: string | null;
  fields: string | null;
  [column: string]: SqlStorageValue;
}

export type Columns = 'keys' | 'keys+selectors' | 'all';

/** The key range one list walks: keys in [start, end), or (after, end) when resuming. */
export interface KeyRange {
  start: string;
  after: string | null;
  /** Exclusive, unless `endInclusive`. */
  end: string;
  endInclusive?: boolean;
}

/** The snapshot a list reads: `at`, and whether nothing was committed after it yet. */
export interface Snapshot {
  at: number;
  isNewest(): boolean;
}

export type RowFilter = (row: Pick<ListRow, 'labels' | 'fields'>) => boolean;

export interface RowSource {
  /** Up to `limit` rows of the snapshot in `range`, by key: every row that may pass the selectors. */
  rows(range: KeyRange, limit: number, columns: Columns): ListRow[];
  /** The requirements the rows were not chosen by, as a test of a row; null when none remain. */
  readonly matches: RowFilter | null;
  /** The term whose index entries drive the rows, or null for a scan (tests and diagnostics). */
  readonly term: string | null;
}

/** Live keys counted per candidate term, at most, to pick the most selective one. */
const selectivityProbe = 512;

/** The key range of `request`: its prefix, continue position and end key, narrowed by metadata.namespace/name. */
export function rangeOf(request: ListRequest): KeyRange {
  let { start, end } = prefixRange(request.prefix);
  let endInclusive = false;
  const namespace = request.fieldSelector && fieldSelectorExactMatch(request.fieldSelector, 'metadata.namespace');
  const name = request.fieldSelector && fieldSelectorExactMatch(request.fieldSelector, 'metadata.name');
  if (namespace) {
    const narrowed = prefixRange(`${namespace}/`);
    if (narrowed.start > start) start = narrowed.start;
    if (narrowed.end < end) end = narrowed.end;
  }
  const scope = request.prefix || (namespace ? `${namespace}/` : '');
  if (scope && name) {
    const key = scope + name;
    if (key >= start && key < end) [start, end, endInclusive] = [key, key, true];
    else end = start;
  }
  if (request.startKey && request.startKey > start) start = request.startKey;
  if (request.endKey !== undefined && request.endKey < end) [end, endInclusive] = [request.endKey, true];
  return { start, after: request.afterKey ?? null, end, endInclusive };
}

/** The row source of `request` (over its `range`) at `snapshot`: by the most selective indexed term, else a scan. */
export function rowSource(sql: SqlStorage, request: ListRequest, range: KeyRange, snapshot: Snapshot): RowSource {
  const driver = chooseDriver(sql, candidates(request), range);
  const matches = rowFilter(request, driver?.requirement);
  const { at } = snapshot;
  if (!driver) return { term: null, matches, rows: (range, limit, columns) => run(sql, scanQuery(snapshot.isNewest(), at, range, limit, columns)) };
  return { term: driver.term, matches, rows: (range, limit, columns) => run(sql, termQuery(driver.term, snapshot.isNewest(), at, range, limit, columns)) };
}

/**
 * Whether a row passes the request's selectors, but for `answered` (the requirement the index
 * applied); parses labels and fields only when a remaining requirement needs them.
 */
export function rowFilter(request: ListRequest, answered?: LabelRequirement | FieldRequirement): RowFilter | null {
  const label = remaining(request.labelSelector, answered);
  const field = remaining(request.fieldSelector, answered);
  if (!label && !field) return null;
  return (row) =>
    (!label || matchesLabels(label, row.labels ? JSON.parse(row.labels) : {})) &&
    (!field || matchesFields(field, row.fields ? JSON.parse(row.fields) : {}));
}

function remaining<S extends LabelSelector | FieldSelector>(selector: S | undefined, answered: unknown): S | null {
  const requirements = (selector?.requirements ?? []).filter((requirement) => requirement !== answered);
  return requirements.length ? ({ requirements } as S) : null;
}

interface Driver {
  term: string;
  requirement: LabelRequirement | FieldRequirement;
}

/** The requirements the index can answer, as terms. */
function candidates(request: ListRequest): Driver[] {
  const drivers: Driver[] = [];
  for (const requirement of request.labelSelector?.requirements ?? []) {
    const equality = requirement.operator === '=' || requirement.operator === '==' || requirement.operator === 'in';
    if (equality && requirement.values.length === 1) drivers.push({ term: labelTerm(requirement.key, requirement.values[0]!), requirement });
  }
  for (const requirement of request.fieldSelector?.requirements ?? []) {
    if (requirement.operator !== '!=' && requirement.value !== '' && indexedFields.has(requirement.field)) {
      drivers.push({ term: fieldTerm(requirement.field, requirement.value), requirement });
    }
  }
  return drivers;
}

/** The candidate with the fewest live keys in the range (counted up to the probe bound). */
function chooseDriver(sql: SqlStorage, drivers: Driver[], range: KeyRange): Driver | null {
  if (drivers.length <= 1) return drivers[0] ?? null;
  let best: { driver: Driver; count: number } | null = null;
  for (const driver of drivers) {
    const { n } = sql.exec<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM selector_terms INDEXED BY selector_terms_live WHERE term = ? AND to_rv IS NULL AND key >= ? AND key <= ? LIMIT ?)`,
      driver.term, range.start, range.end, selectivityProbe,
    ).one();
    if (!best || n < best.count) best = { driver, count: n };
  }
  return best!.driver;
}

/** The SQL bounds of a range on column `column`, and their parameters. */
function keyBounds(column: string, range: KeyRange): { where: string; params: string[] } {
  const lower = range.after === null ? `${column} >= ?` : `${column} > ?`;
  const upper = range.endInclusive ? `${column} <= ?` : `${column} < ?`;
  return { where: `${lower} AND ${upper}`, params: [range.after ?? range.start, range.end] };
}

const scanColumns: Record<Columns, string> = {
  keys: 'rv, key',
  'keys+selectors': 'rv, key, labels, fields',
  all: 'rv, key, value, labels, fields',
};

/** A statement and its parameters. */
export interface Query {
  sql: string;
  params: SqlStorageValue[];
}

/** Every live key of the range at the snapshot. */
export function scanQuery(newest: boolean, at: number, range: KeyRange, limit: number, columns: Columns): Query {
  const { where, params } = keyBounds('key', range);
  if (newest) {
    return {
      sql: `SELECT ${scanColumns[columns]} FROM revisions WHERE superseded_rv IS NULL AND value IS NOT NULL AND ${where} ORDER BY key LIMIT ?`,
      params: [...params, limit],
    };
  }
  return {
    sql: `SELECT ${scanColumns[columns]} FROM revisions WHERE ${where} AND rv <= ? AND (superseded_rv IS NULL OR superseded_rv > ?)
       AND value IS NOT NULL ORDER BY key LIMIT ?`,
    params: [...params, at, at, limit],
  };
}

const joinedColumns: Record<Exclude<Columns, 'keys'>, string> = {
  'keys+selectors': 'r.rv, r.key, r.labels, r.fields',
  all: 'r.rv, r.key, r.value, r.labels, r.fields',
};

/** The keys carrying `term` at the snapshot, with their revision visible there. */
export function termQuery(term: string, newest: boolean, at: number, range: KeyRange, limit: number, columns: Columns): Query {
  const { where, params } = keyBounds('t.key', range);
  // SQLite prefers the primary key (every interval, ended ones too) unless told to use the live ones' index.
  const terms = newest ? 'selector_terms t INDEXED BY selector_terms_live' : 'selector_terms t';
  const visible = newest ? 't.to_rv IS NULL' : 't.from_rv <= ? AND (t.to_rv IS NULL OR t.to_rv > ?)';
  const visibleParams = newest ? [] : [at, at];
  if (columns === 'keys') {
    return { sql: `SELECT t.key FROM ${terms} WHERE t.term = ? AND ${visible} AND ${where} ORDER BY t.key LIMIT ?`, params: [term, ...visibleParams, ...params, limit] };
  }
  // The revision visible at `at` is the key's newest one at or below it (compaction keeps it).
  const revision = newest
    ? 'r.key = t.key AND r.superseded_rv IS NULL'
    : 'r.rv = (SELECT max(p.rv) FROM revisions p WHERE p.key = t.key AND p.rv <= ?)';
  return {
    sql: `SELECT ${joinedColumns[columns]} FROM ${terms} JOIN revisions r ON ${revision}
      WHERE t.term = ? AND ${visible} AND ${where} AND r.value IS NOT NULL ORDER BY t.key LIMIT ?`,
    params: [...(newest ? [] : [at]), term, ...visibleParams, ...params, limit],
  };
}

function run(sql: SqlStorage, query: Query): ListRow[] {
  return sql.exec<ListRow>(query.sql, ...query.params).toArray();
}
