/**
 * Service account signing keys (--service-account-signing-key-file), imported with Web Crypto.
 * Supported: RSA (RS256) and EC P-256 (ES256), as a PKCS#8 PEM or a private JWK in JSON.
 * The key ID is kube's keyIDFromPublicKey (pkg/serviceaccount/jwt.go): unpadded base64url of
 * SHA-256 over the DER PKIX SubjectPublicKeyInfo.
 */
import { encodeBase64Url } from './base64url.js';
import { pkcs8DerFromPem } from './pem.js';

export type SigningAlgorithm = 'RS256' | 'ES256';

export interface SigningKey {
  alg: SigningAlgorithm;
  kid: string;
  /** Non-extractable, usage `sign`. */
  privateKey: CryptoKey;
  /** Usage `verify`. */
  publicKey: CryptoKey;
  /** The key as kube's JWKS lists it: use, kty, kid, [crv,] alg, then n, e or x, y. */
  publicJwk: JsonWebKey;
}

/** Web Crypto import parameters per JWS algorithm. */
export const WEB_CRYPTO_ALGORITHMS: Record<SigningAlgorithm, SubtleCryptoImportKeyAlgorithm> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
};

/** Imports a PKCS#8 PEM or private JWK (JSON); throws an Error saying what is unsupported. */
export async function importSigningKey(secret: string): Promise<SigningKey> {
  const trimmed = secret.trim();
  const privateJwk = trimmed.startsWith('{') ? privateJwkFromJson(trimmed) : await privateJwkFromPem(trimmed);
  return signingKeyFromPrivateJwk(privateJwk);
}

/** Parses a private JWK and checks it is RSA or EC P-256 with its private part. */
function privateJwkFromJson(json: string): JsonWebKey {
  let jwk: JsonWebKey;
  try {
    jwk = JSON.parse(json) as JsonWebKey;
  } catch {
    throw new Error('signing key is neither a PEM block nor valid JSON');
  }
  if (typeof jwk !== 'object' || jwk === null || typeof jwk.d !== 'string') {
    throw new Error('signing key JWK must be a private key (with "d")');
  }
  const alg = algorithmOfJwk(jwk);
  if (jwk.alg !== undefined && jwk.alg !== alg) {
    throw new Error(`signing key JWK alg "${jwk.alg}" does not match its key type (${alg})`);
  }
  return jwk;
}

/** Imports PKCS#8 DER as RSA, then as EC P-256, and exports it as a private JWK. */
async function privateJwkFromPem(pem: string): Promise<JsonWebKey> {
  const der = pkcs8DerFromPem(pem);
  for (const alg of ['RS256', 'ES256'] as const) {
    try {
      const key = await crypto.subtle.importKey('pkcs8', der, WEB_CRYPTO_ALGORITHMS[alg], true, ['sign']);
      return (await crypto.subtle.exportKey('jwk', key)) as JsonWebKey;
    } catch {
      // not this key type; try the next
    }
  }
  throw new Error('PKCS#8 key is neither RSA nor EC P-256 (only RS256 and ES256 are supported)');
}

/** The JWS algorithm a JWK's key type implies; throws for anything but RSA and EC P-256. */
function algorithmOfJwk(jwk: JsonWebKey): SigningAlgorithm {
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  throw new Error(`unsupported signing key type ${jwk.kty}${jwk.crv ? ` ${jwk.crv}` : ''} (want RSA or EC P-256)`);
}

/** Builds the SigningKey: non-extractable private key, public key, kube key ID and JWKS entry. */
async function signingKeyFromPrivateJwk(privateJwk: JsonWebKey): Promise<SigningKey> {
  const alg = algorithmOfJwk(privateJwk);
  const params = WEB_CRYPTO_ALGORITHMS[alg];
  const bare = publicPart(privateJwk);
  const privateKey = await crypto.subtle.importKey('jwk', withoutMetadata(privateJwk), params, false, ['sign']);
  const publicKey = await crypto.subtle.importKey('jwk', bare, params, true, ['verify']);
  const kid = await keyIdOf(publicKey);
  return { alg, kid, privateKey, publicKey, publicJwk: jwksEntry(bare, kid, alg) };
}

/** Computes kube's key ID for a public key: base64url(SHA-256(DER SubjectPublicKeyInfo)). */
export async function keyIdOf(publicKey: CryptoKey): Promise<string> {
  const spki = await crypto.subtle.exportKey('spki', publicKey);
  return encodeBase64Url(await crypto.subtle.digest('SHA-256', spki as ArrayBuffer));
}

/** Only the public members of a JWK (kty with n, e or crv, x, y). */
function publicPart(jwk: JsonWebKey): JsonWebKey {
  return jwk.kty === 'RSA' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y };
}

/** Drops alg/use/key_ops/kid so Web Crypto's JWK import checks cannot trip over them. */
function withoutMetadata(jwk: JsonWebKey): JsonWebKey {
  const rest: Record<string, unknown> = { ...jwk };
  for (const member of ['alg', 'use', 'key_ops', 'ext', 'kid']) delete rest[member];
  return rest as unknown as JsonWebKey;
}

/** The JWKS entry in go-jose's rawJSONWebKey field order: use, kty, kid, crv, alg, x, y, n, e. */
function jwksEntry(bare: JsonWebKey, kid: string, alg: SigningAlgorithm): JsonWebKey {
  if (bare.kty === 'RSA') return { use: 'sig', kty: 'RSA', kid, alg, n: bare.n, e: bare.e } as JsonWebKey;
  return { use: 'sig', kty: 'EC', kid, crv: bare.crv, alg, x: bare.x, y: bare.y } as JsonWebKey;
}
