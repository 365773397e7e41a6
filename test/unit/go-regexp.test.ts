/**
 * Go's regexp.Compile errors for CRD schema patterns. Every row is kube-apiserver v1.32.13's
 * answer (a dry-run CRD with one property per pattern; the text after "must be a valid regular
 * expression, but isn't: "), undefined where it accepted the pattern. The first row is Gateway
 * API's path pattern, whose class holds `*+` as two literal characters (issue 34, item 1).
 */
import { describe, expect, it } from 'vitest';
import { goRegexpError } from '../../src/kinds/apiextensions/go-regexp.js';

const asked: [string, string | undefined][] = [
  ["^[a-z0-9]+\\/[A-Za-z0-9\\/\\-._~%!$&'()*+,;=:]+$", undefined],
  ["[*+]", undefined],
  ["[+*?]{2}", undefined],
  ["a**", "error parsing regexp: invalid nested repetition operator: `**`"],
  ["a*+", "error parsing regexp: invalid nested repetition operator: `*+`"],
  ["a+*", "error parsing regexp: invalid nested repetition operator: `+*`"],
  ["a??", undefined],
  ["a*?", undefined],
  ["a*??", "error parsing regexp: invalid nested repetition operator: `*??`"],
  ["a{2}{3}", "error parsing regexp: invalid nested repetition operator: `{2}{3}`"],
  ["a{2}*", "error parsing regexp: invalid nested repetition operator: `{2}*`"],
  ["a{2}?", undefined],
  ["a{1001}", "error parsing regexp: invalid repeat count: `{1001}`"],
  ["a{2,1}", "error parsing regexp: invalid repeat count: `{2,1}`"],
  ["{2}", "error parsing regexp: missing argument to repetition operator: `{2}`"],
  ["a{,2}", undefined],
  ["a{", undefined],
  ["*a", "error parsing regexp: missing argument to repetition operator: `*`"],
  ["a|*b", "error parsing regexp: missing argument to repetition operator: `*`"],
  ["(*a)", "error parsing regexp: missing argument to repetition operator: `*`"],
  ["(+)", "error parsing regexp: missing argument to repetition operator: `+`"],
  ["^*", undefined],
  ["$+", undefined],
  ["\\1", "error parsing regexp: invalid escape sequence: `\\1`"],
  ["\\8", "error parsing regexp: invalid escape sequence: `\\8`"],
  ["\\12", undefined],
  ["\\u0041", "error parsing regexp: invalid escape sequence: `\\u`"],
  ["\\Z", "error parsing regexp: invalid escape sequence: `\\Z`"],
  ["\\z", undefined],
  ["\\e", "error parsing regexp: invalid escape sequence: `\\e`"],
  ["\\_", undefined],
  ["\\-", undefined],
  ["\\/", undefined],
  ["\\C", "error parsing regexp: invalid escape sequence: `\\C`"],
  ["\\k<a>", "error parsing regexp: invalid escape sequence: `\\k`"],
  ["\\Qa*+\\E", undefined],
  ["(?=a)", "error parsing regexp: invalid or unsupported Perl syntax: `(?=`"],
  ["(?!a)", "error parsing regexp: invalid or unsupported Perl syntax: `(?!`"],
  ["(?<=a)", "error parsing regexp: invalid named capture: `(?<=a)`"],
  ["(?<!a)", "error parsing regexp: invalid named capture: `(?<!a)`"],
  ["(?>a)", "error parsing regexp: invalid or unsupported Perl syntax: `(?>`"],
  ["(?P<n>a)", undefined],
  ["(?<n>a)", undefined],
  ["(?P<1n>a)", undefined],
  ["(?i)a", undefined],
  ["(?i:a)", undefined],
  ["(?x)a", "error parsing regexp: invalid or unsupported Perl syntax: `(?x`"],
  ["[a", "error parsing regexp: missing closing ]: `[a`"],
  ["[]a]", undefined],
  ["[^]a]", undefined],
  ["[z-a]", "error parsing regexp: invalid character class range: `z-a`"],
  ["[a-]", undefined],
  ["[-a]", undefined],
  ["[a-\\d]", "error parsing regexp: invalid escape sequence: `\\d`"],
  ["[[:alpha:]]", undefined],
  ["[[:foo:]]", "error parsing regexp: invalid character class range: `[:foo:]`"],
  ["a)", "error parsing regexp: unexpected ): `a)`"],
  ["(a", "error parsing regexp: missing closing ): `(a`"],
  ["((a)", "error parsing regexp: missing closing ): `((a)`"],
  ["\\p{L}", undefined],
  ["\\p{Foo}", "error parsing regexp: invalid character class range: `\\p{Foo}`"],
  ["\\pN", undefined],
  ["x{2}{,3}", undefined],
  ["[\\1]", "error parsing regexp: invalid escape sequence: `\\1`"],
  ["[\\Z]", "error parsing regexp: invalid escape sequence: `\\Z`"],
  ["a{2}{", undefined],
  ["a|", undefined],
  ["|a", undefined],
  ["()", undefined],
  ["(|a)", undefined],
  ["a++", "error parsing regexp: invalid nested repetition operator: `++`"],
  ["[a-z]++", "error parsing regexp: invalid nested repetition operator: `++`"],
  ["\\d++", "error parsing regexp: invalid nested repetition operator: `++`"],
  ["x*{2}", "error parsing regexp: invalid nested repetition operator: `*{2}`"],];

describe('goRegexpError', () => {
  it.each(asked)('%s', (pattern, expected) => {
    expect(goRegexpError(pattern)).toBe(expected);
  });

  it.each([
    ['a\\', 'error parsing regexp: trailing backslash at end of expression: ``'],
    ['\\x4', 'error parsing regexp: invalid escape sequence: `\\x4`'],
    ['\\x{}', 'error parsing regexp: invalid escape sequence: `\\x{}`'],
    ['\\x{110000}', 'error parsing regexp: invalid escape sequence: `\\x{110000`'],
    ['\\Q(\\E*', undefined],
    ['(?i-:a)', 'error parsing regexp: invalid or unsupported Perl syntax: `(?i-:`'],
    ['(?i', 'error parsing regexp: invalid or unsupported Perl syntax: `(?i`'],
    ['[\\x41-\\x5A]', undefined],
    ['[Z-\\x41]', 'error parsing regexp: invalid character class range: `Z-\\x41`'],
  ] as [string, string | undefined][])('escapes and flags: %s', (pattern, expected) => {
    expect(goRegexpError(pattern)).toBe(expected);
  });
});
