/**
 * Go string and integer semantics that selectors depend on: Go orders strings by UTF-8 bytes,
 * JavaScript by UTF-16 code units; strconv.ParseInt is stricter than Number().
 */

/** Go's `a < b` ordering (UTF-8 byte order, which is code point order), for Array.sort. */
export function compareGoStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const left = a.charCodeAt(index);
    const right = b.charCodeAt(index);
    if (left !== right) return codeUnitRank(left) - codeUnitRank(right);
  }
  return a.length - b.length;
}

// Surrogates encode code points above U+FFFF, so in UTF-8 order they sort after U+E000..U+FFFF.
function codeUnitRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** strconv.ParseInt(text, 10, 64): an optional sign and decimal digits within int64, else undefined. */
export function parseGoInt64(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value < int64Min || value > int64Max ? undefined : value;
}
