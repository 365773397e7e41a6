/** cel-go's sets extension (ext/sets.go): sets.contains, sets.equivalent, sets.intersects over lists. */
import { celEquals } from '../values/equality.js';
import { KList, type Value } from '../values/kinds.js';
import type { RuntimeLibrary } from './types.js';

const has = (list: Value[], value: Value): boolean => list.some((item) => celEquals(item, value));
const contains = (outer: Value[], inner: Value[]): boolean => inner.every((item) => has(outer, item));

function pair(args: Value[], body: (left: Value[], right: Value[]) => boolean): Value | undefined {
  const [left, right] = args;
  return left instanceof KList && right instanceof KList ? body([...left], [...right]) : undefined;
}

export const setsLibrary: RuntimeLibrary = {
  'sets.contains': (_target, args) => pair(args, contains),
  'sets.equivalent': (_target, args) => pair(args, (left, right) => contains(left, right) && contains(right, left)),
  'sets.intersects': (_target, args) => pair(args, (left, right) => right.some((item) => has(left, item))),
};
