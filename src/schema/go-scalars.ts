/**
 * How Go's encoding/json stores a JSON scalar into a typed Go field, reduced to accept/reject
 * with Go's wording: integers go through strconv.ParseInt/ParseUint on the number's literal text
 * (so `1.0` and `1e3` are rejected for an int32, and the error quotes the literal), floats
 * through ParseFloat, and strings bound for []byte through base64.StdEncoding.Decode.
 */

const int32Range = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const int64Range = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const uint8Range = { min: 0n, max: 255n };

/** Value ranges of the integer Go types the API uses. */
export const goIntegerRanges: Readonly<Record<string, { min: bigint; max: bigint }>> = {
  int32: int32Range,
  int64: int64Range,
  int: int64Range,
  uint8: uint8Range,
};

/** Whether strconv.ParseInt (or ParseUint) accepts `literal` into `goType` without overflow. */
export function goIntegerAccepts(literal: string, goType: string): boolean {
  const range = goIntegerRanges[goType] ?? int64Range;
  if (!/^-?\d+$/.test(literal)) return false;
  const value = BigInt(literal);
  return value >= range.min && value <= range.max;
}

/** Whether strconv.ParseFloat accepts `literal` for a float of `bits` (false on overflow). */
export function goFloatAccepts(literal: string, bits: 32 | 64): boolean {
  const value = Number(literal);
  if (!Number.isFinite(value)) return false;
  return bits === 64 || Math.abs(value) <= 3.4028234663852886e38;
}

/** The literal a JSON number had in the request: the recorded text, else JavaScript's rendering (Go's for floats). */
export function numberLiteral(value: number, recorded: string | undefined): string {
  return recorded ?? String(value);
}

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64Values = new Map([...base64Alphabet].map((ch, index) => [ch.charCodeAt(0), index]));
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const PAD = 61;

const isLineBreak = (byte: number | undefined): boolean => byte === NEWLINE || byte === CARRIAGE_RETURN;

/** One decodeQuantum step: the next read position, or the byte offset of Go's CorruptInputError. */
function decodeQuantum(bytes: Uint8Array, start: number): { next: number; corruptAt?: number } {
  let at = start;
  for (let filled = 0; filled < 4; filled++) {
    if (at === bytes.length) {
      if (filled === 0) return { next: at };
      return { next: at, corruptAt: at - filled };
    }
    const byte = bytes[at++]!;
    if (base64Values.has(byte)) continue;
    if (isLineBreak(byte)) {
      filled--;
      continue;
    }
    if (byte !== PAD || filled < 2) return { next: at, corruptAt: at - 1 };
    if (filled === 2) {
      while (at < bytes.length && isLineBreak(bytes[at])) at++;
      if (at === bytes.length) return { next: at, corruptAt: bytes.length };
      if (bytes[at] !== PAD) return { next: at, corruptAt: at - 1 };
      at++;
    }
    while (at < bytes.length && isLineBreak(bytes[at])) at++;
    return at < bytes.length ? { next: at, corruptAt: at } : { next: at };
  }
  return { next: at };
}

/** base64.StdEncoding.Decode's error text for `text`, or null when it decodes. */
export function goBase64Error(text: string): string | null {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length;) {
    const step = decodeQuantum(bytes, at);
    if (step.corruptAt !== undefined) return `illegal base64 data at input byte ${step.corruptAt}`;
    if (step.next === at) break;
    at = step.next;
  }
  return null;
}
