/**
 * Warnings recorded before a request failed. kube's warning recorder writes each warning into the
 * response headers as it is recorded, so a request that fails after decoding (422, 409, a 400
 * for a mismatched name, an admission denial) still carries its `unknown field` and deprecation
 * warnings beside the Status. The router remembers them with the error; the error sink
 * (status-responses.ts) writes them.
 */

const recorded = new WeakMap<object, string[]>();

/** Remembers `warnings` (copied) with `error`; answers the error to rethrow. */
export function withFailureWarnings(error: unknown, warnings: readonly string[]): unknown {
  if (warnings.length && typeof error === 'object' && error !== null && !recorded.has(error)) recorded.set(error, [...warnings]);
  return error;
}

/** The warnings recorded before `error`, none if it carries none. */
export function failureWarnings(error: unknown): string[] {
  return (typeof error === 'object' && error !== null && recorded.get(error)) || [];
}
