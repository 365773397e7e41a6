/**
 * The atoms of Go's regexp/syntax parser (Perl flags, as regexp.Compile parses): escapes,
 * Unicode and Perl class escapes, character classes and counted repetitions. Each reader takes
 * the pattern and a position and answers the position after the atom, or a parse error with
 * Go's code and the text it quotes.
 */

/** A parse error: Go's ErrorCode text and the expression it quotes. */
export class GoRegexpError extends Error {
  constructor(readonly code: string, readonly expression: string) {
    super(`error parsing regexp: ${code}: \`${expression}\``);
  }
}

const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const isOctal = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '7';
const isHex = (ch: string | undefined) => ch !== undefined && /^[0-9A-Fa-f]$/.test(ch);
const isAlphanumeric = (ch: string) => /^[0-9A-Za-z]$/.test(ch);

/** The code point at `index` as a string (one or two UTF-16 units). */
export function runeAt(pattern: string, index: number): string {
  return String.fromCodePoint(pattern.codePointAt(index)!);
}

/** parseEscape: a single-character escape at `start` (a backslash); the position after it. */
export function readEscape(pattern: string, start: number): number {
  let index = start + 1;
  if (index >= pattern.length) throw new GoRegexpError('trailing backslash at end of expression', '');
  const ch = runeAt(pattern, index);
  index += ch.length;
  const invalid = () => new GoRegexpError('invalid escape sequence', pattern.slice(start, index));
  if (ch.codePointAt(0)! < 0x80 && !isAlphanumeric(ch)) return index;
  if (ch >= '1' && ch <= '7' && !isOctal(pattern[index])) throw invalid();
  if (ch >= '0' && ch <= '7') {
    for (let digits = 1; digits < 3 && isOctal(pattern[index]); digits++) index++;
    return index;
  }
  if (ch === 'x') return readHexEscape(pattern, start, index);
  if ('afnrtv'.includes(ch)) return index;
  throw invalid();
}

/** `\x41` or `\x{10FFFF}`, `index` after the x. */
function readHexEscape(pattern: string, start: number, index: number): number {
  const invalid = (end: number) => new GoRegexpError('invalid escape sequence', pattern.slice(start, end));
  if (index >= pattern.length) throw invalid(index);
  if (pattern[index] !== '{') {
    const end = Math.min(index + 2, pattern.length);
    if (!isHex(pattern[index]) || !isHex(pattern[index + 1])) throw invalid(end);
    return end;
  }
  let value = 0;
  let digits = 0;
  for (index++; ; index++) {
    if (index >= pattern.length) throw invalid(index);
    if (pattern[index] === '}') break;
    if (!isHex(pattern[index])) throw invalid(index + 1);
    value = value * 16 + parseInt(pattern[index]!, 16);
    if (value > 0x10ffff) throw invalid(index + 1);
    digits++;
  }
  if (digits === 0) throw invalid(index + 1);
  return index + 1;
}

/** Go's unicode.Categories (v1.23), which `\p{..}` names besides scripts and `Any`. */
const categories = new Set(
  'C Cc Cf Co Cs L Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs'.split(' '),
);

function isUnicodeTable(name: string): boolean {
  if (name === 'Any' || categories.has(name)) return true;
  if (!/^[A-Z][A-Za-z_]*$/.test(name)) return false;
  try {
    new RegExp(`\\p{Script=${name}}`, 'u');
    return true;
  } catch {
    return false;
  }
}

/** parseUnicodeClass: `\pL`, `\p{Greek}`, `\P{^Han}` at `start`; undefined when it is none. */
export function readUnicodeClass(pattern: string, start: number): number | undefined {
  if (pattern[start] !== '\\' || (pattern[start + 1] !== 'p' && pattern[start + 1] !== 'P')) return undefined;
  if (start + 2 >= pattern.length) throw new GoRegexpError('invalid character class range', pattern.slice(start));
  let name: string;
  let end: number;
  if (pattern[start + 2] !== '{') {
    const letter = runeAt(pattern, start + 2);
    end = start + 2 + letter.length;
    name = letter;
  } else {
    const close = pattern.indexOf('}', start);
    if (close < 0) throw new GoRegexpError('invalid character class range', pattern.slice(start));
    end = close + 1;
    name = pattern.slice(start + 3, close);
  }
  if (name.startsWith('^')) name = name.slice(1);
  if (!isUnicodeTable(name)) throw new GoRegexpError('invalid character class range', pattern.slice(start, end));
  return end;
}

