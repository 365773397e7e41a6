/**
 * Static cost of one call: kube's CostEstimator.EstimateCallCost (apiserver/pkg/cel/library/cost.go)
 * first, then cel-go's functionCost (checker/cost.go). Quirks kept: isIP, isCIDR, ip(), cidr(),
 * quantity() and isQuantity() are global functions, so kube's estimates (written for receivers)
 * never apply and they cost 1; list functions on lists without a schema path (literals) see
 * elements of unknown size.
 */
import { costFactor } from '../limits.js';
import { formatType, type CheckType } from '../check/types.js';
import { add, byFactor, multiply, range, sum, union, unknownSize, type Range } from './estimates.js';

export interface ArgNode {
  size: Range;
  type: CheckType;
  /** Size of the list's elements (through the schema path, else unknown). */
  elementSize?: Range;
  /** The value of an int literal. */
  literalInt?: bigint;
}

export interface CallEstimate {
  cost: Range;
  resultSize?: Range;
}

const one = range(1);
const traversal = costFactor.stringTraversal;
const isStringLike = (type: CheckType): boolean => type.k === 'prim' && (type.name === 'string' || type.name === 'bytes');

/** kube's EstimateCallCost; undefined when it has no estimate. The argument costs are added by the caller. */
function kubernetesEstimate(fn: string, overloadId: string, target: ArgNode | undefined, args: ArgNode[]): CallEstimate | undefined {
  switch (fn) {
    case 'isSorted': case 'sum': case 'max': case 'min': case 'indexOf': case 'lastIndexOf': {
      if (!target) return undefined;
      if (target.type.k === 'list') {
        const elementSize = target.elementSize ?? unknownSize;
        const perElement = target.type.elem.k === 'prim' && isStringLike(target.type.elem) ? add(one, byFactor(elementSize, traversal)) : one;
        return { cost: multiply(target.size, perElement) };
      }
      return { cost: byFactor(target.size, traversal) };
    }
    case 'url':
      return args[0] ? { cost: byFactor(args[0].size, traversal), resultSize: args[0].size } : undefined;
    case 'lowerAscii': case 'upperAscii': case 'substring': case 'trim':
      return target ? { cost: byFactor(target.size, traversal), resultSize: target.size } : undefined;
    case 'replace': return target && args.length >= 2 ? replaceEstimate(target, args[0]!, args[1]!) : undefined;
    case 'split': {
      if (!target) return undefined;
      const limit = args[1]?.literalInt;
      return { cost: byFactor(target.size, 2 * traversal), resultSize: range(0, limit !== undefined ? Number(limit) : target.size.max) };
    }
    case 'join': return target ? joinEstimate(target, args[0]) : undefined;
    case 'find': case 'findAll': {
      if (!target || !args[0]) return undefined;
      const strCost = byFactor(add(target.size, one), traversal);
      return { cost: multiply(strCost, byFactor(args[0].size, costFactor.regexStringLength)), resultSize: range(0, target.size.max) };
    }
    case 'ip': return target ? { cost: one } : undefined;
    case 'masked': case 'prefixLength': case 'family': case 'isUnspecified': case 'isLoopback': case 'isLinkLocalMulticast':
    case 'isLinkLocalUnicast': case 'isGlobalUnicast': case 'format.named': case 'sign': case 'asInteger': case 'isInteger':
    case 'asApproximateFloat': case 'isGreaterThan': case 'isLessThan': case 'compareTo': case 'add': case 'sub':
    case 'getScheme': case 'getHostname': case 'getHost': case 'getPort': case 'getEscapedPath': case 'getQuery':
      return { cost: one };
    case 'containsIP': case 'containsCIDR': return target && args[0] ? containsEstimate(fn, overloadId, args[0]) : undefined;
    case 'validate':
      return target && args[0] ? { cost: byFactor(byFactor(args[0].size, traversal), 128 * costFactor.regexStringLength) } : undefined;
    case '_==_': return args.length === 2 ? opaqueEquality(args[0]!, args[1]!) : undefined;
  }
  return undefined;
}

