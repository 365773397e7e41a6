/**
 * Go's encoding/json syntax error texts, from a port of its scanner (scanner.go): the first
 * offending character with the state it broke (`invalid character '}' after object key`,
 * `invalid character ' ' in numeric literal`, `unexpected end of JSON input`). Quirks kept: the
 * character is the first UTF-8 byte of the offending character, quoted as Go quotes a byte ('Ã'
 * for 'é'); at end of input Go feeds the scanner one space (so `1.` ends with "invalid character
 * ' ' after decimal point in numeric literal"); nesting deeper than 10000 fails. An explicit
 * state machine, not recursion, so deep documents cannot exhaust the stack.
 */
import { goQuoteRune } from './go-format.js';

/** Go's maxNestingDepth. */
export const maxJsonNestingDepth = 10000;

/** Go's quoteChar over the first UTF-8 byte of `ch`, as its error texts show it. */
export function goQuoteByte(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  let byte = code;
  if (code >= 0x10000) byte = 0xf0 | (code >> 18);
  else if (code >= 0x800) byte = 0xe0 | (code >> 12);
  else if (code >= 0x80) byte = 0xc0 | (code >> 6);
  if (byte === 0xad) return "'\\u00ad'";
  return goQuoteRune(String.fromCharCode(byte));
}

const enum State {
  BeginValueOrEmpty, BeginValue, BeginStringOrEmpty, BeginString, InString, InStringEscape, InStringEscapeU,
  Negative, NonZero, Zero, Dot, DotDigits, Exponent, ExponentSign, ExponentDigits, Literal, EndValue, EndTop,
}

const enum Container { ObjectKey, ObjectValue, ArrayValue }

const isSpace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
const isDigit = (ch: string): boolean => ch >= '0' && ch <= '9';
const isHex = (ch: string): boolean => isDigit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');

class SyntaxFailure extends Error {}

/** One Go scanner: feed characters with step(), then eof(). Throws SyntaxFailure with Go's text. */
class GoJsonScanner {
  private state = State.BeginValue;
  private readonly containers: Container[] = [];
  private endTop = false;
  private literal = '';
  private literalAt = 0;
  private escapeDigits = 0;

  private fail(ch: string, context: string): never {
    throw new SyntaxFailure(`invalid character ${goQuoteByte(ch)} ${context}`);
  }

  private push(ch: string, container: Container): void {
    this.containers.push(container);
    if (this.containers.length > maxJsonNestingDepth) this.fail(ch, 'exceeded max depth');
  }

  step(ch: string): void {
    switch (this.state) {
      case State.BeginValueOrEmpty:
        if (isSpace(ch)) return;
        if (ch === ']') return this.endValue(ch);
        return this.beginValue(ch);
      case State.BeginValue:
        return this.beginValue(ch);
      case State.BeginStringOrEmpty:
        if (isSpace(ch)) return;
        if (ch === '}') {
          this.containers[this.containers.length - 1] = Container.ObjectValue;
          return this.endValue(ch);
        }
        return this.beginString(ch);
      case State.BeginString:
        return this.beginString(ch);
      case State.InString:
        if (ch === '"') this.state = State.EndValue;
        else if (ch === '\\') this.state = State.InStringEscape;
        else if (ch.charCodeAt(0) < 0x20) this.fail(ch, 'in string literal');
        return;
      case State.InStringEscape:
        if ('bfnrt\\/"'.includes(ch)) this.state = State.InString;
        else if (ch === 'u') [this.state, this.escapeDigits] = [State.InStringEscapeU, 0];
        else this.fail(ch, 'in string escape code');
        return;
      case State.InStringEscapeU:
        if (!isHex(ch)) this.fail(ch, 'in \\u hexadecimal character escape');
        if (++this.escapeDigits === 4) this.state = State.InString;
        return;
      default:
        return this.stepNumberOrEnd(ch);
    }
  }

