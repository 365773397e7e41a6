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

/** The resourceVersion for the next write after `current`. */
export function nextResourceVersion(current: number): number {
  return Math.max(current + 1, nowMicros());
}

/**
 * The clock as stored. Writes do not save `current` (their revisions carry it: the newest row's
 * rv is the newest committed version); the clock row holds it for the origin and for
 * advanceClock, which writes no revision. Compaction removes old rows only, never the newest
 * state's, and versions follow wall-clock microseconds, so the newest remaining row bounds
 * every version handed out.
 */
export function loadClock(sql: SqlStorage): ClockState {
  const rows = sql.exec<{ name: string; value: number }>('SELECT name, value FROM clock').toArray();
  const byName = new Map(rows.map((row) => [row.name, row.value]));
  const newestRow = sql.exec<{ rv: number | null }>('SELECT max(rv) AS rv FROM revisions').one().rv;
  let current = Math.max(byName.get('current') ?? 0, newestRow ?? 0);
  if (current === 0) {
    current = nowMicros();
    saveClockValue(sql, 'current', current);
  }
  return { current, compacted: byName.get('compacted') ?? 0 };
}

export function saveClockValue(sql: SqlStorage, name: keyof ClockState, value: number): void {
  sql.exec('INSERT INTO clock (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', name, value);
}
