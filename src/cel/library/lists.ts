/**
 * kube's lists library (apiserver/pkg/cel/library/lists.go): isSorted, sum, min, max, indexOf and
 * lastIndexOf on lists. sum of an empty list is its element type's zero (from the overload the
 * checker chose: 0, 0u, 0.0 or duration('0')); min and max of an empty list are errors.
 */
import { celUint } from '@bufbuild/cel';
import { celCompare } from '../values/compare.js';
import { celEquals } from '../values/equality.js';
import { EvalError, KList, type Value } from '../values/kinds.js';
import { durationValue } from '../values/time.js';
import type { RuntimeLibrary } from './types.js';

const items = (target: Value | undefined): Value[] | undefined => (target instanceof KList ? [...target] : undefined);

function zeroOf(overloadId: string): Value {
  if (overloadId.includes('list(uint)')) return celUint(0n);
  if (overloadId.includes('list(double)')) return 0;
  if (overloadId.includes('list(duration)')) return durationValue(0n);
  return 0n;
}

/** The smallest (sign -1) or largest (sign 1) item. */
function extreme(list: Value[], direction: number, name: string): Value {
  if (list.length === 0) return new EvalError(`${name} called on empty list`);
  let best = list[0] as Value;
  for (const item of list.slice(1)) {
    const order = celCompare(item, best);
    if (order === undefined) return new EvalError('no such overload');
    if (order === direction) best = item;
  }
  return best;
}

export function makeListsLibrary(add: (left: Value, right: Value) => Value): RuntimeLibrary {
  return {
    isSorted(target) {
      const list = items(target);
      if (!list) return undefined;
      for (let index = 1; index < list.length; index++) {
        const order = celCompare(list[index]!, list[index - 1]!);
        if (order === undefined) return new EvalError('no such overload');
        if (order < 0) return false;
      }
      return true;
    },
    sum(target, _args, overloadId) {
      const list = items(target);
      if (!list) return undefined;
      return list.length === 0 ? zeroOf(overloadId) : list.slice(1).reduce((total, item) => (total instanceof EvalError ? total : add(total, item)), list[0]!);
    },
    min: (target) => {
      const list = items(target);
      return list && extreme(list, -1, 'min');
    },
    max: (target) => {
      const list = items(target);
      return list && extreme(list, 1, 'max');
    },
    indexOf(target, [value]) {
      const list = items(target);
      return list && value !== undefined ? BigInt(list.findIndex((item) => celEquals(item, value))) : undefined;
    },
    lastIndexOf(target, [value]) {
      const list = items(target);
      return list && value !== undefined ? BigInt(list.findLastIndex((item) => celEquals(item, value))) : undefined;
    },
  };
}
