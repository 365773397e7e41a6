/**
 * The label selector lexer of k8s.io/apimachinery/pkg/labels/selector.go, byte for byte in
 * behaviour: whitespace is ' ', '\t', '\r', '\n'; the special symbols `= ! ( ) , > <` form
 * operators by longest match; anything else up to a special symbol or whitespace is an identifier,
 * unless it spells `in` or `notin`. Every non-ASCII character is an identifier character in both
 * Go's byte view and our UTF-16 view, so scanning code units gives the same tokens.
 */

export type Token =
  | 'error'
  | 'endOfString'
  | 'closedParenthesis'
  | 'comma'
  | 'doesNotExist'
  | 'doubleEquals'
  | 'equals'
  | 'greaterThan'
  | 'identifier'
  | 'in'
  | 'lessThan'
  | 'notEquals'
  | 'notIn'
  | 'openParenthesis';

export interface ScannedItem {
  token: Token;
  literal: string;
}

// Every token spelled by a fixed literal (kube's string2token).
const literalTokens = new Map<string, Token>([
  [')', 'closedParenthesis'],
  [',', 'comma'],
  ['!', 'doesNotExist'],
  ['==', 'doubleEquals'],
  ['=', 'equals'],
  ['>', 'greaterThan'],
  ['in', 'in'],
  ['<', 'lessThan'],
  ['!=', 'notEquals'],
  ['notin', 'notIn'],
  ['(', 'openParenthesis'],
]);

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;
}

const specialSymbols = new Set([...'=!(),><'].map((symbol) => symbol.charCodeAt(0)));

function isSpecialSymbol(code: number): boolean {
  return specialSymbols.has(code);
}

/** Splits a selector into tokens, always ending with `endOfString`. */
export function scanLabelSelector(text: string): ScannedItem[] {
  const lexer = new Lexer(text);
  const items: ScannedItem[] = [];
  for (;;) {
    const item = lexer.lex();
    items.push(item);
    if (item.token === 'endOfString') return items;
  }
}

// Quirk kept from Go: read() returns 0 at the end of input, and a NUL character in the input also
// reads as 0, so a NUL where a token starts ends the selector.
class Lexer {
  private position = 0;

  constructor(private readonly text: string) {}

  lex(): ScannedItem {
    let code = this.read();
    while (isWhitespace(code)) code = this.read();
    if (code === 0) return { token: 'endOfString', literal: '' };
    this.unread();
    return isSpecialSymbol(code) ? this.scanSpecialSymbol() : this.scanIdentifierOrKeyword();
  }

  private read(): number {
    if (this.position >= this.text.length) return 0;
    return this.text.charCodeAt(this.position++);
  }

  private unread(): void {
    this.position--;
  }

  private scanIdentifierOrKeyword(): ScannedItem {
    const start = this.position;
    let end = start;
    for (;;) {
      const code = this.read();
      if (code === 0) break;
      if (isSpecialSymbol(code) || isWhitespace(code)) {
        this.unread();
        break;
      }
      end = this.position;
    }
    const literal = this.text.slice(start, end);
    return { token: literalTokens.get(literal) ?? 'identifier', literal };
  }

  // Longest match: extends the operator while the buffer still spells a token.
  private scanSpecialSymbol(): ScannedItem {
    let buffer = '';
    let last: ScannedItem | undefined;
    for (;;) {
      const code = this.read();
      if (code === 0) break;
      if (!isSpecialSymbol(code)) {
        this.unread();
        break;
      }
      buffer += String.fromCharCode(code);
      const token = literalTokens.get(buffer);
      if (token) last = { token, literal: buffer };
      else if (last) {
        this.unread();
        break;
      }
    }
    return last ?? { token: 'error', literal: `error expected: keyword found '${buffer}'` };
  }
}
