/**
 * Whether resource.Quantity's UnmarshalJSON accepts a JSON value, with its error texts
 * (k8s.io/apimachinery/pkg/api/resource/quantity.go: ParseQuantity, parseQuantityString and
 * the suffixer). Only acceptance matters here; the canonical form is the codec's business.
 * Quirks kept: the JSON text is used raw (quotes stripped, not unescaped), leading and trailing
 * spaces are trimmed, `null` means zero, and signs or a bare `.` parse as zero, as in Go.
 */

export const quantityErrors = {
  format: "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
  numeric: 'unable to parse numeric part of quantity',
  suffix: "unable to parse quantity's suffix",
} as const;

const decimalSuffixes = new Set(['n', 'u', 'm', '', 'k', 'M', 'G', 'T', 'P', 'E']);
const binarySuffixes = new Set(['Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei']);
const suffixCharacters = 'eEinumkKMGTP';

interface QuantityParts {
  value: string;
  numerator: string;
  denominator: string;
  suffix: string;
}

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/** Go's parseQuantityString; null when the format is wrong. */
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

/** The suffixer's interpret(): decimal SI, binary SI, or a decimal exponent `e<int>`. */
function suffixKnown(suffix: string): boolean {
  if (decimalSuffixes.has(suffix) || binarySuffixes.has(suffix)) return true;
  if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E')) return /^[+-]?\d+$/.test(suffix.slice(1)) && Math.abs(Number(suffix.slice(1))) <= 2 ** 63;
  return false;
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
  if (!suffixKnown(parts.suffix)) return quantityErrors.suffix;
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
