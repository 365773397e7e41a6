/**
 * Resource lists as the quota system handles them (k8s.io/apiserver/pkg/quota/v1/resources.go):
 * names to exact quantities, with Add, SubtractWithNonNegativeResult, Mask, LessThanOrEqual,
 * RemoveZeros and IsNegative, and the texts kube prints them in (names sorted, `name=quantity`).
 */
import { formatQuantity } from '../../apimachinery/quantity-format.js';
import { addQuantities, compareQuantities, parseQuantity, quantitySign, type Quantity } from '../../apimachinery/quantity.js';

export type ResourceList = Map<string, Quantity>;

const zero: Quantity = { mantissa: 0n, exponent: 0, format: 'DecimalSI' };

/** A whole number as a DecimalSI quantity (resource.NewQuantity(n, DecimalSI)). */
export function count(value: number): Quantity {
  return { mantissa: BigInt(value), exponent: 0, format: 'DecimalSI' };
}

/** A JSON resource map (a quota's hard or used, a container's requests) as a list; unparsable values are left out. */
export function resourceList(value: unknown): ResourceList {
  const list: ResourceList = new Map();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return list;
  for (const [name, text] of Object.entries(value)) {
    const quantity = parseQuantity(text);
    if (quantity) list.set(name, quantity);
  }
  return list;
}

/** The JSON form of a list: canonical quantity texts. */
export function resourceListJson(list: ResourceList): Record<string, string> {
  return Object.fromEntries([...list].map(([name, quantity]) => [name, formatQuantity(quantity)]));
}

/** Add: every name of either, summed where both have it. */
export function add(a: ResourceList, b: ResourceList): ResourceList {
  const result: ResourceList = new Map();
  for (const [name, quantity] of a) result.set(name, b.has(name) ? addQuantities(quantity, b.get(name)!) : quantity);
  for (const [name, quantity] of b) if (!result.has(name)) result.set(name, quantity);
  return result;
}

/** SubtractWithNonNegativeResult: a - b per name of either, never below zero. */
export function subtractNonNegative(a: ResourceList, b: ResourceList): ResourceList {
  const result: ResourceList = new Map();
  for (const [name, quantity] of a) {
    const other = b.get(name);
    const difference = other ? addQuantities(quantity, { ...other, mantissa: -other.mantissa }) : quantity;
    result.set(name, quantitySign(difference) > 0 ? difference : zero);
  }
  for (const name of b.keys()) if (!result.has(name)) result.set(name, zero);
  return result;
}

/** Mask: only the entries named. */
export function mask(list: ResourceList, names: Iterable<string>): ResourceList {
  const keep = new Set(names);
  return new Map([...list].filter(([name]) => keep.has(name)));
}

/** LessThanOrEqual: the names b limits that a exceeds (empty: a fits). */
export function exceeded(a: ResourceList, b: ResourceList): string[] {
  return [...b].filter(([name, limit]) => a.has(name) && compareQuantities(a.get(name)!, limit) > 0).map(([name]) => name);
}

/** RemoveZeros. */
export function removeZeros(list: ResourceList): ResourceList {
  return new Map([...list].filter(([, quantity]) => quantitySign(quantity) !== 0));
}

/** IsNegative: the names with a negative quantity. */
export function negativeNames(list: ResourceList): string[] {
  return [...list].filter(([, quantity]) => quantitySign(quantity) < 0).map(([name]) => name);
}

/** Whether two lists hold the same quantities (quota.Equals). */
export function sameUsage(a: ResourceList, b: ResourceList): boolean {
  return a.size === b.size && [...a].every(([name, quantity]) => b.has(name) && compareQuantities(quantity, b.get(name)!) === 0);
}

/** prettyPrint: `name=quantity` joined by commas, names sorted. */
export function printList(list: ResourceList): string {
  return [...list.keys()].sort().map((name) => `${name}=${formatQuantity(list.get(name)!)}`).join(',');
}

/** prettyPrintResourceNames: names sorted, joined by commas. */
export function printNames(names: Iterable<string>): string {
  return [...names].sort().join(',');
}
