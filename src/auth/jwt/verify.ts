/**
 * go-oidc's IDTokenVerifier.Verify as kube configures it, for one JWT authenticator: a compact
 * JWS whose `iss` is the issuer, an audience of the configured ones (MatchAny), not expired (no
 * leeway: go-oidc has none for `exp`), not before `nbf` minus 5 minutes, signed with an allowed
 * algorithm by a key of the issuer's JWKS (jose verifies the signature with Web Crypto). A key
 * the cache lacks makes the key set refetch once. Throws an Error with go-oidc's text.
 */
import { compactVerify, errors as joseErrors } from 'jose';
import type { IssuerKeySet } from './key-set.js';

/** kube's default --oidc-signing-algs (the structured configuration has no field for them). */
export const supportedSigningAlgorithms = ['RS256'];
const notBeforeLeewaySeconds = 5 * 60;

/** The verified payload of `token`, or throws. */
export async function verifyIdToken(token: string, issuer: string, audiences: string[], keySet: IssuerKeySet, now: Date): Promise<Record<string, unknown>> {
  const claims = await verifySignature(token, keySet);
  const iss = claims.iss === 'accounts.google.com' ? 'https://accounts.google.com' : claims.iss;
  if (iss !== issuer) throw new Error(`oidc: verify token: oidc: id token issued by a different provider, expected "${issuer}" got "${String(claims.iss)}"`);
  const tokenAudiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud.filter((aud): aud is string => typeof aud === 'string') : [];
  if (!tokenAudiences.some((aud) => audiences.includes(aud))) {
    throw new Error(`oidc: verify token: oidc: expected audience in [${[...audiences].sort().map((a) => JSON.stringify(a)).join(' ')}] got [${tokenAudiences.map((a) => JSON.stringify(a)).join(' ')}]`);
  }
  const seconds = now.getTime() / 1000;
  const exp = typeof claims.exp === 'number' ? claims.exp : 0;
  if (seconds > exp) throw new Error(`oidc: verify token: oidc: token is expired (Token Expiry: ${new Date(exp * 1000).toISOString()})`);
  if (typeof claims.nbf === 'number' && seconds + notBeforeLeewaySeconds < claims.nbf) {
    throw new Error(`oidc: verify token: oidc: current time ${now.toISOString()} before the nbf (not before) time: ${new Date(claims.nbf * 1000).toISOString()}`);
  }
  return claims;
}

async function verifySignature(token: string, keySet: IssuerKeySet): Promise<Record<string, unknown>> {
  const options = { algorithms: supportedSigningAlgorithms };
  let result;
  try {
    result = await compactVerify(token, await keySet.keys(), options);
  } catch (error) {
    if (!(error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) || !(await keySet.refresh())) throw signatureError(error);
    try {
      result = await compactVerify(token, await keySet.keys(), options);
    } catch (again) {
      throw signatureError(again);
    }
  }
  const payload: unknown = JSON.parse(new TextDecoder().decode(result.payload));
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error('oidc: verify token: oidc: malformed jwt payload');
  return payload as Record<string, unknown>;
}

function signatureError(error: unknown): Error {
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return new Error(`oidc: verify token: oidc: id token signed with unsupported algorithm`);
  if (error instanceof joseErrors.JOSEError) return new Error(`oidc: verify token: failed to verify signature: ${error.message}`);
  return error instanceof Error ? error : new Error(String(error));
}
