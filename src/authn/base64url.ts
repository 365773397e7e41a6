/**
 * base64url without padding (RFC 7515 §2), as JWS compact serialization and Go's
 * base64.RawURLEncoding use it. Decoding never throws: hostile input yields null.
 */

const BASE64URL_ALPHABET = /^[A-Za-z0-9_-]*$/;

/** Encodes bytes as unpadded base64url. */
export function encodeBase64Url(bytes: Uint8Array | ArrayBuffer): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Encodes a string's UTF-8 bytes as unpadded base64url. */
export function encodeBase64UrlText(text: string): string {
  return encodeBase64Url(new TextEncoder().encode(text));
}

/**
 * Decodes unpadded base64url; null for padding, characters outside the alphabet, or an
 * impossible length (4n+1), like Go's RawURLEncoding.
 */
export function decodeBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL_ALPHABET.test(text) || text.length % 4 === 1) return null;
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Decodes base64url bytes as strict UTF-8 text; null when either step fails. */
export function decodeBase64UrlText(text: string): string | null {
  const bytes = decodeBase64Url(text);
  if (bytes === null) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
