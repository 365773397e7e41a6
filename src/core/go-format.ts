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
