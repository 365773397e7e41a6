/**
 * Go's fmt verbs that kube-apiserver uses in messages kubectl prints verbatim.
 * `%q` is strconv.Quote: printable Unicode kept, control characters as Go escapes.
 */
export function goQuote(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += quoteRune(ch, code);
  }
  return out + '"';
}

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
