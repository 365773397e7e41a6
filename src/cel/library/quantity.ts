/**
 * kube's quantity library (apiserver/pkg/cel/library/quantity.go) over resource.Quantity
 * (src/apimachinery/quantity.ts): quantity(), isQuantity(), sign, isInteger, asInteger, asApproximateFloat,
 * add, sub, compareTo, isGreaterThan, isLessThan; equality by value. Errors are ParseQuantity's
 * texts and `cannot convert value to integer`.
 */
import { addQuantities, compareQuantities, parseQuantity, parseQuantityError, quantitySign, type Quantity } from '../../apimachinery/quantity.js';
import { EvalError, Opaque, type Value } from '../values/kinds.js';
import type { RuntimeLibrary } from './types.js';

export class QuantityValue extends Opaque {
  readonly typeName = 'kubernetes.Quantity';

  constructor(readonly quantity: Quantity) {
    super();
  }

  equals(other: Opaque): boolean {
    return other instanceof QuantityValue && compareQuantities(this.quantity, other.quantity) === 0;
  }
}

const int64Max = 2n ** 63n - 1n;

/** AsInt64: the value when integral and within int64. */
function asInt64(quantity: Quantity): bigint | undefined {
  let { mantissa } = quantity;
  if (quantity.exponent >= 0) mantissa *= 10n ** BigInt(quantity.exponent);
  else {
    const divisor = 10n ** BigInt(-quantity.exponent);
    if (mantissa % divisor !== 0n) return undefined;
    mantissa /= divisor;
  }
  return mantissa > int64Max || mantissa < -int64Max - 1n ? undefined : mantissa;
}

const operand = (value: Value | undefined, format: Quantity['format']): Quantity | undefined => {
  if (value instanceof QuantityValue) return value.quantity;
  return typeof value === 'bigint' ? { mantissa: value, exponent: 0, format } : undefined;
};

const negate = (quantity: Quantity): Quantity => ({ ...quantity, mantissa: -quantity.mantissa });
const the = (target: Value | undefined): Quantity | undefined => (target instanceof QuantityValue ? target.quantity : undefined);

function compared(target: Value | undefined, other: Value | undefined): number | undefined {
  const [left, right] = [the(target), the(other)];
  return left && right ? compareQuantities(left, right) : undefined;
}

export const quantityLibrary: RuntimeLibrary = {
  quantity(_target, [text]) {
    if (typeof text !== 'string') return undefined;
    const quantity = parseQuantity(text);
    return quantity ? new QuantityValue(quantity) : new EvalError(parseQuantityError(text) ?? 'unable to parse quantity');
  },
  isQuantity: (_target, [text]) => (typeof text === 'string' ? parseQuantity(text) !== null && parseQuantityError(text) === null : undefined),
  sign: (target) => (the(target) ? BigInt(quantitySign(the(target)!)) : undefined),
  isInteger: (target) => (the(target) ? asInt64(the(target)!) !== undefined : undefined),
  asInteger(target) {
    const quantity = the(target);
    if (!quantity) return undefined;
    return asInt64(quantity) ?? new EvalError('cannot convert value to integer');
  },
  asApproximateFloat: (target) => (the(target) ? Number(the(target)!.mantissa) * 10 ** the(target)!.exponent : undefined),
  add(target, [other]) {
    const [left, right] = [the(target), operand(other, the(target)?.format ?? 'DecimalSI')];
    return left && right ? new QuantityValue(addQuantities(left, right)) : undefined;
  },
  sub(target, [other]) {
    const [left, right] = [the(target), operand(other, the(target)?.format ?? 'DecimalSI')];
    return left && right ? new QuantityValue(addQuantities(left, negate(right))) : undefined;
  },
  compareTo: (target, [other]) => {
    const order = compared(target, other);
    return order === undefined ? undefined : BigInt(order);
  },
  isGreaterThan: (target, [other]) => (compared(target, other) === undefined ? undefined : compared(target, other) === 1),
  isLessThan: (target, [other]) => (compared(target, other) === undefined ? undefined : compared(target, other) === -1),
};
