/**
 * Writing what is not an object: Status errors (the one error sink), kube's plain-text 404, and
 * the headers every kube-apiserver response carries.
 */
import { encodeBody } from '../codecs/encode-body.js';
import { negotiateOutput, type OutputFormat } from '../codecs/negotiate.js';
import { StatusError, internalError, pageNotFoundText } from '../core/status.js';

/** Cache-Control and Audit-Id, as kube's filters set them (not on WebSocket upgrades). */
export function withCommonHeaders(response: Response): Response {
  if (response.status === 101) return response;
  const headers = new Headers(response.headers);
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-cache, private');
  headers.set('audit-id', crypto.randomUUID());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The Status of any failure, in the format the client accepts (any of ours: kube negotiates
 * errors with the default restrictions, so even a custom resource's 406 can be Protobuf), JSON
 * when it accepts nothing we make.
 */
export function errorResponse(error: unknown, request: Request): Response {
  const statusError = error instanceof StatusError ? error : unexpected(error);
  const format = errorFormat(request);
  const headers: Record<string, string> = { 'content-type': format.mediaType };
  const retryAfter = statusError.status.details?.retryAfterSeconds;
  if (retryAfter) headers['retry-after'] = String(retryAfter);
  return new Response(encodeBody(statusError.status, format, false), { status: statusError.code, headers });
}

function errorFormat(request: Request): OutputFormat {
  try {
    return negotiateOutput(request.headers.get('accept'), 'status');
  } catch {
    return { encoding: 'json', mediaType: 'application/json' };
  }
}

/** Anything that is not a StatusError is a bug: logged in full, answered without internals. */
function unexpected(error: unknown): StatusError {
  console.error('unexpected error', error);
  return internalError('an unexpected error occurred while serving the request');
}

/** kube's answer for a path nothing serves. */
export function pageNotFound(): Response {
  return new Response(pageNotFoundText, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });
}
