/**
 * One POST of an AdmissionReview to a webhook (the shared client, webhooks/post.ts), every
 * failure as a CallingWebhookError `failed to call webhook: Post "URL?timeout=10s": ...`.
 *
 * Platform limit: only `clientConfig.url` is reachable here; a `service` reference fails the call.
 */
import { postFailure, postReview, WebhookCallError, webhookCallUrl as callUrl, type WebhookTarget } from '../../webhooks/post.js';
import { CallingWebhookError } from './errors.js';
import type { Webhook, WebhookFetch } from './types.js';

function targetOf(webhook: Webhook): WebhookTarget {
  const { url, service } = webhook.clientConfig;
  const base = url ?? (service ? `https://${service.name}.${service.namespace}.svc:${service.port ?? 443}${service.path ?? ''}` : '');
  return { base, timeoutSeconds: webhook.timeoutSeconds };
}

/** The URL kube posts to: the webhook URL with the `timeout` query parameter client-go adds. */
export function webhookCallUrl(webhook: Webhook): string {
  return callUrl(targetOf(webhook));
}

function calling(webhook: Webhook, error: WebhookCallError): CallingWebhookError {
  return new CallingWebhookError(webhook.name, `failed to call webhook: ${error.reason}`);
}

/** POSTs `review` and returns the decoded answer; throws CallingWebhookError on any failure. */
export async function postAdmissionReview(webhook: Webhook, review: unknown, fetch: WebhookFetch): Promise<Record<string, unknown>> {
  const target = targetOf(webhook);
  if (!webhook.clientConfig.url) {
    if (webhook.clientConfig.service) throw calling(webhook, postFailure(callUrl(target), 'service references are not reachable from this server'));
    throw new CallingWebhookError(webhook.name, 'could not get REST client: webhook clientConfig has neither url nor service');
  }
  try {
    return await postReview(target, review, fetch);
  } catch (error) {
    throw error instanceof WebhookCallError ? calling(webhook, error) : error;
  }
}
