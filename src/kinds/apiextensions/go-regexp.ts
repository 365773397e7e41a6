/**
 * Go's regexp.Compile (RE2 syntax) errors for a schema `pattern`, as ValidateStructural reports
 * them: `error parsing regexp: <code>: \`<expr>\``. Covers what JavaScript accepts but RE2 refuses
 * (lookarounds, backreferences, possessive quantifiers) and the common syntax errors (unbalanced
 * brackets and parentheses, a repetition without argument). Anything else JavaScript cannot
 * compile is reported as `invalid pattern` (not RE2's wording). The scan is approximate: it does
 * not skip character classes when looking for Perl syntax.
 */

const prefix = 'error parsing regexp: ';

/** The first unsupported Perl group or escape RE2 rejects, with RE2's error code. */
function unsupportedSyntax(pattern: string): string | undefined {
  const group = /\(\?(<[=!]|[=!>]|P?=)/.exec(pattern);
  if (group) return `invalid or unsupported Perl syntax: \`${group[0].slice(0, 3)}\``;
  const backreference = /\\[1-9]/.exec(pattern);
  if (backreference) return `invalid escape sequence: \`${backreference[0]}\``;
  const nested = /(?<!\\)[*+?}][*+]/.exec(pattern);
  if (nested) return `invalid nested repetition operator: \`${nested[0]}\``;
  return undefined;
}

/** Bracket and parenthesis balance, with RE2's messages. */
function balanceError(pattern: string): string | undefined {
  let depth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const ch = pattern[index];
    if (ch === '\\') index++;
    else if (ch === '[') {
      const end = classEnd(pattern, index);
      if (end < 0) return `missing closing ]: \`${pattern.slice(index)}\``;
      index = end;
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return `unexpected ): \`${pattern}\``;
  }
  return depth > 0 ? `missing closing ): \`${pattern}\`` : undefined;
}

/** The index of the `]` closing the class opened at `start`, or -1. */
function classEnd(pattern: string, start: number): number {
  let index = start + 1;
  if (pattern[index] === '^') index++;
  if (pattern[index] === ']') index++;
  for (; index < pattern.length; index++) {
    if (pattern[index] === '\\') index++;
    else if (pattern[index] === ']') return index;
  }
  return -1;
}

/** A repetition operator with nothing to repeat. */
function missingArgument(pattern: string): string | undefined {
  const match = /^[*+?]|(?<=\|)[*+?]|(?<=(?<!\\)\()[*+]/.exec(pattern);
  return match ? `missing argument to repetition operator: \`${match[0]}\`` : undefined;
}

/** RE2 syntax JavaScript lacks, rewritten for the final compile check: named groups, inline flags. */
function toJavaScriptSyntax(pattern: string): string {
  return pattern.replace(/\(\?P</g, '(?<').replace(/\(\?[imsU-]+\)/g, '').replace(/\(\?[imsU-]+:/g, '(?:');
}

/** The error regexp.Compile returns for `pattern`, or undefined when it compiles. */
export function goRegexpError(pattern: string): string | undefined {
  const code = balanceError(pattern) ?? unsupportedSyntax(pattern) ?? missingArgument(pattern);
  if (code) return prefix + code;
  try {
    new RegExp(toJavaScriptSyntax(pattern));
    return undefined;
  } catch {
    return `${prefix}invalid pattern: \`${pattern}\``;
  }
}
