/**
 * Compact JWS (RFC 7515) signing and verification for RS256 and ES256 with Web Crypto.
 * Verification never throws: any malformed, oversized, unsigned or wrongly signed token
 * yields null. ES256 signatures are the 64-byte r||s form JWS requires (and Web Crypto
 * produces); DER-encoded ECDSA signatures are rejected.
 */
import { decodeBase64Url, decodeBase64UrlText, encodeBase64Url, encodeBase64UrlText } from './base64url.js';
import type { SigningKey } from './keys.js';
import { timeClaimsError } from './time-claims.js';

/** Tokens longer than this are rejected unread; kube tokens are a few KiB at most. */
export const MAX_TOKEN_LENGTH = 64 * 1024;

const ES256_SIGNATURE_BYTES = 64;

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** `base64url(header).base64url(payload)`, the bytes the signature covers. */
  signingInput: string;
  signature: Uint8Array;
}

/** Signs claims with header `{"alg":...,"kid":...}` exactly as kube's go-jose signer emits. */
export async function signJwt(key: SigningKey, claims: object): Promise<string> {
  const header = JSON.stringify({ alg: key.alg, kid: key.kid });
  const signingInput = `${encodeBase64UrlText(header)}.${encodeBase64UrlText(JSON.stringify(claims))}`;
  const signature = await crypto.subtle.sign(signParams(key), key.privateKey, new TextEncoder().encode(signingInput));
  return `${signingInput}.${encodeBase64Url(signature)}`;
}

/** Splits and decodes a compact JWS without checking the signature; null when malformed. */
export function decodeJwtUnverified(token: string): DecodedJwt | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = jsonObject(decodeBase64UrlText(headerPart));
  const payload = jsonObject(decodeBase64UrlText(payloadPart));
  const signature = decodeBase64Url(signaturePart);
  if (!header || !payload || !signature) return null;
  return { header, payload, signingInput: `${headerPart}.${payloadPart}`, signature };
}

/**
 * The payload of a token signed by one of `keys` and valid at `now`, or null.
 * Key choice follows kube's jwtTokenAuthenticator: with a `kid` header only keys with that
 * kid are tried, without one every key is. The header `alg` must equal the key's algorithm
 * (so `none`, HS256 and cross-type confusion fail) and `crit` is refused. Time claims are
 * checked as kube's go-jose Claims.Validate does (see time-claims.ts): `exp` is required.
 */
export async function verifyJwt(token: string, keys: SigningKey[], now: Date): Promise<Record<string, unknown> | null> {
  const decoded = decodeJwtUnverified(token);
  if (!decoded || !(await hasValidSignature(decoded, keys))) return null;
  return timeClaimsError(decoded.payload, now) === null ? decoded.payload : null;
}

/** True when some candidate key verifies the signature under the header's algorithm. */
export async function hasValidSignature(decoded: DecodedJwt, keys: SigningKey[]): Promise<boolean> {
  const { alg, kid, crit } = decoded.header;
  if (crit !== undefined || (kid !== undefined && typeof kid !== 'string')) return false;
  const candidates = keys.filter((key) => key.alg === alg && (kid === undefined || key.kid === kid));
  for (const key of candidates) {
    if (await verifiesWith(key, decoded)) return true;
  }
  return false;
}

/** Verifies one signature; malformed signatures and Web Crypto errors count as failures. */
async function verifiesWith(key: SigningKey, decoded: DecodedJwt): Promise<boolean> {
  if (key.alg === 'ES256' && decoded.signature.length !== ES256_SIGNATURE_BYTES) return false;
  try {
    const data = new TextEncoder().encode(decoded.signingInput);
    return await crypto.subtle.verify(signParams(key), key.publicKey, decoded.signature, data);
  } catch {
    return false;
  }
}

/** Web Crypto sign/verify parameters for a key's JWS algorithm. */
function signParams(key: SigningKey): SubtleCryptoSignAlgorithm {
  return key.alg === 'ES256' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: 'RSASSA-PKCS1-v1_5' };
}

/** Parses JSON text that must be an object (not array, not null); null otherwise. */
function jsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
