/**
 * JSON as Go's encoding/json writes it, where kube's bytes are compared or shown: map keys sorted
 * bytewise, `<`, `>`, `&`, U+2028 and U+2029 escaped (json.Marshal's HTML escaping), `\b` and `\f`
 * as `\u0008` and `\u000c`, lone surrogates as U+FFFD. Used for list-key path elements
 * (`k:{"name":"c"}`), manager identifiers and the last-applied-configuration annotation.
 */

/** json.Marshal of a decoded JSON value (objects are Go maps: keys sorted). */
export function goJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goJsonString(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort(compareGoStrings);
    return `{${keys.map((key) => `${goJsonString(key)}:${goJson(record[key])}`).join(',')}}`;
  }
  return 'null';
}

/** Printable ASCII that Go writes as is (no quote, backslash, <, > or &). */
const plainText = /^[\x20-\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

/** A JSON string literal with Go's escaping. */
export function goJsonString(text: string): string {
  if (plainText.test(text)) return `"${text}"`;
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += text[index]! + text[index + 1]!;
        index++;
      } else out += '\\ufffd';
      continue;
    }
    out += escapeCodeUnit(code, text[index]!);
  }
  return out + '"';
}

const namedEscapes: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

function escapeCodeUnit(code: number, character: string): string {
  const named = namedEscapes[code];
  if (named) return named;
  if (code < 0x20 || code === 0x3c || code === 0x3e || code === 0x26 || code === 0x2028 || code === 0x2029) {
    return `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return character;
}

/**
 * Go's strings.Compare: bytewise on UTF-8, which is code point order. UTF-16 code unit order
 * differs only between surrogates (code points from U+10000) and U+E000..U+FFFF.
 */
export function compareGoStrings(left: string, right: string): number {
  if (left === right) return 0;
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) return codePointRank(a) < codePointRank(b) ? -1 : 1;
  }
  return left.length < right.length ? -1 : 1;
}

function codePointRank(codeUnit: number): number {
  return codeUnit >= 0xd800 && codeUnit <= 0xdfff ? codeUnit + 0x10000 : codeUnit;
}
