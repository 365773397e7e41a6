/**
 * resource.Quantity (k8s.io/apimachinery/pkg/api/resource): parsing, exact comparison and the
 * canonical text kube writes back (`0.5` becomes `500m`, `1024Mi` becomes `1Gi`). Values are
 * exact: mantissa × 10^exponent as a bigint, never a float.
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  mantissa: bigint;
  exponent: number;
  format: QuantityFormat;
}

/** ErrFormatWrong's text, the message of an unparsable quantity. */
export const quantityFormatError = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const decimalSuffixes: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffixes: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const quantityPattern = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([eEinumkKMGTP]*(?:[-+]?[0-9]+)?)$/;

/** ParseQuantity: a quantity from its JSON value (string or number), or null when kube would refuse it. */
export function parseQuantity(input: unknown): Quantity | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const match = quantityPattern.exec(text);
  if (!text || !match) return null;
  const [, sign = '', whole = '', fraction = '', suffix = ''] = match;
  const interpreted = interpretSuffix(suffix);
  if (!interpreted) return null;
  let mantissa = BigInt(`${whole}${fraction}` || '0');
  let exponent = -fraction.length;
  if (interpreted.base === 2) mantissa *= 1n << BigInt(interpreted.power);
  else exponent += interpreted.power;
  if (sign === '-') mantissa = -mantissa;
  let format = interpreted.format;
  const rounded = roundUpToScale({ mantissa, exponent, format }, -9);
  if (format === 'BinarySI' && compareQuantities(rounded, one) < 0 && rounded.mantissa > 0n) format = 'DecimalSI';
  return { ...rounded, format };
}

const one: Quantity = { mantissa: 1n, exponent: 0, format: 'DecimalSI' };

function interpretSuffix(suffix: string): { base: 2 | 10; power: number; format: QuantityFormat } | null {
  if (suffix in decimalSuffixes) return { base: 10, power: decimalSuffixes[suffix]!, format: 'DecimalSI' };
  if (suffix in binarySuffixes) return { base: 2, power: binarySuffixes[suffix]!, format: 'BinarySI' };
  const exponent = /^[eE]([-+]?[0-9]+)$/.exec(suffix);
  if (exponent) return { base: 10, power: Number(exponent[1]), format: 'DecimalExponent' };
  return null;
}

/** Quantity.RoundUp(scale): rounds away from zero to 10^scale (SetDefaults_ResourceList uses milli, -3). */
export function roundUpToScale(quantity: Quantity, scale: number): Quantity {
  if (quantity.exponent >= scale) return quantity;
  const divisor = 10n ** BigInt(scale - quantity.exponent);
  let mantissa = quantity.mantissa / divisor;
  if (mantissa * divisor !== quantity.mantissa) mantissa += quantity.mantissa > 0n ? 1n : -1n;
  return { mantissa, exponent: scale, format: quantity.format };
}

/** Cmp: -1, 0 or 1. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const exponent = Math.min(a.exponent, b.exponent);
  const left = a.mantissa * 10n ** BigInt(a.exponent - exponent);
  const right = b.mantissa * 10n ** BigInt(b.exponent - exponent);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Add: the sum keeps the first operand's format. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  const exponent = Math.min(a.exponent, b.exponent);
  const mantissa = a.mantissa * 10n ** BigInt(a.exponent - exponent) + b.mantissa * 10n ** BigInt(b.exponent - exponent);
  return { mantissa, exponent, format: a.format };
}

/** The sign: -1, 0 or 1. */
export function quantitySign(quantity: Quantity): number {
  return quantity.mantissa < 0n ? -1 : quantity.mantissa > 0n ? 1 : 0;
}

/** Quantity.String() / MarshalJSON: kube's canonical text. */
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

/** The canonical text of a JSON quantity after SetDefaults_ResourceList (rounded up to milli), or the input when unparsable. */
export function canonicalResourceQuantity(input: unknown): unknown {
  const parsed = parseQuantity(input);
  return parsed ? formatQuantity(roundUpToScale(parsed, -3)) : input;
}

/** SetDefaults_ResourceList on a JSON resource map, in place. */
export function defaultResourceList(list: unknown): void {
  if (list === null || typeof list !== 'object' || Array.isArray(list)) return;
  const record = list as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = canonicalResourceQuantity(record[key]);
}
