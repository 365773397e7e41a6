/**
 * The JSON forms of kube's time types: metav1.Time (RFC 3339, whole seconds, UTC), metav1.MicroTime
 * (RFC 3339 with exactly six fractional digits, UTC) and metav1.Duration (Go's time.Duration
 * String / ParseDuration). Pure functions; callers map failures to their own error types.
 */

/** An instant as Unix seconds plus non-negative nanoseconds within the second. */
export interface Instant {
  seconds: number;
  nanos: number;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parses an RFC 3339 timestamp (any offset, up to nanosecond fractions); undefined if invalid. */
export function parseRfc3339(text: string): Instant | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCDate() !== day) return undefined;
  date.setUTCHours(hour, minute, second, 0);
  const offset = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 3600 + Number(m[11]) * 60);
  const nanos = m[7] ? Number(m[7].padEnd(9, '0')) : 0;
  return { seconds: date.getTime() / 1000 - offset, nanos };
}

/** The UTC calendar form of Unix seconds: "YYYY-MM-DDTHH:MM:SS". */
function calendar(seconds: number): string {
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const y = year >= 0 && year <= 9999 ? pad(year, 4) : String(year);
  return `${y}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:` +
    `${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** metav1.Time's JSON: RFC 3339 in UTC with whole seconds, "2026-11-21T09:55:37Z". */
export function formatTime(seconds: number): string {
  return `${calendar(seconds)}Z`;
}

/** metav1.MicroTime's JSON: six fractional digits (truncated, as Go's Format does). */
export function formatMicroTime(seconds: number, nanos: number): string {
  return `${calendar(seconds)}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z`;
}

// ---- durations ----------------------------------------------------------------------------

const NS = { ns: 1n, us: 1_000n, 'µs': 1_000n, 'μs': 1_000n, ms: 1_000_000n, s: 1_000_000_000n,
  m: 60_000_000_000n, h: 3_600_000_000_000n } as const;

/** The digits of v / 10^prec with trailing zeros dropped ("" when the fraction is 0), and the quotient. */
function fraction(v: bigint, prec: number): [string, bigint] {
  const scale = 10n ** BigInt(prec);
  const digits = String(v % scale).padStart(prec, '0').replace(/0+$/, '');
  return [digits ? `.${digits}` : '', v / scale];
}

/** Go's time.Duration.String(): "1h0m0s", "1.5s", "100ms", "0s". */
export function formatGoDuration(nanoseconds: number | bigint): string {
  const d = BigInt(nanoseconds);
  const sign = d < 0n ? '-' : '';
  const u = d < 0n ? -d : d;
  if (u === 0n) return '0s';
  if (u < 1_000n) return `${sign}${u}ns`;
  if (u < 1_000_000n) {
    const [frac, whole] = fraction(u, 3);
    return `${sign}${whole}${frac}µs`;
  }
  if (u < 1_000_000_000n) {
    const [frac, whole] = fraction(u, 6);
    return `${sign}${whole}${frac}ms`;
  }
  const [frac, totalSeconds] = fraction(u, 9);
  let out = `${totalSeconds % 60n}${frac}s`;
  const totalMinutes = totalSeconds / 60n;
  if (totalMinutes > 0n) {
    out = `${totalMinutes % 60n}m${out}`;
    const hours = totalMinutes / 60n;
    if (hours > 0n) out = `${hours}h${out}`;
  }
  return sign + out;
}

const DURATION_PART = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/;

/** Go's time.ParseDuration in nanoseconds; undefined if invalid. */
export function parseGoDuration(text: string): bigint | undefined {
  let rest = text;
  let sign = 1n;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1n : 1n;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0n;
  if (rest === '') return undefined;
  let total = 0n;
  while (rest !== '') {
    const m = DURATION_PART.exec(rest);
    if (!m || (m[1] === '' && !m[2])) return undefined;
    const unit = NS[m[3] as keyof typeof NS];
    const frac = m[2] ?? '';
    total += BigInt(m[1] || '0') * unit;
    if (frac) total += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    rest = rest.slice(m[0].length);
  }
  return sign * total;
}
