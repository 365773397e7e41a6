/**
 * One POST of an AdmissionReview to a webhook (the shared client, webhooks/post.ts), every
 * failure as a CallingWebhookError `failed to call webhook: Post "URL?timeout=10s": ...`.
 *
 * A `service` reference is called where the resolver reaches it (webhooks/service-url.ts; errors
 * name `https://name.namespace.svc:port/path` as kube dials it); without a resolver it fails.
 */
import { postFailure, postReview, WebhookCallError, webhookCallUrl as callUrl, type WebhookTarget } from '../../webhooks/post.js';
import { serviceDnsUrl, type ServiceResolver } from '../../webhooks/service-url.js';
import { CallingWebhookError } from './errors.js';
import type { Webhook, WebhookFetch } from './types.js';

function targetOf(webhook: Webhook): WebhookTarget {
  const { url, service } = webhook.clientConfig;
  const base = url ?? (service ? serviceDnsUrl(service) : '');
  return { base, timeoutSeconds: webhook.timeoutSeconds };
}

/** The URL kube posts to: the webhook URL with the `timeout` query parameter client-go adds. */
export function webhookCallUrl(webhook: Webhook): string {
  return callUrl(targetOf(webhook));
}

function calling(webhook: Webhook, error: WebhookCallError): CallingWebhookError {
  return new CallingWebhookError(webhook.name, `failed to call webhook: ${error.reason}`);
}

/** Where a call goes: the url, or the service resolved now (a failure if it cannot be). */
async function resolvedTarget(webhook: Webhook, resolveService: ServiceResolver | undefined): Promise<WebhookTarget> {
  const target = targetOf(webhook);
  const { url, service } = webhook.clientConfig;
  if (url) return target;
  if (!service) throw new CallingWebhookError(webhook.name, 'could not get REST client: webhook clientConfig has neither url nor service');
  if (!resolveService) throw calling(webhook, postFailure(callUrl(target), 'service references are not reachable from this server'));
  const base = await resolveService({ namespace: service.namespace, name: service.name, port: service.port ?? 443, path: service.path });
  if (typeof base !== 'string') throw calling(webhook, postFailure(callUrl(target), base.error));
  return { ...target, base, shownBase: target.base };
}

/** POSTs `review` and returns the decoded answer; throws CallingWebhookError on any failure. */
export async function postAdmissionReview(webhook: Webhook, review: unknown, fetch: WebhookFetch, resolveService?: ServiceResolver): Promise<Record<string, unknown>> {
  const target = await resolvedTarget(webhook, resolveService);
  try {
    return await postReview(target, review, fetch);
  } catch (error) {
    throw error instanceof WebhookCallError ? calling(webhook, error) : error;
  }
}