  private stepNumberOrEnd(ch: string): void {
    switch (this.state) {
      case State.Negative:
        if (ch === '0') this.state = State.Zero;
        else if (isDigit(ch)) this.state = State.NonZero;
        else this.fail(ch, 'in numeric literal');
        return;
      case State.NonZero:
        if (isDigit(ch)) return;
        return this.afterInteger(ch);
      case State.Zero:
        return this.afterInteger(ch);
      case State.Dot:
        if (!isDigit(ch)) this.fail(ch, 'after decimal point in numeric literal');
        this.state = State.DotDigits;
        return;
      case State.DotDigits:
        if (isDigit(ch)) return;
        if (ch === 'e' || ch === 'E') this.state = State.Exponent;
        else this.endValue(ch);
        return;
      case State.Exponent:
        if (ch === '+' || ch === '-') this.state = State.ExponentSign;
        else this.exponentSign(ch);
        return;
      case State.ExponentSign:
        return this.exponentSign(ch);
      case State.ExponentDigits:
        if (isDigit(ch)) return;
        return this.endValue(ch);
      case State.Literal:
        if (ch !== this.literal[this.literalAt]) this.fail(ch, `in literal ${this.literal} (expecting ${goQuoteRune(this.literal[this.literalAt]!)})`);
        if (++this.literalAt === this.literal.length) this.state = State.EndValue;
        return;
      case State.EndValue:
        return this.endValue(ch);
      case State.EndTop:
        if (!isSpace(ch)) this.fail(ch, 'after top-level value');
        return;
    }
  }

  private beginValue(ch: string): void {
    if (isSpace(ch)) return;
    if (ch === '{') {
      this.state = State.BeginStringOrEmpty;
      return this.push(ch, Container.ObjectKey);
    }
    if (ch === '[') {
      this.state = State.BeginValueOrEmpty;
      return this.push(ch, Container.ArrayValue);
    }
    if (ch === '"') this.state = State.InString;
    else if (ch === '-') this.state = State.Negative;
    else if (ch === '0') this.state = State.Zero;
    else if (isDigit(ch)) this.state = State.NonZero;
    else if (ch === 't' || ch === 'f' || ch === 'n') {
      this.literal = ch === 't' ? 'true' : ch === 'f' ? 'false' : 'null';
      [this.state, this.literalAt] = [State.Literal, 1];
    } else this.fail(ch, 'looking for beginning of value');
  }

  private beginString(ch: string): void {
    if (isSpace(ch)) return;
    if (ch !== '"') this.fail(ch, 'looking for beginning of object key string');
    this.state = State.InString;
  }

  private afterInteger(ch: string): void {
    if (ch === '.') this.state = State.Dot;
    else if (ch === 'e' || ch === 'E') this.state = State.Exponent;
    else this.endValue(ch);
  }

  private exponentSign(ch: string): void {
    if (!isDigit(ch)) this.fail(ch, 'in exponent of numeric literal');
    this.state = State.ExponentDigits;
  }

  private endValue(ch: string): void {
    const depth = this.containers.length;
    if (depth === 0) {
      [this.state, this.endTop] = [State.EndTop, true];
      return this.step(ch);
    }
    this.state = State.EndValue;
    if (isSpace(ch)) return;
    switch (this.containers[depth - 1]) {
      case Container.ObjectKey:
        if (ch !== ':') this.fail(ch, 'after object key');
        this.containers[depth - 1] = Container.ObjectValue;
        this.state = State.BeginValue;
        return;
      case Container.ObjectValue:
        if (ch === ',') {
          this.containers[depth - 1] = Container.ObjectKey;
          this.state = State.BeginString;
        } else if (ch === '}') this.containers.pop();
        else this.fail(ch, 'after object key:value pair');
        return;
      case Container.ArrayValue:
        if (ch === ',') this.state = State.BeginValue;
        else if (ch === ']') this.containers.pop();
        else this.fail(ch, 'after array element');
        return;
    }
  }

  /** End of input: Go steps once more with a space, then requires a complete top-level value. */
  eof(): void {
    if (this.endTop) return;
    this.step(' ');
    if (!this.endTop) throw new SyntaxFailure('unexpected end of JSON input');
  }
}

/** Go's syntax error text for `text`, or null if Go's scanner accepts it. */
export function goJsonSyntaxErrorText(text: string): string | null {
  const scanner = new GoJsonScanner();
  try {
    for (let at = 0; at < text.length;) {
      const code = text.codePointAt(at)!;
      const width = code > 0xffff ? 2 : 1;
      scanner.step(width === 1 ? text[at]! : text.slice(at, at + 2));
      at += width;
    }
    scanner.eof();
    return null;
  } catch (error) {
    if (error instanceof SyntaxFailure) return error.message;
    throw error;
  }
}
