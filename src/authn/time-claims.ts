/**
 * Time validation of `exp`, `nbf` and `iat` as kube's service account validator calls
 * go-jose's Claims.Validate(jwt.Expected{Time: now}) (gopkg.in/go-jose/go-jose.v2/jwt):
 * one minute of leeway (jwt.DefaultLeeway), whole seconds, and an absent `exp` reads as
 * the Unix epoch, so a token without `exp` is expired. An absent `nbf`/`iat` passes.
 */

/** jwt.DefaultLeeway: clock skew tolerated on every time claim. */
export const TIME_CLAIM_LEEWAY_SECONDS = 60;

export type TimeClaimsError = 'expired' | 'not-yet-valid' | 'issued-in-the-future' | 'malformed';

/** Null when the payload's time claims are valid at `now`, else which check failed. */
export function timeClaimsError(payload: Record<string, unknown>, now: Date): TimeClaimsError | null {
  const exp = numericDate(payload.exp);
  const nbf = numericDate(payload.nbf);
  const iat = numericDate(payload.iat);
  if (exp === null || nbf === null || iat === null) return 'malformed';
  const leeway = TIME_CLAIM_LEEWAY_SECONDS * 1000;
  const millis = now.getTime();
  if (millis + leeway < nbf * 1000) return 'not-yet-valid';
  if (millis - leeway > exp * 1000) return 'expired';
  if (millis + leeway < iat * 1000) return 'issued-in-the-future';
  return null;
}

/** A NumericDate in whole seconds (absent reads as 0); null when present but not a number. */
function numericDate(value: unknown): number | null {
  if (value === undefined) return 0;
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
}
