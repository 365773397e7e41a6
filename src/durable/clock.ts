/**
 * resourceVersions of one Durable Object: strictly increasing integers that follow wall-clock
 * microseconds (a hybrid logical clock: max(last + 1, now in µs)). They never repeat, even if the
 * object's storage is reset, and they order roughly across Durable Objects, which keeps the door
 * open to merging shards. They stay below 2^53 (exact in JavaScript numbers) until the year 2255.
 */

export interface ClockState {
  /** The newest committed resourceVersion (or the origin, before any write). */
  current: number;
  /** Reads older than this were compacted away: they answer 410 Expired. */
  compacted: number;
}

export function nowMicros(): number {
  return Date.now() * 1000;
}

/**
 * Where a read of the newest state that asks for a snapshot no older than `freshWithin`
 * microseconds (ListRequest.freshWithin) moves the clock: to now when `current` is older than
 * that, otherwise nowhere (0).
 */
export function freshClock(current: number, freshWithin: number | undefined): number {
  if (freshWithin === undefined) return 0;
  const now = nowMicros();
  return current < now - freshWithin ? now : 0;
}

/**
 * The resourceVersion for the next write after `current`. The shard of a type spread over
 * `count` shards takes only versions congruent to its `index` modulo `count`, so two shards never
 * hand out the same version (a merged watch orders and resumes by version).
 */
export function nextResourceVersion(current: number, shard?: { index: number; count: number }): number {
  const next = Math.max(current + 1, nowMicros());
  if (!shard || shard.count === 1) return next;
  return next + ((shard.index - (next % shard.count) + shard.count) % shard.count);
}

/**
 * The clock of a shard's storage. A fresh one starts at `origin`: the time for a type of one shard
 * (its empty list then has a version, as kube's does), 0 for one shard of several (the newest
 * version of the type is the newest any shard committed, which an idle shard must not inflate).
 * Writes do not save `current` (their revisions carry it: the newest row's rv is the newest
 * committed version); the clock row holds the origin and what advanceClock set, which writes no
 * revision. Compaction removes old rows only, never the newest state's, and versions follow
 * wall-clock microseconds, so the newest remaining row bounds every version handed out.
 */
export function loadClock(sql: SqlStorage, origin: number): ClockState {
  const rows = sql.exec<{ name: string; value: number }>('SELECT name, value FROM clock').toArray();
  const byName = new Map(rows.map((row) => [row.name, row.value]));
  const newestRow = sql.exec<{ rv: number | null }>('SELECT max(rv) AS rv FROM revisions').one().rv;
  const saved = byName.get('current');
  let current = Math.max(saved ?? 0, newestRow ?? 0);
  if (saved === undefined && newestRow === null) {
    current = origin;
    saveClockValue(sql, 'current', current);
  }
  return { current, compacted: byName.get('compacted') ?? 0 };
}

export function saveClockValue(sql: SqlStorage, name: keyof ClockState, value: number): void {
  sql.exec('INSERT INTO clock (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', name, value);
}
