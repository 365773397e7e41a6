/**
 * cel-go's strings extension (ext/strings.go, version 2) over runes, as Go indexes strings:
 * charAt, indexOf, lastIndexOf, substring, replace, split (Go's strings.SplitN: the last part keeps
 * the rest), trim (strings.TrimSpace), lowerAscii, upperAscii and join, with cel-go's error texts.
 * format and strings.quote come from @bufbuild/cel.
 */
import { EvalError, KList, type Value } from '../values/kinds.js';
import type { RuntimeLibrary } from './types.js';

const runes = (text: string): string[] => [...text];
const outOfRange = (index: bigint): EvalError => new EvalError(`index out of range: ${index}`);
const asString = (value: Value | undefined): value is string => typeof value === 'string';
const asInt = (value: Value | undefined): value is bigint => typeof value === 'bigint';

/** Rune index of `needle` in `haystack` at or after rune `from`, or -1. */
function runeIndexOf(haystack: string[], needle: string[], from: number): number {
  for (let index = from; index + needle.length <= haystack.length; index++) {
    if (needle.every((rune, offset) => haystack[index + offset] === rune)) return index;
  }
  return -1;
}

function runeLastIndexOf(haystack: string[], needle: string[], from: number): number {
  for (let index = Math.min(from, haystack.length - needle.length); index >= 0; index--) {
    if (needle.every((rune, offset) => haystack[index + offset] === rune)) return index;
  }
  return -1;
}

/** Go's strings.SplitN. */
function splitN(text: string, separator: string, limit: number): string[] {
  if (limit === 0) return [];
  const parts = separator === '' ? runes(text) : text.split(separator);
  if (limit < 0 || parts.length <= limit) return parts;
  if (separator === '') return [...parts.slice(0, limit - 1), parts.slice(limit - 1).join('')];
  return [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(separator)];
}

/** Go's strings.Replace (a negative count replaces all; an empty `from` matches before each rune and at the end). */
function replaceN(text: string, from: string, to: string, count: number): string {
  const limit = count < 0 ? Number.POSITIVE_INFINITY : count;
  if (from === '') {
    const list = runes(text);
    let out = '';
    for (let index = 0; index <= list.length; index++) out += (index < limit ? to : '') + (list[index] ?? '');
    return out;
  }
  const parts = text.split(from);
  if (parts.length - 1 <= limit) return parts.join(to);
  return parts.slice(0, limit + 1).join(to) + from + parts.slice(limit + 1).join(from);
}

const goSpace = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const mapAscii = (text: string, from: RegExp, shift: (code: number) => number): string =>
  text.replace(from, (ch) => String.fromCharCode(shift(ch.charCodeAt(0))));

export const stringsLibrary: RuntimeLibrary = {
  charAt(target, [index]) {
    if (!asString(target) || !asInt(index)) return undefined;
    const list = runes(target);
    if (index < 0n || index > BigInt(list.length)) return outOfRange(index);
    return list[Number(index)] ?? '';
  },
  indexOf(target, [needle, from]) {
    if (!asString(target) || !asString(needle) || (from !== undefined && !asInt(from))) return undefined;
    const list = runes(target);
    const start = from ?? 0n;
    if (start < 0n || (from !== undefined && start >= BigInt(list.length))) return outOfRange(start);
    return BigInt(runeIndexOf(list, runes(needle), Number(start)));
  },
  lastIndexOf(target, [needle, from]) {
    if (!asString(target) || !asString(needle) || (from !== undefined && !asInt(from))) return undefined;
    const list = runes(target);
    if (from === undefined) return BigInt(needle === '' ? list.length : runeLastIndexOf(list, runes(needle), list.length));
    if (from < 0n || from >= BigInt(list.length)) return outOfRange(from);
    return BigInt(runeLastIndexOf(list, runes(needle), Number(from)));
  },
  substring(target, [start, end]) {
    if (!asString(target) || !asInt(start) || (end !== undefined && !asInt(end))) return undefined;
    const list = runes(target);
    const stop = end ?? BigInt(list.length);
    if (start < 0n || start > BigInt(list.length)) return outOfRange(start);
    if (stop < 0n || stop > BigInt(list.length)) return outOfRange(stop);
    if (start > stop) return new EvalError(`invalid substring range. start: ${start}, end: ${stop}`);
    return list.slice(Number(start), Number(stop)).join('');
  },
  replace(target, [from, to, count]) {
    if (!asString(target) || !asString(from) || !asString(to) || (count !== undefined && !asInt(count))) return undefined;
    return replaceN(target, from, to, count === undefined ? -1 : Number(count));
  },
  split(target, [separator, limit]) {
    if (!asString(target) || !asString(separator) || (limit !== undefined && !asInt(limit))) return undefined;
    return KList.of(splitN(target, separator, limit === undefined ? -1 : Number(limit)));
  },
  trim: (target) => (asString(target) ? target.replace(goSpace, '') : undefined),
  lowerAscii: (target) => (asString(target) ? mapAscii(target, /[A-Z]/g, (code) => code + 32) : undefined),
  upperAscii: (target) => (asString(target) ? mapAscii(target, /[a-z]/g, (code) => code - 32) : undefined),
  join(target, [separator]) {
    if (!(target instanceof KList) || (separator !== undefined && !asString(separator))) return undefined;
    const items = [...target];
    return items.every(asString) ? items.join(separator ?? '') : undefined;
  },
};
