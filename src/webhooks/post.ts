/**
 * One POST of a review (AdmissionReview, ConversionReview) to a webhook, failing as client-go's
 * rest client fails (rest/request.go transformResponse, apierrors.NewGenericServerResponse). Every
 * failure is a WebhookCallError whose reason is the text kube prints after its own prefix
 * (`failed to call webhook: ` for admission, `conversion webhook for GVK failed: ` for conversion):
 * `Post "URL?timeout=10s": ...`, a generic server message, or the decoder's error.
 *
 * Platform limits: Workers fetch trusts publicly trusted certificates only, so a `caBundle` is not
 * honoured. Transport errors carry the platform's own message where Go would print its dialer's
 * (`dial tcp ...`); timeouts read `context deadline exceeded`.
 */
import { goQuote } from '../apimachinery/go-format.js';
import { goJsonSyntaxError, goJsonTypeName } from '../apimachinery/go-json-errors.js';

/** The platform fetch, injected so callers stay testable. */
export type WebhookFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Where a webhook call goes: the base URL (a `url`, or a resolved service), and its timeout. */
export interface WebhookTarget {
  base: string;
  timeoutSeconds: number;
  /** What a timeout reads (the Go client's): `context deadline exceeded` unless given. */
  timeoutText?: string;
  /** The base errors print, when it is not `base` (a service reference: `https://name.namespace.svc:port/path`, as kube dials it). */
  shownBase?: string;
}

/** A call that failed; `reason` is kube's text after the caller's prefix. */
export class WebhookCallError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'WebhookCallError';
  }
}

/** client-go caps the body text it quotes in an unstructured error (maxUnstructuredResponseTextBytes). */
const maxUnstructuredResponseTextBytes = 2048;

/** The URL kube posts to: the base with the `timeout` query parameter client-go adds. */
export function webhookCallUrl(target: WebhookTarget): string {
  return `${target.base}${target.base.includes('?') ? '&' : '?'}timeout=${target.timeoutSeconds}s`;
}

function genericServerMessage(code: number, serverMessage: string): string {
  switch (code) {
    case 409: return 'the server reported a conflict';
    case 404: return 'the server could not find the requested resource';
    case 400: return 'the server rejected our request for an unknown reason';
    case 401: return 'the server has asked for the client to provide credentials';
    case 403: return serverMessage;
    case 405: return 'the server does not allow this method on the requested resource';
    case 422: return 'the server rejected our request due to an error in our request';
    case 503: return 'the server is currently unable to handle the request';
    case 504: return 'the server was unable to return a response in the time allotted, but may still be processing the request';
    case 429: return 'the server has received too many requests and has asked us to try again later';
    default:
      return code >= 500
        ? `an error on the server (${goQuote(serverMessage)}) has prevented the request from succeeding`
        : `the server responded with the status code ${code} but did not return more information`;
  }
}

/** isTextResponse: no content type, or a text/* one (client-go quotes the body then). */
function isTextResponse(response: Response): boolean {
  const type = (response.headers.get('content-type') ?? '').trim().toLowerCase();
  return type === '' || type.startsWith('text/');
}

/** A non-2xx answer: its Status message when the body is a Status, else client-go's generic text. */
function statusCodeFailure(response: Response, body: string): WebhookCallError {
  try {
    const parsed = JSON.parse(body) as { kind?: unknown; message?: unknown };
    if (parsed && parsed.kind === 'Status') return new WebhookCallError(typeof parsed.message === 'string' ? parsed.message : '');
  } catch { /* not a Status: fall through to the unstructured error */ }
  const serverMessage = isTextResponse(response) ? new TextDecoder().decode(new TextEncoder().encode(body).slice(0, maxUnstructuredResponseTextBytes)).trim() : 'unknown';
  return new WebhookCallError(genericServerMessage(response.status, serverMessage));
}

/** The decoded body of a 2xx answer, or the serializer's error (`couldn't get version/kind; ...`). */
function decodeBody(body: string): Record<string, unknown> {
  const syntax = goJsonSyntaxError(body);
  if (syntax !== null) throw new WebhookCallError(`couldn't get version/kind; json parse error: ${syntax}`);
  const parsed: unknown = JSON.parse(body);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const type = goJsonTypeName(parsed);
    throw new WebhookCallError(`couldn't get version/kind; json parse error: json: cannot unmarshal ${type} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
  }
  return parsed as Record<string, unknown>;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function transportText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] || 'connection failed';
}

/** `Post "URL": why`, the transport failure of a call. */
export function postFailure(url: string, why: string): WebhookCallError {
  return new WebhookCallError(`Post ${goQuote(url)}: ${why}`);
}

/** POSTs `review` to `target` and returns the decoded answer; throws WebhookCallError on any failure. */
export async function postReview(target: WebhookTarget, review: unknown, fetch: WebhookFetch): Promise<Record<string, unknown>> {
  const url = webhookCallUrl(target);
  const shown = target.shownBase === undefined ? url : webhookCallUrl({ ...target, base: target.shownBase });
  if (!target.base.toLowerCase().startsWith('https://')) throw postFailure(shown, 'only https webhook URLs are callable');
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, */*' },
      body: JSON.stringify(review),
      signal: AbortSignal.timeout(target.timeoutSeconds * 1000),
    });
    body = await response.text();
  } catch (error) {
    throw postFailure(shown, isTimeout(error) ? target.timeoutText ?? 'context deadline exceeded' : transportText(error));
  }
  if (response.status < 200 || response.status > 206) throw statusCodeFailure(response, body);
  return decodeBody(body);
}