function replaceEstimate(target: ArgNode, from: ArgNode, to: ArgNode): CallEstimate {
  const size = target.size;
  let count: Range;
  let retained = range(0);
  if (from.size.min === 0) [count, retained] = [range(0, size.max + 1), range(0, size.max)];
  else if (to.size.max <= from.size.min) [count, retained] = [range(0, 0), range(0, size.max)];
  else count = range(0, Math.ceil(size.max / from.size.min));
  if (from.size.max === 0) [count, retained] = [range(size.min + 1, count.max), range(size.min, retained.max)];
  else if (from.size.max <= to.size.min) [count, retained] = [range(0, count.max), range(size.min, retained.max)];
  else count = range(Math.ceil(size.min / from.size.max), count.max);
  return { cost: byFactor(size, 2 * traversal), resultSize: add(multiply(count, to.size), retained) };
}

function joinEstimate(target: ArgNode, separator: ArgNode | undefined): CallEstimate {
  let size = target.type.k === 'list' ? multiply(target.size, target.elementSize ?? unknownSize) : range(0);
  if (separator) size = add(size, multiply(separator.size, range(Math.max(0, target.size.min - 1), Math.max(0, target.size.max - 1))));
  return { cost: byFactor(size, traversal), resultSize: size };
}

function containsEstimate(fn: string, overloadId: string, other: ArgNode): CallEstimate {
  const ipSize = range(4, 16);
  let cost = byFactor(add(ipSize, ipSize), traversal);
  if (fn === 'containsCIDR') cost = add(add(cost, byFactor(ipSize, traversal)), one);
  if (overloadId.endsWith('_string')) cost = add(cost, byFactor(other.size, traversal));
  return { cost };
}

function opaqueEquality(left: ArgNode, right: ArgNode): CallEstimate | undefined {
  if (left.type.k !== 'opaque' || formatType(left.type) !== formatType(right.type)) return undefined;
  if (left.type.name === 'kubernetes.NamedFormat') return { cost: byFactor(range(1, 64), traversal) };
  if (left.type.name === 'kubernetes.URL') return { cost: byFactor(range(1, union(left.size, right.size).max), traversal) };
  return { cost: one };
}

/** cel-go's functionCost for the standard library; `argCosts` are the arguments' own costs. */
function standardEstimate(fn: string, overloadId: string, target: ArgNode | undefined, args: ArgNode[], argCosts: Range[]): CallEstimate {
  const argSum = sum(argCosts);
  const id = overloadId.split('#').pop()!;
  // cel-go sizes the argument here (the prefix or suffix), not the receiver.
  if (['starts_with_string', 'ends_with_string'].includes(id) && args[0]) return { cost: add(byFactor(args[0].size, traversal), argSum) };
  if (['string_to_bytes', 'bytes_to_string', 'strings_quote', 'string_format'].includes(id)) {
    const subject = target ?? args[0];
    return { cost: add(byFactor(subject?.size ?? unknownSize, traversal), argSum) };
  }
  if (id === 'in_list') return { cost: add(args[1]!.size, argSum) };
  if ((id === 'matches_string' && target) || id === 'matches') {
    const [subject, pattern] = target ? [target, args[0]!] : [args[0]!, args[1]!];
    const strCost = byFactor(add(subject.size, one), traversal);
    return { cost: add(multiply(strCost, byFactor(pattern.size, costFactor.regexStringLength)), argSum) };
  }
  if (id === 'contains_string' && target) return { cost: add(multiply(byFactor(target.size, traversal), byFactor(args[0]!.size, traversal)), argSum) };
  if (['add_string', 'add_bytes', 'add_list'].includes(id)) {
    const size = add(args[0]!.size, args[1]!.size);
    return { cost: add(id === 'add_list' ? one : byFactor(size, traversal), argSum), resultSize: size };
  }
  const relation = ['_<_', '_<=_', '_>_', '_>=_'].includes(fn) && args.every((arg) => isStringLike(arg.type));
  if (relation || fn === '_==_' || fn === '_!=_') {
    const smallest = Math.min(args[0]!.size.max, args[1]!.size.max);
    return { cost: add(byFactor(range(smallest > 0 ? 1 : 0, smallest), traversal), argSum) };
  }
  return { cost: add(one, argSum) };
}

/** The estimated cost of a call (without its receiver's cost) and its result size. */
export function estimateCall(fn: string, overloadId: string, target: ArgNode | undefined, args: ArgNode[], argCosts: Range[]): CallEstimate {
  const kube = kubernetesEstimate(fn, overloadId, target, args);
  if (kube) return { cost: add(kube.cost, sum(argCosts)), ...(kube.resultSize ? { resultSize: kube.resultSize } : {}) };
  return standardEstimate(fn, overloadId, target, args, argCosts);
}
