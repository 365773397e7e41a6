/**
 * Byte helpers with Web APIs only (workerd has no Buffer): UTF-8 and standard base64 with
 * padding, the encoding Go's encoding/json uses for []byte.
 */

// Not fatal: Go does not validate UTF-8 in proto strings either; bad bytes become U+FFFD.
// ignoreBOM: a leading U+FEFF is part of the string (Go keeps it); by default TextDecoder drops it.
const utf8Decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** A string from UTF-8 bytes. */
export function fromUtf8(bytes: Uint8Array): string {
  return utf8Decoder.decode(bytes);
}

const CHUNK = 0x8000;

/** Standard base64 (with padding) of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** Bytes from standard base64; throws on a string that is not base64. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Compares strings by their UTF-8 bytes, as Go's sort.Strings orders map keys. UTF-8 order is
 * code point order, which differs from UTF-16 order only between a surrogate (a code point
 * above U+FFFF) and a unit in U+E000..U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys && (xs ? y : x) >= 0xe000) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
