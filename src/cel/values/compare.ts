/**
 * CEL ordering (traits.Comparer) for the comparable types: numbers across int, uint and double,
 * strings by code point (Go compares UTF-8 bytes, which orders the same), bytes, booleans,
 * timestamps and durations. Undefined for values that do not compare.
 */
import { isCelUint } from '@bufbuild/cel';
import type { Value } from './kinds.js';

interface TimeMessage {
  desc?: { typeName: string };
  message: { seconds: bigint; nanos: number };
}

const sign = (difference: number | bigint): number => (difference > 0 ? 1 : difference < 0 ? -1 : 0);

function numberOf(value: Value): number | bigint | undefined {
  if (typeof value === 'bigint' || typeof value === 'number') return value;
  return isCelUint(value) ? value.value : undefined;
}

function compareStrings(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = a[index]!.codePointAt(0)! - b[index]!.codePointAt(0)!;
    if (difference !== 0) return sign(difference);
  }
  return sign(a.length - b.length);
}

/** -1, 0 or 1, or undefined when the values are not comparable. */
export function celCompare(left: Value, right: Value): number | undefined {
  const a = numberOf(left);
  const b = numberOf(right);
  if (a !== undefined && b !== undefined) {
    if (typeof a === 'number' && Number.isNaN(a)) return undefined;
    if (typeof b === 'number' && Number.isNaN(b)) return undefined;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof left === 'string' && typeof right === 'string') return compareStrings(left, right);
  if (typeof left === 'boolean' && typeof right === 'boolean') return sign(Number(left) - Number(right));
  if (left instanceof Uint8Array && right instanceof Uint8Array) {
    for (let index = 0; index < Math.min(left.length, right.length); index++) {
      if (left[index] !== right[index]) return sign(left[index]! - right[index]!);
    }
    return sign(left.length - right.length);
  }
  const [l, r] = [left as unknown as TimeMessage, right as unknown as TimeMessage];
  if (l?.desc && r?.desc && l.desc.typeName === r.desc.typeName && l.message && r.message) {
    return sign(l.message.seconds - r.message.seconds) || sign(l.message.nanos - r.message.nanos);
  }
  return undefined;
}
