/**
 * Scalars as go-yaml v3 writes the nodes of a JSON document (styles cleared): null, booleans and
 * numbers as their JSON text; a string plain when the emitter allows it (yaml_emitter_analyze_scalar)
 * and it would read back as a string (resolve), double-quoted when it would read back as another
 * type (`""`, `"true"`, `"10"`, `"2024-01-02"`), single-quoted when plain is not allowed (`'*'`,
 * `'- a'`), double-quoted with escapes when single quotes cannot hold it (tabs, control
 * characters), and a literal block (`|-`) when it spans lines.
 */

/** go-yaml v3's resolve table: plain words that are not strings. */
const nonStringWords = new Set([
  '~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', '.nan', '.NaN', '.NAN',
  '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF', '<<',
]);
const yamlStyleFloat = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
/** Go's strconv.ParseInt/ParseUint with base 0 (sign, 0x, 0o, 0b, a leading 0 for octal). */
const goInteger = /^[-+]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
/** The layouts go-yaml tries for a timestamp: 2006-1-2, with 15:4:5(.9) and a zone after T or t, or a space. */
const timestamp = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]+)?(Z|[-+][0-9]{2}:[0-9]{2})|[ ][0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(\.[0-9]+)?)?$/;

/** Whether go-yaml would read the plain text `text` as something other than a string. */
export function resolvesToNonString(text: string): boolean {
  if (text === '' || nonStringWords.has(text)) return true;
  const first = text[0]!;
  if (first === '.') return yamlStyleFloat.test(text);
  if (!/[-+0-9]/.test(first)) return false;
  if (timestamp.test(text)) return true;
  const plain = text.replace(/_/g, '');
  return goInteger.test(plain) || yamlStyleFloat.test(plain);
}

/** YAML's printable characters (tab and line feed aside, which the callers treat apart). */
const unprintable = /[^\n\t\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]|\ufeff/u;

/** What yaml_emitter_analyze_scalar allows for a one-line string in block context. */
function plainAllowed(text: string): boolean {
  if (/^(---|\.\.\.)([ \t]|$)/.test(text)) return false;
  if (/^[#,[\]{}&*!|>'"%@`]/.test(text) || /^[-?:]([ \t]|$)/.test(text)) return false;
  if (/: |:$| #/.test(text)) return false;
  return !/^[ \t]|[ \t]$/.test(text) && !text.includes('\t');
}

const escapes: Record<string, string> = {
  '\0': '\\0', '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r',
  '\x1b': '\\e', '"': '\\"', '\\': '\\\\', '\x85': '\\N', '\xa0': '\\_', '\u2028': '\\L', '\u2029': '\\P',
};

function doubleQuoted(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (escapes[char]) out += escapes[char];
    else if (unprintable.test(char)) out += code <= 0xff ? `\\x${hex(code, 2)}` : code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    else out += char;
  }
  return `"${out}"`;
}

const hex = (code: number, width: number): string => code.toString(16).toUpperCase().padStart(width, '0');

/** A literal block: chomping by trailing newlines, an indentation indicator when it starts with a space. */
function literalBlock(text: string, indent: string): string {
  const trailing = /\n*$/.exec(text)![0].length;
  const chomping = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const indicator = /^[ \n]/.test(text) ? String(indent.length || 4) : '';
  const body = trailing > 0 ? text.slice(0, -1) : text;
  const lines = body.split('\n').map((line) => (line === '' ? '' : `${indent}${line}`));
  return `|${indicator}${chomping}\n${lines.join('\n')}`;
}

function stringText(text: string, blockIndent: string): string {
  const special = unprintable.test(text);
  if (text.includes('\n')) {
    const blockAllowed = !special && !/ \n|[ \t]$/.test(text);
    return blockAllowed ? literalBlock(text, blockIndent) : doubleQuoted(text);
  }
  if (resolvesToNonString(text)) return doubleQuoted(text);
  if (!special && plainAllowed(text)) return text;
  return special || text.includes('\t') ? doubleQuoted(text) : `'${text.replace(/'/g, "''")}'`;
}

/**
 * One scalar (or empty collection) as YAML text. `blockIndent` indents the lines of a literal
 * block.
 */
export function scalarText(value: unknown, blockIndent: string): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return stringText(value, blockIndent);
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return Array.isArray(value) ? '[]' : '{}';
}
