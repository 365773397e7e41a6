/**
 * One POST of an AdmissionReview to a webhook, failing as client-go's rest client fails
 * (rest/request.go transformResponse, apierrors.NewGenericServerResponse), every failure as a
 * CallingWebhookError `failed to call webhook: Post "URL?timeout=10s": ...`.
 *
 * Platform limits: only `clientConfig.url` is reachable; a `service` reference names a cluster
 * Service this server cannot route to and fails the call. `caBundle` is not honoured: Workers
 * fetch trusts publicly trusted certificates only. Transport errors carry the platform's own
 * message where Go would print its dialer's (`dial tcp ...`); timeouts read `context deadline exceeded`.
 */
import { goQuote } from '../../apimachinery/go-format.js';
import { goJsonSyntaxError, goJsonTypeName } from '../../apimachinery/go-json-errors.js';
import { CallingWebhookError } from './errors.js';
import type { Webhook, WebhookFetch } from './types.js';

/** client-go caps the body text it quotes in an unstructured error (maxUnstructuredResponseTextBytes). */
const maxUnstructuredResponseTextBytes = 2048;

/** The URL kube posts to: the webhook URL with the `timeout` query parameter client-go adds. */
export function webhookCallUrl(webhook: Webhook): string {
  const { url, service } = webhook.clientConfig;
  const base = url ?? (service ? `https://${service.name}.${service.namespace}.svc:${service.port ?? 443}${service.path ?? ''}` : '');
  return `${base}${base.includes('?') ? '&' : '?'}timeout=${webhook.timeoutSeconds}s`;
}

function postFailure(webhook: Webhook, url: string, why: string): CallingWebhookError {
  return new CallingWebhookError(webhook.name, `failed to call webhook: Post ${goQuote(url)}: ${why}`);
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

/** A non-2xx answer: its Status message when the body is a Status, else client-go's generic text. */
function statusCodeFailure(webhook: Webhook, response: Response, body: string): CallingWebhookError {
  try {
    const parsed = JSON.parse(body) as { kind?: unknown; message?: unknown };
    if (parsed && parsed.kind === 'Status') return new CallingWebhookError(webhook.name, `failed to call webhook: ${typeof parsed.message === 'string' ? parsed.message : ''}`);
  } catch { /* not a Status: fall through to the unstructured error */ }
  const isText = (response.headers.get('content-type') ?? '').trim().toLowerCase().startsWith('text/');
  const serverMessage = isText ? new TextDecoder().decode(new TextEncoder().encode(body).slice(0, maxUnstructuredResponseTextBytes)).trim() : 'unknown';
  return new CallingWebhookError(webhook.name, `failed to call webhook: ${genericServerMessage(response.status, serverMessage)}`);
}

/** The decoded body of a 2xx answer, or the serializer's error (`couldn't get version/kind; ...`). */
function decodeBody(webhook: Webhook, body: string): Record<string, unknown> {
  const syntax = goJsonSyntaxError(body);
  if (syntax !== null) throw new CallingWebhookError(webhook.name, `failed to call webhook: couldn't get version/kind; json parse error: ${syntax}`);
  const parsed: unknown = JSON.parse(body);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const type = goJsonTypeName(parsed);
    throw new CallingWebhookError(webhook.name, `failed to call webhook: couldn't get version/kind; json parse error: json: cannot unmarshal ${type} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`);
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

/** POSTs `review` and returns the decoded answer; throws CallingWebhookError on any failure. */
export async function postAdmissionReview(webhook: Webhook, review: unknown, fetch: WebhookFetch): Promise<Record<string, unknown>> {
  const url = webhookCallUrl(webhook);
  if (!webhook.clientConfig.url) {
    if (webhook.clientConfig.service) throw postFailure(webhook, url, 'service references are not reachable from this server');
    throw new CallingWebhookError(webhook.name, 'could not get REST client: webhook clientConfig has neither url nor service');
  }
  if (!webhook.clientConfig.url.toLowerCase().startsWith('https://')) throw postFailure(webhook, url, 'only https webhook URLs are callable');
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, */*' },
      body: JSON.stringify(review),
      signal: AbortSignal.timeout(webhook.timeoutSeconds * 1000),
    });
    body = await response.text();
  } catch (error) {
    throw postFailure(webhook, url, isTimeout(error) ? 'context deadline exceeded' : transportText(error));
  }
  if (response.status < 200 || response.status > 206) throw statusCodeFailure(webhook, response, body);
  return decodeBody(webhook, body);
}
