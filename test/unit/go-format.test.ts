import { describe, expect, it } from 'vitest';
import { goQuote, goQuoteRune } from '../../src/apimachinery/go-format.js';

describe('goQuote', () => {
  it.each([
    ['plain', 'abc', '"abc"'],
    ['quote and backslash', 'a"b\\c', '"a\\"b\\\\c"'],
    ['newline and tab', 'a\nb\tc', '"a\\nb\\tc"'],
    ['nul byte', 'a\u0000', '"a\\x00"'],
    ['C1 control', '\u009e', '"\\u009e"'],
    ['printable unicode kept', 'héllo', '"héllo"'],
  ])('%s', (_name, input, want) => {
    expect(goQuote(input)).toBe(want);
  });

  it('quotes runes as Go does in JSON syntax errors', () => {
    expect(goQuoteRune('n')).toBe("'n'");
    expect(goQuoteRune('\u009e')).toBe("'\\u009e'");
  });
});
