/**
 * Timestamps and durations of formatted strings, as kube's UnstructuredToVal reads them
 * (kube-openapi strfmt): `duration` is Go's time.ParseDuration, else strfmt's lenient
 * `<n> <unit>` pairs (days and weeks included); `date` is 2006-01-02 at UTC midnight;
 * `date-time` is RFC 3339 (or one of strfmt's ISO 8601 variants; no zone means UTC).
 * Values are @bufbuild/cel's: google.protobuf.Timestamp / Duration reflect messages.
 */
import { create } from '@bufbuild/protobuf';
import { reflect } from '@bufbuild/protobuf/reflect';
import { DurationSchema, TimestampSchema } from '@bufbuild/protobuf/wkt';
import type { CelValue } from '@bufbuild/cel';

const second = 1_000_000_000n;

/** A timestamp value; undefined outside 0001-01-01 .. 9999-12-31. */
export function timestampValue(seconds: bigint, nanos: number): CelValue | undefined {
  if (seconds < -62135596800n || seconds > 253402300799n) return undefined;
  return reflect(TimestampSchema, create(TimestampSchema, { seconds, nanos })) as unknown as CelValue;
}

/** A duration value of `total` nanoseconds. */
export function durationValue(total: bigint): CelValue {
  return reflect(DurationSchema, create(DurationSchema, { seconds: total / second, nanos: Number(total % second) })) as unknown as CelValue;
}

const goUnits: Record<string, bigint> = { ns: 1n, us: 1000n, 'µs': 1000n, 'μs': 1000n, ms: 1_000_000n, s: second, m: 60n * second, h: 3600n * second };

/** time.ParseDuration in nanoseconds, or undefined. */
export function parseGoDuration(text: string): bigint | undefined {
  const match = /^([-+]?)(.*)$/s.exec(text)!;
  const body = match[2]!;
  if (body === '0') return 0n;
  if (body === '') return undefined;
  let total = 0n;
  const part = /([0-9]*)(?:\.([0-9]*))?([^0-9.]+)/y;
  for (let at = 0; at < body.length;) {
    part.lastIndex = at;
    const unitMatch = part.exec(body);
    const unit = unitMatch ? goUnits[unitMatch[3]!] : undefined;
    if (!unitMatch || unit === undefined || (unitMatch[1] === '' && !unitMatch[2])) return undefined;
    const fraction = unitMatch[2] ?? '';
    total += BigInt(unitMatch[1] || '0') * unit + (fraction ? (BigInt(fraction) * unit) / 10n ** BigInt(fraction.length) : 0n);
    at = part.lastIndex;
  }
  return match[1] === '-' ? -total : total;
}

const strfmtUnits: [string[], bigint][] = [
  [['ns', 'nanoseconds'], 1n], [['us', 'µs', 'microseconds'], 1000n], [['ms', 'milliseconds'], 1_000_000n],
  [['s', 'seconds'], second], [['m', 'minutes'], 60n * second], [['h', 'hours'], 3600n * second],
  [['d', 'days'], 86400n * second], [['w', 'weeks'], 7n * 86400n * second],
];

/** strfmt.ParseDuration in nanoseconds, or undefined. */
export function parseStrfmtDuration(text: string): bigint | undefined {
  const go = parseGoDuration(text);
  if (go !== undefined) return go;
  let total: bigint | undefined;
  for (const match of text.matchAll(/(\d+)\s*([A-Za-zµ]+)/g)) {
    const unit = strfmtUnits.find(([names]) => names.includes(match[2]!.toLowerCase()))?.[1];
    if (unit !== undefined) total = (total ?? 0n) + BigInt(match[1]!) * unit;
  }
  return total;
}

const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

const daysIn = (year: number, month: number): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
};

/** An RFC 3339 / strfmt date-time, or a full date, as seconds and nanos since the epoch; undefined when invalid. */
export function parseDateTime(text: string, dateOnly = false): { seconds: bigint; nanos: number } | undefined {
  const match = dateTimePattern.exec(text);
  if (!match || (dateOnly && (match[4] !== undefined || match[8] !== undefined))) return undefined;
  const [year, month, day, hour, minute, sec] = [1, 2, 3, 4, 5, 6].map((index) => Number(match[index] ?? 0)) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || sec > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, sec, 0);
  const epochMillis = date.getTime();
  const zone = match[8];
  const offsetMinutes = !zone || zone === 'Z' || zone === 'z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const nanos = Number((match[7] ?? '').padEnd(9, '0').slice(0, 9) || '0');
  return { seconds: BigInt(epochMillis / 1000 - offsetMinutes * 60), nanos };
}
