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

export function loadClock(sql: SqlStorage): ClockState {
  const rows = sql.exec<{ name: string; value: number }>('SELECT name, value FROM clock').toArray();
  const byName = new Map(rows.map((row) => [row.name, row.value]));
  let current = byName.get('current');
  if (current === undefined) {
    current = nowMicros();
    saveClockValue(sql, 'current', current);
  }
  return { current, compacted: byName.get('compacted') ?? 0 };
}

export function saveClockValue(sql: SqlStorage, name: keyof ClockState, value: number): void {
  sql.exec('INSERT INTO clock (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value', name, value);
}
