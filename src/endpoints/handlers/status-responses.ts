/**
 * Writing what is not an object: Status errors (the one error sink), kube's plain-text 404, and
 * the headers every kube-apiserver response carries.
 */
import { encodeBody } from '../../codecs/encode-body.js';
import { negotiateOutput, type OutputFormat } from '../../codecs/negotiate.js';
import { StatusError, internalError, pageNotFoundText } from '../../apimachinery/status.js';
import { wantsPretty, withWarnings } from './respond.js';
import { failureWarnings } from './failure-warnings.js';
import { sizedResponse, withHeaders } from './sized-response.js';
import { requestUrl } from '../../apimachinery/request-url.js';

/** Cache-Control and Audit-Id (the request's audit ID), as kube's filters set them (not on WebSocket upgrades). */
export function withCommonHeaders(response: Response, auditId: string = crypto.randomUUID()): Response {
  if (response.status === 101) return response;
  const cacheControl = response.headers.get('cache-control') ?? 'no-cache, private';
  return withHeaders(response, { 'cache-control': cacheControl, 'audit-id': auditId });
}

/**
 * The Status of any failure, in the format the client accepts (any of ours: kube negotiates
 * errors with the default restrictions, so even a custom resource's 406 can be Protobuf), JSON
 * when it accepts nothing we make; pretty-printed where kube pretty-prints objects (`?pretty`,
 * curl, wget, browsers), as its error writer serializes through the same negotiation; with the
 * warnings recorded before the failure (handlers/failure-warnings.ts).
 */
export function errorResponse(error: unknown, request: Request): Response {
  const statusError = error instanceof StatusError ? error : unexpected(error);
  const format = errorFormat(request);
  const headers: Record<string, string> = { 'content-type': format.mediaType };
  const retryAfter = statusError.status.details?.retryAfterSeconds;
  if (retryAfter) headers['retry-after'] = String(retryAfter);
  const response = sizedResponse(encodeBody(statusError.status, format, wantsPretty(request, requestUrl(request))), { status: statusError.code, headers });
  return withWarnings(response, failureWarnings(error));
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

/**
 * Go's HTTP server's answer to a request target it cannot parse (a `%` in the path not followed
 * by two hex digits): kube-apiserver never sees such a request. Go also closes the connection,
 * which a Worker cannot do.
 */
export function badRequestTarget(): Response {
  return new Response('400 Bad Request', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
