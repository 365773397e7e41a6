/**
 * resource.Quantity (k8s.io/apimachinery/pkg/api/resource/quantity.go): ParseQuantity with Go's
 * error texts, exact comparison and addition, and the canonical text kube writes back (`0.5`
 * becomes `500m`, `1024Mi` becomes `1Gi`). Values are exact: mantissa × 10^exponent as a
 * bigint, never a float. The schema layer asks only whether a JSON value decodes (and why not);
 * the kinds parse, compare and print values. Both read the text with the same grammar, Go's
 * parseQuantityString. Quirks kept: leading and trailing spaces are trimmed, and signs or a bare
 * `.` parse as zero, as in Go.
 */

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  mantissa: bigint;
  exponent: number;
  format: QuantityFormat;
}

/** ParseQuantity's error texts (ErrFormatWrong, ErrNumeric, ErrSuffix). */
export const quantityErrors = {
  format: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
  numeric: 'unable to parse numeric part of quantity',
  suffix: "unable to parse quantity's suffix",
} as const;

/** Decimal SI suffixes and their powers of ten (the empty suffix included). */
export const decimalSuffixes: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const binarySuffixes: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const suffixCharacters = 'eEinumkKMGTP';

/** A quantity's text split as parseQuantityString splits it; `value` is the sign and number. */
interface QuantityParts {
  value: string;
  numerator: string;
  denominator: string;
  suffix: string;
}

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/** Go's parseQuantityString; null when the format is wrong. Leading zeros are skipped. */
function splitQuantity(text: string): QuantityParts | null {
  let position = 0;
  const end = text.length;
  if (text[0] === '-' || text[0] === '+') position++;
  while (position < end && text[position] === '0') position++;
  if (position >= end) return { value: '0', numerator: '0', denominator: '', suffix: '' };
  let start = position;
  while (position < end && isDigitCode(text.charCodeAt(position))) position++;
  const numerator = text.slice(start, position) || '0';
  if (position >= end) return { value: text, numerator, denominator: '', suffix: '' };
  let denominator = '';
  if (text[position] === '.') {
    start = ++position;
    while (position < end && isDigitCode(text.charCodeAt(position))) position++;
    denominator = text.slice(start, position);
    if (position >= end) return { value: text, numerator, denominator, suffix: '' };
  }
  const value = text.slice(0, position);
  const suffixStart = position;
  while (position < end && suffixCharacters.includes(text[position]!)) position++;
  if (position < end && (text[position] === '-' || text[position] === '+')) position++;
  while (position < end && isDigitCode(text.charCodeAt(position))) position++;
  if (position < end) return null;
  return { value, numerator, denominator, suffix: text.slice(suffixStart) };
}

interface Suffix {
  base: 2 | 10;
  power: number;
  format: QuantityFormat;
}

/** The suffixer's interpret(): decimal SI, binary SI, or a decimal exponent `e<int>`; null when unknown. */
function interpretSuffix(suffix: string): Suffix | null {
  if (suffix in decimalSuffixes) return { base: 10, power: decimalSuffixes[suffix]!, format: 'DecimalSI' };
  if (suffix in binarySuffixes) return { base: 2, power: binarySuffixes[suffix]!, format: 'BinarySI' };
  const exponent = /^[eE]([-+]?[0-9]+)$/.exec(suffix);
  if (exponent) return { base: 10, power: Number(exponent[1]), format: 'DecimalExponent' };
  return null;
}

/** inf.Dec SetString over the numeric part, reached for numbers too long for int64. */
function decimalReadable(value: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value);
}

/** ParseQuantity's error text for `text`, or null when it parses. */
export function parseQuantityError(text: string): string | null {
  if (text.length === 0) return quantityErrors.format;
  if (text === '0') return null;
  const parts = splitQuantity(text);
  if (!parts) return quantityErrors.format;
  const suffix = interpretSuffix(parts.suffix);
  // Go parses the exponent as an int64.
  if (!suffix || (suffix.format === 'DecimalExponent' && Math.abs(suffix.power) > 2 ** 63)) return quantityErrors.suffix;
  const digits = parts.numerator.length + parts.denominator.length;
  if (digits <= 18) return null; // int64 fast path: always representable
  return decimalReadable(parts.value) ? null : quantityErrors.numeric;
}

/**
 * Quantity.UnmarshalJSON on the JSON text of a value: `null` is zero, surrounding quotes are
 * dropped without unescaping, spaces trimmed. `jsonText` is the raw JSON of the value.
 */
export function quantityUnmarshalError(jsonText: string): string | null {
  if (jsonText === 'null') return null;
  let inner = jsonText;
  if (inner.length >= 2 && inner.startsWith('"') && inner.endsWith('"')) inner = inner.slice(1, -1);
  return parseQuantityError(inner.trim());
}

const one: Quantity = { mantissa: 1n, exponent: 0, format: 'DecimalSI' };

/**
 * ParseQuantity on a decoded JSON value (string or number): the exact value rounded up to nano,
 * or null when kube would refuse it. A BinarySI value below 1 switches to DecimalSI, as in Go.
 */
export function parseQuantity(input: unknown): Quantity | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  const parts = text ? splitQuantity(text) : null;
  const suffix = parts ? interpretSuffix(parts.suffix) : null;
  if (!parts || !suffix) return null;
  let mantissa = BigInt(`${parts.numerator}${parts.denominator}`);
  let exponent = -parts.denominator.length;
  if (suffix.base === 2) mantissa *= 1n << BigInt(suffix.power);
  else exponent += suffix.power;
  if (text[0] === '-') mantissa = -mantissa;
  let format = suffix.format;
  const rounded = roundUpToScale({ mantissa, exponent, format }, -9);
  if (format === 'BinarySI' && compareQuantities(rounded, one) < 0 && rounded.mantissa > 0n) format = 'DecimalSI';
  return { ...rounded, format };
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

/** Sign: -1, 0 or 1. */
export function quantitySign(quantity: Quantity): number {
  return quantity.mantissa < 0n ? -1 : quantity.mantissa > 0n ? 1 : 0;
}
