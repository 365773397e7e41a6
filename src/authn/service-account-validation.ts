/**
 * Validation of a signature-checked bound service account token payload, in the order and
 * with the messages of kube's jwtTokenAuthenticator.AuthenticateToken (pkg/serviceaccount/
 * jwt.go) and validator.Validate (claims.go): issuer, audiences, time claims, private claims.
 *
 * Not done here (needs storage): kube's checks that the service account, and the bound
 * pod/secret/node, still exist with the claimed uid and are not being deleted for more than
 * the leeway. The caller must make them with the returned info before trusting it.
 */
import type { ObjectRef, ServiceAccountInfo } from './service-account-tokens.js';
import { timeClaimsError } from './time-claims.js';

export interface ServiceAccountValidationOptions {
  /** Accepted `iss` values (--service-account-issuer, all of them). */
  issuers: string[];
  /** The API server's audiences (--api-audiences); defaults to `issuers`, as kube does. */
  apiAudiences?: string[];
  now: Date;
}

export type ServiceAccountValidation =
  | { ok: true; info: ServiceAccountInfo; audiences: string[] }
  | { ok: false; error: string };

const UNEXPECTED = 'service account token claims could not be validated due to unexpected validation error';

/** Validates the payload of a token whose signature verifyJwt/hasValidSignature accepted. */
export function validateServiceAccountClaims(
  payload: Record<string, unknown>,
  options: ServiceAccountValidationOptions,
): ServiceAccountValidation {
  if (typeof payload.iss !== 'string' || !options.issuers.includes(payload.iss)) {
    return { ok: false, error: `token issuer ${goQuote(String(payload.iss ?? ''))} is invalid` };
  }
  const audiences = audienceIntersection(payload.aud, options.apiAudiences ?? options.issuers);
  if (typeof audiences === 'string') return { ok: false, error: audiences };
  const timeError = timeClaimsError(payload, options.now);
  if (timeError === 'expired') return { ok: false, error: 'service account token has expired' };
  if (timeError === 'not-yet-valid') return { ok: false, error: 'service account token is not valid yet' };
  if (timeError !== null) return { ok: false, error: UNEXPECTED };
  const info = serviceAccountInfoFrom(payload);
  return info ? { ok: true, info, audiences } : { ok: false, error: UNEXPECTED };
}

/**
 * Token audiences ∩ API audiences, or kube's error message. A token without `aud` gets the
 * API audiences (kube's legacy-token rule); `aud` may be a string or an array of strings.
 */
function audienceIntersection(aud: unknown, apiAudiences: string[]): string[] | string {
  const claimed = aud === undefined ? [] : typeof aud === 'string' ? [aud] : aud;
  if (!Array.isArray(claimed) || !claimed.every((value) => typeof value === 'string')) return UNEXPECTED;
  const tokenAudiences = claimed.length === 0 ? apiAudiences : (claimed as string[]);
  const shared = tokenAudiences.filter((value) => apiAudiences.includes(value));
  if (shared.length === 0 && apiAudiences.length !== 0) {
    return `token audiences ${goQuoteList(tokenAudiences)} is invalid for the target audiences ${goQuoteList(apiAudiences)}`;
  }
  return shared;
}

/** Reads the `kubernetes.io` private claim and `jti`; null when the shape is wrong. */
function serviceAccountInfoFrom(payload: Record<string, unknown>): ServiceAccountInfo | null {
  const claim = payload['kubernetes.io'];
  if (typeof claim !== 'object' || claim === null) return null;
  const { namespace, serviceaccount, pod, secret, node } = claim as Record<string, unknown>;
  const account = objectRef(serviceaccount);
  const [podRef, secretRef, nodeRef] = [pod, secret, node].map(optionalObjectRef);
  if (typeof namespace !== 'string' || !namespace || !account?.name || !podRef || !secretRef || !nodeRef) return null;
  const info: ServiceAccountInfo = { namespace, name: account.name, uid: account.uid };
  if (podRef.ref) Object.assign(info, { podName: podRef.ref.name, podUid: podRef.ref.uid });
  if (secretRef.ref) Object.assign(info, { secretName: secretRef.ref.name, secretUid: secretRef.ref.uid });
  if (nodeRef.ref) Object.assign(info, { nodeName: nodeRef.ref.name, nodeUid: nodeRef.ref.uid });
  if (typeof payload.jti === 'string' && payload.jti !== '') info.credentialId = `JTI=${payload.jti}`;
  return info;
}

/** A `{name, uid}` object with string (possibly absent → empty) members; null otherwise. */
function objectRef(value: unknown): ObjectRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name = '', uid = '' } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof uid === 'string' ? { name, uid } : null;
}

/** Wraps objectRef for optional refs: `{ref: undefined}` when absent, null when malformed. */
function optionalObjectRef(value: unknown): { ref: ObjectRef | undefined } | null {
  if (value === undefined || value === null) return { ref: undefined };
  const ref = objectRef(value);
  return ref ? { ref } : null;
}

/** Approximates Go's %q for a string. */
function goQuote(value: string): string {
  return JSON.stringify(value);
}

/** Go's %q for a []string: `["a" "b"]`. */
function goQuoteList(values: string[]): string {
  return `[${values.map(goQuote).join(' ')}]`;
}
