/**
 * Go's fmt verbs that kube-apiserver uses in messages kubectl prints verbatim.
 * `%q` is strconv.Quote: printable Unicode kept, control characters as Go escapes.
 */
export function goQuote(value: string): string {
  if (plainAscii.test(value)) return `"${value}"`;
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += quoteRune(ch, code);
  }
  return out + '"';
}

/** Printable ASCII but `"` and `\\`: quoted as it is. */
const plainAscii = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

const namedEscapes: Record<number, string> = {
  0x07: '\\a', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x0b: '\\v',
  0x22: '\\"', 0x5c: '\\\\',
};

function quoteRune(ch: string, code: number): string {
  const named = namedEscapes[code];
  if (named) return named;
  if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code >= 0x80 && code < 0xa0) return `\\u${code.toString(16).padStart(4, '0')}`;
  if (code === 0xfffd && ch !== '\ufffd') return '\\ufffd';
  return ch;
}

/** Go's `%q` on a single rune, as in JSON syntax errors: 'x', '\u009e'. */
export function goQuoteRune(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (ch === "'") return "'\\''";
  if (code === 0x22) return `'"'`;
  const quoted = quoteRune(ch, code);
  return `'${quoted}'`;
}

/** Go's `%#v` of a non-nil []string, or of a named string slice type: `[]string{"a", "b"}`. */
export function goStringSlice(values: readonly string[], typeName = '[]string'): string {
  return `${typeName}{${values.map((value) => goQuote(value)).join(', ')}}`;
}

/**
 * Go's `%v` (and `%+v`) of decoded JSON: maps as `map[k:v ...]` with keys sorted, slices as
 * `[a b]`, strings bare, nil as `<nil>`, numbers as Go prints int64 and float64.
 */
export function goPrintValue(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (Array.isArray(value)) return `[${value.map(goPrintValue).join(' ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `map[${entries.map(([key, item]) => `${key}:${goPrintValue(item)}`).join(' ')}]`;
  }
  if (typeof value === 'number') return goFloatText(value);
  return String(value);
}

/** strconv's shortest float text with %v's exponent rule (below 1e-4 or from 1e21). */
function goFloatText(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude === 0 || (magnitude >= 1e-4 && magnitude < 1e21)) return String(value);
  const [mantissa, exponent] = value.toExponential().split('e') as [string, string];
  const sign = exponent.startsWith('-') ? '-' : '+';
  return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}
