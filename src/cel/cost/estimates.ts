/**
 * cel-go's cost and size estimate arithmetic (checker/cost.go): ranges of uint64 that saturate at
 * 2^64, and cost factors applied with ceiling.
 */
import { maxUint64 } from '../limits.js';

export interface Range {
  min: number;
  max: number;
}

const saturate = (value: number): number => (value >= maxUint64 ? maxUint64 : value);

export const range = (min: number, max: number = min): Range => ({ min, max });
export const zero = range(0);
export const unknownSize = range(0, maxUint64);

export const add = (a: Range, b: Range): Range => range(saturate(a.min + b.min), saturate(a.max + b.max));
export const multiply = (a: Range, b: Range): Range => range(saturate(a.min * b.min), saturate(a.max * b.max));
export const union = (a: Range, b: Range): Range => range(Math.min(a.min, b.min), Math.max(a.max, b.max));
/** MultiplyByCostFactor: each bound times the factor, rounded up. */
export const byFactor = (a: Range, factor: number): Range => range(saturate(Math.ceil(a.min * factor)), saturate(Math.ceil(a.max * factor)));
export const sum = (ranges: Range[]): Range => ranges.reduce(add, zero);
