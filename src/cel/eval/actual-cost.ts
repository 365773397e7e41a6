/**
 * The actual cost of one call at runtime: kube's CostEstimator.CallCost (library/cost.go) first,
 * then cel-go's CostTracker.costCall, on the values the call received (the receiver first, as
 * cel-go passes it) and returned. Sizes are runes of strings, bytes, and entries of lists and
 * maps; other values have size 1.
 */
import { costFactor } from '../limits.js';
import type { FormatValue } from '../library/format.js';
import { KList, KMap, KObject, Opaque, type Value } from '../values/kinds.js';

const traversal = costFactor.stringTraversal;
const ceilCost = (size: number, factor: number): number => Math.ceil(size * factor);

/** actualSize: the Sizer size, else 1. */
export function actualSize(value: Value | undefined): number {
  if (typeof value === 'string') return [...value].length;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof KList || value instanceof KMap) return value.size;
  return value instanceof KObject ? Object.keys(value.raw).length : 1;
}

/** traversalCost of the lists library: strings cost 0.1 per byte (truncated), containers their entries. */
function traversalCost(value: Value | undefined): number {
  if (typeof value === 'string') return Math.floor(new TextEncoder().encode(value).length * traversal);
  if (value instanceof Uint8Array) return Math.floor(value.length * traversal);
  if (value instanceof KList) return [...value].reduce((total: number, item) => total + traversalCost(item), 0);
  if (value instanceof KMap) return [...value].reduce((total: number, [key, item]) => total + traversalCost(key) + traversalCost(item), 0);
  if (value instanceof KObject) {
    return [...value.decl.fields.keys()].reduce((total, name) => {
      const field = value.field(name);
      return field === undefined ? total : total + traversalCost(name) + traversalCost(field);
    }, 0);
  }
  return 1;
}

function kubernetesCost(fn: string, overloadId: string, args: (Value | undefined)[], result: Value): number | undefined {
  const [first, second] = args;
  switch (fn) {
    case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf': return traversalCost(first);
    case 'url': case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim': return ceilCost(actualSize(first), traversal);
    case 'replace': case 'split': return ceilCost(actualSize(first), 2 * traversal);
    case 'join': return ceilCost(actualSize(result), 2 * traversal);
    case 'find': case 'findAll': return ceilCost(1 + actualSize(first), traversal) * ceilCost(actualSize(second), costFactor.regexStringLength);
    case 'cidr': case 'isIP': case 'isCIDR': case 'quantity': case 'isQuantity': return ceilCost(actualSize(first), traversal);
    case 'ip': return overloadId.includes('cidr_ip') ? 1 : ceilCost(actualSize(first), traversal);
    case 'ip.isCanonical': return ceilCost(actualSize(first), 2 * traversal);
    case 'masked': case 'prefixLength': case 'family': case 'isUnspecified': case 'isLoopback': case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast': case 'isGlobalUnicast': case 'format.named': case 'sign': case 'asInteger': case 'isInteger':
    case 'asApproximateFloat': case 'isGreaterThan': case 'isLessThan': case 'compareTo': case 'add': case 'sub':
    case 'getScheme': case 'getHostname': case 'getHost': case 'getPort': case 'getEscapedPath': case 'getQuery':
      return 1;
    case 'containsIP': case 'containsCIDR': {
      let cost = ceilCost(2 * actualSize(first), traversal);
      if (fn === 'containsCIDR') cost += ceilCost(actualSize(first), traversal) + 1;
      return overloadId.endsWith('_string') ? cost + ceilCost(actualSize(second), traversal) : cost;
    }
    case 'validate': {
      const format = first as FormatValue | undefined;
      if (!format || !(format instanceof Opaque)) return undefined;
      return ceilCost(1 + actualSize(second), traversal) * ceilCost(format.maxRegexSize, costFactor.regexStringLength);
    }
    case '_==_': return first instanceof Opaque ? 1 : undefined;
  }
  return undefined;
}

const stringLike = (value: Value | undefined): boolean => typeof value === 'string' || value instanceof Uint8Array;

/** cel-go's costCall for the standard library. */
function standardCost(fn: string, overloadId: string, args: (Value | undefined)[]): number {
  const [first, second] = args;
  const id = overloadId.split('#').pop()!;
  if (['starts_with_string', 'ends_with_string', 'string_to_bytes', 'bytes_to_string', 'strings_quote', 'string_format'].includes(id)) {
    return ceilCost(actualSize(first), traversal);
  }
  if (fn === '@in' && second instanceof KList) return actualSize(second);
  const relation = ['_<_', '_<=_', '_>_', '_>=_'].includes(fn) && stringLike(first) && stringLike(second);
  if (relation || fn === '_==_' || fn === '_!=_') return ceilCost(Math.min(actualSize(first), actualSize(second)), traversal);
  if (fn === '_+_' && stringLike(first) && stringLike(second)) return ceilCost(actualSize(first) + actualSize(second), traversal);
  if (fn === 'matches') return ceilCost(1 + actualSize(first), traversal) * ceilCost(actualSize(second), costFactor.regexStringLength);
  if (id === 'contains_string') return ceilCost(actualSize(first), traversal) * ceilCost(actualSize(second), traversal);
  return 1;
}

/** The actual cost of a call of `fn` (receiver first in `args`) that returned `result`. */
export function actualCallCost(fn: string, overloadId: string, args: (Value | undefined)[], result: Value): number {
  return kubernetesCost(fn, overloadId, args, result) ?? standardCost(fn, overloadId, args);
}
