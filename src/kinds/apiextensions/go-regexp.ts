/**
 * Go's regexp.Compile (RE2 syntax, Perl flags) errors for a schema `pattern`, as
 * ValidateStructural reports them: `error parsing regexp: <code>: \`<expr>\``. A scan in the
 * order of Go's regexp/syntax parser, so the first error is the one Go reports: character classes
 * are read whole (inside them `*+?(){}` are literals: Gateway API's `[A-Za-z0-9\/\-._~%!$&'()*+,;=:]`),
 * a repetition that follows a repetition is a nested one (`a**`, `a*+`, `x{2}*`; `a*?` is lazy),
 * one with nothing before it lacks its argument, and escapes, named groups, flags and counted
 * repetitions are Go's (kube-apiserver v1.32.13's answers in test/unit/go-regexp.test.ts).
 * Not checked: Go's bounds on nesting depth and program size.
 */
import { GoRegexpError, readClass, readCountedRepeat, readEscape, readPerlClass, readUnicodeClass, runeAt } from './go-regexp-atoms.js';

class PatternScan {
  private index = 0;
  private depth = 0;
  /** The parser's stack ends with something a repetition can apply to (not `(`, `|` or nothing). */
  private operand = false;
  /** Where the previous token began when it was a repetition, else -1. */
  private lastRepeat = -1;

  constructor(private readonly pattern: string) {}

  run(): void {
    while (this.index < this.pattern.length) this.lastRepeat = this.step();
    if (this.depth > 0) throw new GoRegexpError('missing closing )', this.pattern);
  }

  /** Reads one token; answers where it began if it was a repetition, else -1. */
  private step(): number {
    const start = this.index;
    const ch = this.pattern[start]!;
    if (ch === '*' || ch === '+' || ch === '?') return this.repeat(start, start + 1);
    if (ch === '{') return this.countedRepeat(start);
    if (ch === '(') this.group(start);
    else if (ch === ')') this.closeGroup();
    else if (ch === '|') this.advance(start + 1, false);
    else if (ch === '[') this.advance(readClass(this.pattern, start), true);
    else if (ch === '\\') this.escape(start);
    else this.advance(start + runeAt(this.pattern, start).length, true);
    return -1;
  }

  private advance(to: number, operand: boolean): void {
    this.index = to;
    this.operand = operand;
  }

  /** parser.repeat: a lazy `?` belongs to the operator; stacked operators and missing arguments are errors. */
  private repeat(start: number, end: number): number {
    if (this.pattern[end] === '?') end++;
    if (this.lastRepeat >= 0) throw new GoRegexpError('invalid nested repetition operator', this.pattern.slice(this.lastRepeat, end));
    if (!this.operand) throw new GoRegexpError('missing argument to repetition operator', this.pattern.slice(start, end));
    this.advance(end, true);
    return start;
  }

  /** `{n,m}`: a repetition when it parses as one, else a literal `{`. */
  private countedRepeat(start: number): number {
    const counted = readCountedRepeat(this.pattern, start);
    if (!counted) {
      this.advance(start + 1, true);
      return -1;
    }
    const { min, max, end } = counted;
    if (min < 0 || min > 1000 || max > 1000 || (max >= 0 && min > max)) throw new GoRegexpError('invalid repeat count', this.pattern.slice(start, end));
    return this.repeat(start, end);
  }

  private closeGroup(): void {
    if (--this.depth < 0) throw new GoRegexpError('unexpected )', this.pattern);
    this.advance(this.index + 1, true);
  }

  /** `(`, `(?:`, `(?P<name>`, `(?<name>`, and flag groups `(?i)` / `(?i-s:` (parsePerlFlags). */
  private group(start: number): void {
    if (this.pattern[start + 1] !== '?') return this.open(start + 1);
    const rest = this.pattern.length - start;
    const pythonName = rest > 4 && this.pattern.startsWith('P<', start + 2);
    if (pythonName || (rest > 3 && this.pattern[start + 2] === '<')) return this.namedGroup(start, start + (pythonName ? 4 : 3));
    let index = start + 2;
    let negated = false;
    let sawFlag = false;
    while (index < this.pattern.length) {
      const ch = this.pattern[index++]!;
      if ('imsU'.includes(ch)) sawFlag = true;
      else if (ch === '-' && !negated) [negated, sawFlag] = [true, false];
      else if ((ch === ':' || ch === ')') && !(negated && !sawFlag)) {
        if (ch === ':') return this.open(index);
        this.index = index; // flags only: nothing pushed, the operand stays as it was
        return;
      } else break;
    }
    throw new GoRegexpError('invalid or unsupported Perl syntax', this.pattern.slice(start, index));
  }

  private namedGroup(start: number, nameStart: number): void {
    const close = this.pattern.indexOf('>', start);
    if (close < 0) throw new GoRegexpError('invalid named capture', this.pattern.slice(start));
    if (!/^[\p{L}\p{Nd}_]+$/u.test(this.pattern.slice(nameStart, close))) throw new GoRegexpError('invalid named capture', this.pattern.slice(start, close + 1));
    this.open(close + 1);
  }

  private open(after: number): void {
    this.depth++;
    this.advance(after, false);
  }

  /** `\A \b \B \z`, `\Q...\E`, Unicode and Perl classes, or a single-character escape. */
  private escape(start: number): void {
    const next = this.pattern[start + 1];
    if (next !== undefined && 'AbBz'.includes(next)) return this.advance(start + 2, true);
    if (next === 'C') throw new GoRegexpError('invalid escape sequence', '\\C');
    if (next === 'Q') {
      const end = this.pattern.indexOf('\\E', start + 2);
      const literal = end < 0 ? this.pattern.length - start - 2 : end - start - 2;
      this.index = end < 0 ? this.pattern.length : end + 2;
      if (literal > 0) this.operand = true;
      return;
    }
    const classEnd = readUnicodeClass(this.pattern, start) ?? readPerlClass(this.pattern, start);
    this.advance(classEnd ?? readEscape(this.pattern, start), true);
  }
}

/** The error regexp.Compile returns for `pattern`, or undefined when it compiles. */
export function goRegexpError(pattern: string): string | undefined {
  try {
    new PatternScan(pattern).run();
    return undefined;
  } catch (error) {
    if (error instanceof GoRegexpError) return error.message;
    throw error;
  }
}
