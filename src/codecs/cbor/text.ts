/**
 * Strings out of CBOR byte and text strings: UTF-8 (strict for text strings, as kube rejects
 * invalid UTF-8 there; lenient for byte strings, whose bad bytes become U+FFFD as Go's JSON
 * encoder writes them), and the text encodings of RFC 8949 3.4.5.2 for tagged byte strings.
 */
import { toBase64 } from '../protobuf/bytes.js';

// ignoreBOM keeps a leading U+FEFF: it is content, not a byte order mark, in a CBOR string.
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Up to this length an ASCII string is built from char codes (no TextDecoder call, no view). */
const SHORT = 32;
/** Reused argument arrays for String.fromCharCode, one per length. */
const codeArrays: number[][] = Array.from({ length: SHORT + 1 }, (_, n) => new Array<number>(n).fill(0));

/**
 * The text of bytes[start, end). With `strict`, invalid UTF-8 throws a TypeError (the caller
 * turns it into kube's error); otherwise it becomes U+FFFD.
 */
export function utf8Text(bytes: Uint8Array, start: number, end: number, strict: boolean): string {
  const length = end - start;
  if (length <= SHORT) {
    const codes = codeArrays[length]!;
    let all = 0;
    for (let i = 0; i < length; i++) all |= codes[i] = bytes[start + i]!;
    if (all < 0x80) return String.fromCharCode.apply(null, codes);
  }
  return (strict ? strictDecoder : lenientDecoder).decode(bytes.subarray(start, end));
}

const KEY_SLOTS = 4096;
const MAX_CACHED_KEY = 24;
const cachedKeys: (string | undefined)[] = new Array(KEY_SLOTS).fill(undefined);
const cachedKeyBytes: (Uint8Array | undefined)[] = new Array(KEY_SLOTS).fill(undefined);

/**
 * utf8Text for map keys: the same few keys come back in every object of a list, so short
 * ASCII keys are kept in a small hash table (last one wins a slot) instead of being rebuilt.
 */
export function keyText(bytes: Uint8Array, start: number, end: number, strict: boolean): string {
  const length = end - start;
  if (length > MAX_CACHED_KEY) return utf8Text(bytes, start, end, strict);
  let hash = length;
  let all = 0;
  for (let i = start; i < end; i++) {
    hash = (Math.imul(hash, 31) + bytes[i]!) | 0;
    all |= bytes[i]!;
  }
  // Only ASCII is cached: it is valid UTF-8 whether the key came as a byte or a text string.
  if (all >= 0x80) return utf8Text(bytes, start, end, strict);
  const slot = hash & (KEY_SLOTS - 1);
  const known = cachedKeyBytes[slot];
  if (known && known.length === length && sameBytes(known, bytes, start)) return cachedKeys[slot]!;
  const text = utf8Text(bytes, start, end, strict);
  cachedKeys[slot] = text;
  cachedKeyBytes[slot] = bytes.slice(start, end);
  return text;
}

function sameBytes(known: Uint8Array, bytes: Uint8Array, start: number): boolean {
  for (let i = 0; i < known.length; i++) if (known[i] !== bytes[start + i]) return false;
  return true;
}

/** Standard base64 with padding: Go's JSON encoding of []byte. */
export { toBase64 };

/** The text a tag 21 (base64url), 22 (base64) or 23 (hex) announces for the bytes. */
export function laterEncoded(tag: number, bytes: Uint8Array): string {
  if (tag === 21) return toBase64Url(bytes);
  return tag === 22 ? toBase64(bytes) : toHex(bytes);
}

/** base64url without padding (tag 21). */
function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex (tag 23). */
function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += HEX[b];
  return text;
}
