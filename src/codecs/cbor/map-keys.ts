/**
 * Map key order of kube's encode mode (fxamacker SortBytewiseLexical, RFC 8949 4.2.1): keys
 * sorted by their encoded bytes. Keys are byte strings, a head carrying the length and then the
 * UTF-8, so that order is: shorter UTF-8 first, equal lengths bytewise (= code point order).
 */
import { compareUtf8 } from '../protobuf/bytes.js';

/** The keys of an object in encoding order; keys holding undefined are left out, as in JSON. */
export function sortedKeys(object: Record<string, unknown>): string[] {
  let keys = Object.keys(object);
  for (const key of keys) {
    if (object[key] === undefined) {
      keys = keys.filter((k) => object[k] !== undefined);
      break;
    }
  }
  if (keys.length < 2) return keys;
  if (!allAscii(keys)) return sortByUtf8(keys);
  return keys.length <= INSERTION_SORT_MAX ? insertionSort(keys) : keys.sort(compareAscii);
}

/** Objects mostly have a handful of keys: a plain insertion sort beats sort()'s callbacks. */
const INSERTION_SORT_MAX = 16;

function insertionSort(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && compareAscii(keys[j]!, key) > 0) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

function allAscii(keys: string[]): boolean {
  for (const key of keys) {
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) >= 0x80) return false;
  }
  return true;
}

/** For ASCII the UTF-16 length and order are the UTF-8 ones. */
function compareAscii(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortByUtf8(keys: string[]): string[] {
  return keys
    .map((key) => ({ key, length: utf8Length(key) }))
    .sort((a, b) => a.length - b.length || compareUtf8(a.key, b.key))
    .map(({ key }) => key);
}

/** The UTF-8 length of a string (a lone surrogate counts 3, as U+FFFD replaces it). */
function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) length += 1;
    else if (c < 0x800) length += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}
