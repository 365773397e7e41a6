/**
 * Go's time package as kube's messages show it, with Go 1.23's error texts: the package's own
 * quoting, time.ParseDuration (robfig/cron's `@every`) and time.LoadLocation (CronJob time
 * zones). Locations are looked up in the runtime's ICU time zone data, as kube embeds Go's
 * tzdata. time.Parse of kube's timestamp layouts is in go-time-parse.ts.
 */

const units: Record<string, number> = { ns: 1, us: 1e3, 'µs': 1e3, 'μs': 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 };

/** time's own quote(): printable ASCII kept (`"` and `\` escaped), every other byte as \xNN. */
export function goTimeQuote(text: string): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 || code >= 0x80) {
      for (const byte of new TextEncoder().encode(character)) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    } else out += character === '"' || character === '\\' ? `\\${character}` : character;
  }
  return `${out}"`;
}

/** time.ParseDuration's error text, or undefined when the duration parses. */
export function parseDurationError(original: string): string | undefined {
  const invalid = `time: invalid duration ${goTimeQuote(original)}`;
  let rest = original.startsWith('-') || original.startsWith('+') ? original.slice(1) : original;
  if (rest === '0') return undefined;
  if (rest === '') return invalid;
  let total = 0;
  while (rest !== '') {
    const number = /^([0-9]*)(\.([0-9]*))?/.exec(rest)!;
    if (number[1] === '' && (number[3] ?? '') === '') return invalid;
    rest = rest.slice(number[0].length);
    const unit = /^[^0-9.]*/.exec(rest)![0];
    if (unit === '') return `time: missing unit in duration ${goTimeQuote(original)}`;
    const scale = units[unit];
    if (scale === undefined) return `time: unknown unit ${goTimeQuote(unit)} in duration ${goTimeQuote(original)}`;
    rest = rest.slice(unit.length);
    total += Number(`${number[1] || '0'}.${number[3] ?? ''}0`) * scale;
    if (total > 2 ** 63 - 1) return invalid;
  }
  return undefined;
}

/** time.LoadLocation's error text, or undefined when the location loads. */
export function loadLocationError(name: string): string | undefined {
  if (name === '' || name === 'UTC' || name === 'Local') return undefined;
  if (name.includes('..') || name.startsWith('/') || name.startsWith('\\')) return 'time: invalid location name';
  return isKnownTimeZone(name) ? undefined : `unknown time zone ${name}`;
}

/**
 * Whether Go's tzdata has the name. ICU also accepts UTC offsets and any letter case; Go's
 * lookup is a case-sensitive file name, so a case variant of a canonical name is refused.
 */
function isKnownTimeZone(name: string): boolean {
  if (/^[+-][0-9]/.test(name)) return false;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  return resolved === name || resolved.toLowerCase() !== name.toLowerCase();
}
