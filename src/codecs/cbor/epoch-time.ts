/**
 * Tag 1 (seconds since the epoch). kube decodes time tags into interface{} as RFC 3339 strings
 * with nanoseconds (fxamacker's TimeTagToRFC3339Nano): time.Unix(seconds, fraction).UTC().
 */
import { CborDecodeError } from './errors.js';

/** Go's RFC3339Nano text of an epoch time: UTC, fraction without trailing zeros. */
export function epochToRfc3339(seconds: number): string {
  let whole = Math.trunc(seconds);
  let nanos = Math.trunc((seconds - whole) * 1e9);
  if (nanos < 0) {
    whole -= 1;
    nanos += 1e9;
  }
  const date = new Date(whole * 1000);
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) {
    throw new CborDecodeError(
      'cbor: decoded time cannot be represented in RFC3339 format with sub-second precision: Time.MarshalText: year outside of range [0,9999]',
    );
  }
  const fraction = nanos ? `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}` : '';
  return `${date.toISOString().slice(0, 19)}${fraction}Z`;
}
