/**
 * Quantity.String() / MarshalJSON (k8s.io/apimachinery/pkg/api/resource): the canonical text kube
 * writes back for a parsed quantity. BinarySI values that are whole multiples of 1024 keep a
 * binary suffix; everything else is printed in decimal, the exponent dropped to a multiple of 3.
 */
import { decimalSuffixes, type Quantity } from './quantity.js';

/** Quantity.String(): kube's canonical text. */
export function formatQuantity(quantity: Quantity): string {
  if (quantity.mantissa === 0n) return '0';
  const integer = integerValue(quantity);
  const binary = quantity.format === 'BinarySI' && integer !== null && (integer <= -1024n || integer >= 1024n);
  if (binary) return formatBinary(integer);
  return formatDecimal(quantity, quantity.format === 'DecimalExponent' ? 'DecimalExponent' : 'DecimalSI');
}

function integerValue(quantity: Quantity): bigint | null {
  if (quantity.exponent >= 0) return quantity.mantissa * 10n ** BigInt(quantity.exponent);
  const divisor = 10n ** BigInt(-quantity.exponent);
  return quantity.mantissa % divisor === 0n ? quantity.mantissa / divisor : null;
}

/** AsCanonicalBase1024Bytes: the largest power of 1024 that divides the value. */
function formatBinary(value: bigint): string {
  let amount = value;
  let power = 0;
  while (power < 6 && amount % 1024n === 0n) {
    amount /= 1024n;
    power++;
  }
  return `${amount}${['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'][power]}`;
}

/** AsCanonicalBytes: trailing zeros move into the exponent, which then drops to a multiple of 3. */
function formatDecimal(quantity: Quantity, format: 'DecimalSI' | 'DecimalExponent'): string {
  let { mantissa, exponent } = quantity;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  const remainder = ((exponent % 3) + 3) % 3;
  mantissa *= 10n ** BigInt(remainder);
  exponent -= remainder;
  if (exponent === 0) return `${mantissa}`;
  const suffix = format === 'DecimalSI' ? Object.keys(decimalSuffixes).find((key) => decimalSuffixes[key] === exponent) : undefined;
  return suffix === undefined ? `${mantissa}e${exponent}` : `${mantissa}${suffix}`;
}
