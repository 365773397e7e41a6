/**
 * kube's regex library (apiserver/pkg/cel/library/regex.go): `s.find(re)` and `s.findAll(re[, n])`.
 * Patterns are checked with RE2 (@bufbuild/re2, Go's error texts: `error parsing regexp: ...`).
 * @bufbuild/re2 only answers whether a pattern matches, so positions come from an ECMAScript
 * RegExp built from the same pattern with RE2-only syntax translated ((?i)/(?s)/(?m) flags,
 * (?P<name>, \A, \z, \pL, [[:class:]]); for the patterns rules use these agree with RE2's
 * leftmost-first matching. `matches` itself runs on RE2 (@bufbuild/cel).
 */
import { RE2JS } from '@bufbuild/re2';
import { EvalError, KList } from '../values/kinds.js';
import type { RuntimeLibrary } from './types.js';

const posixClasses: Record<string, string> = {
  alnum: '0-9A-Za-z', alpha: 'A-Za-z', ascii: '\\x00-\\x7F', blank: '\\t ', cntrl: '\\x00-\\x1F\\x7F', digit: '0-9',
  graph: '!-~', lower: 'a-z', print: ' -~', punct: '!-/:-@[-`{-~', space: '\\t\\n\\v\\f\\r ', upper: 'A-Z', word: '0-9A-Za-z_', xdigit: '0-9A-Fa-f',
};

/** The ECMAScript form of an RE2 pattern that RE2 accepted. */
function translate(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const leading = /^\(\?([imsU]+)\)/.exec(source);
  if (leading) {
    flags = [...new Set(leading[1]!.replace('U', ''))].join('');
    source = source.slice(leading[0].length);
  }
  source = source
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, flags.includes('m') ? '(?<![\\s\\S])' : '^')
    .replace(/\\z/g, flags.includes('m') ? '(?![\\s\\S])' : '$')
    .replace(/\\([pP])([A-Za-z])/g, '\\$1{$2}')
    .replace(/\[:(\^?)([a-z]+):\]/g, (match, negated: string, name: string) => (posixClasses[name] && !negated ? posixClasses[name] : match));
  return { source, flags };
}

const compiled = new Map<string, RegExp | EvalError>();

/** The pattern as a global RegExp, or the RE2 parse error. */
export function compileRegex(pattern: string): RegExp | EvalError {
  let regex = compiled.get(pattern);
  if (!regex) {
    try {
      RE2JS.compile(pattern);
      const { source, flags } = translate(pattern);
      regex = new RegExp(source, `${flags}gu`);
    } catch (error) {
      regex = new EvalError(error instanceof Error ? error.message : String(error));
    }
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Go's FindAllString: up to `limit` matches (all when negative); an empty match right after a match is skipped. */
function findAll(text: string, regex: RegExp, limit: number): string[] {
  const found: string[] = [];
  let previousEnd = -1;
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match && (limit < 0 || found.length < limit); match = regex.exec(text)) {
    if (match[0] === '') regex.lastIndex += text.codePointAt(match.index)! > 0xffff ? 2 : 1;
    if (!(match[0] === '' && match.index === previousEnd)) found.push(match[0]);
    previousEnd = match.index + match[0].length;
  }
  return found;
}

export const regexLibrary: RuntimeLibrary = {
  find(target, [pattern]) {
    if (typeof target !== 'string' || typeof pattern !== 'string') return undefined;
    const regex = compileRegex(pattern);
    return regex instanceof EvalError ? regex : (findAll(target, regex, 1)[0] ?? '');
  },
  findAll(target, [pattern, limit]) {
    if (typeof target !== 'string' || typeof pattern !== 'string' || (limit !== undefined && typeof limit !== 'bigint')) return undefined;
    const regex = compileRegex(pattern);
    return regex instanceof EvalError ? regex : KList.of(findAll(target, regex, limit === undefined ? -1 : Number(limit)));
  },
};