/** parsePerlClassEscape: `\d \D \s \S \w \W` at `start`; undefined when it is none. */
export function readPerlClass(pattern: string, start: number): number | undefined {
  return pattern[start] === '\\' && 'dDsSwW'.includes(pattern[start + 1] ?? '_') ? start + 2 : undefined;
}

const posixClasses = new Set(['alnum', 'alpha', 'ascii', 'blank', 'cntrl', 'digit', 'graph', 'lower', 'print', 'punct', 'space', 'upper', 'word', 'xdigit']);

/** parseNamedClass: `[:alpha:]`, `[:^digit:]` at `start` inside a class; undefined when it is none. */
function readPosixClass(pattern: string, start: number): number | undefined {
  if (pattern[start] !== '[' || pattern[start + 1] !== ':' || start + 2 >= pattern.length) return undefined;
  const close = pattern.indexOf(':]', start + 2);
  if (close < 0) return undefined;
  const name = pattern.slice(start, close + 2);
  if (!posixClasses.has(name.slice(2, -2).replace(/^\^/, ''))) throw new GoRegexpError('invalid character class range', name);
  return close + 2;
}

/** parseClassChar: one character of a class (maybe escaped); its code point and the position after it. */
function readClassChar(pattern: string, index: number, classStart: number): { code: number; end: number } {
  if (index >= pattern.length) throw new GoRegexpError('missing closing ]', pattern.slice(classStart));
  if (pattern[index] === '\\') {
    const end = readEscape(pattern, index);
    return { code: escapedCode(pattern.slice(index, end)), end };
  }
  const ch = runeAt(pattern, index);
  return { code: ch.codePointAt(0)!, end: index + ch.length };
}

/** The code point an escape (already known valid) stands for. */
function escapedCode(escape: string): number {
  const body = escape.slice(1);
  if (body[0] === 'x') return parseInt(body.replace(/^x\{?|\}$/g, ''), 16);
  if (isOctal(body[0])) return parseInt(body, 8);
  const controls: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
  return controls[body] ?? body.codePointAt(0)!;
}

/**
 * parseClass: the class opened at `start`; the position after its `]`. Inside a class `*`, `+`,
 * `?`, `(` and the like are literal characters; a `]` right after `[` or `[^` is one too.
 */
export function readClass(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === '^') index++;
  for (let first = true; index >= pattern.length || pattern[index] !== ']' || first; first = false) {
    const named = readPosixClass(pattern, index) ?? readUnicodeClass(pattern, index) ?? readPerlClass(pattern, index);
    if (named !== undefined) {
      index = named;
      continue;
    }
    const low = readClassChar(pattern, index, start);
    let end = low.end;
    if (pattern[end] === '-' && end + 1 < pattern.length && pattern[end + 1] !== ']') {
      const high = readClassChar(pattern, end + 1, start);
      if (high.code < low.code) throw new GoRegexpError('invalid character class range', pattern.slice(index, high.end));
      end = high.end;
    }
    index = end;
  }
  return index + 1;
}

/** parseInt of parseRepeat: digits without a leading zero; -1 past 10^8; undefined when none. */
function readCount(pattern: string, index: number): { value: number; end: number } | undefined {
  let end = index;
  while (isDigit(pattern[end])) end++;
  if (end === index || (end - index >= 2 && pattern[index] === '0')) return undefined;
  const digits = pattern.slice(index, end);
  return { value: digits.length > 8 ? -1 : Number(digits), end };
}

/** parseRepeat: `{n}`, `{n,}`, `{n,m}` at `start`; undefined when it is not one (then `{` is a literal). */
export function readCountedRepeat(pattern: string, start: number): { min: number; max: number; end: number } | undefined {
  const min = readCount(pattern, start + 1);
  if (!min) return undefined;
  let low = min.value;
  let max = low;
  let index = min.end;
  if (pattern[index] === ',') {
    index++;
    if (pattern[index] === '}') max = -1;
    else {
      const upper = readCount(pattern, index);
      if (!upper) return undefined;
      max = upper.value;
      index = upper.end;
      if (max < 0) low = -1; // too large: refused as a repeat count below
    }
  }
  return pattern[index] === '}' ? { min: low, max, end: index + 1 } : undefined;
}
