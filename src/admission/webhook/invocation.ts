/**
 * One call of one webhook, shared by both dispatchers: the dry-run check, the AdmissionReview
 * round trip, and recording of the answer's warnings and audit annotations
 * (mutating/dispatcher.go callAttrMutatingHook, validating/dispatcher.go callHook, v1.32).
 *
 * Warnings are passed on as written (empty ones dropped); the response layer's recorder
 * (src/endpoints/handlers/respond.ts withWarnings) deduplicates and truncates them as kube's does.
 */
import { CallingWebhookError, dryRunUnsupported, webhookRejection } from './errors.js';
import { postAdmissionReview } from './client.js';
import type { ServiceResolver } from '../../webhooks/service-url.js';
import { admissionReview, reviewVersion, verifyAdmissionResponse, type AdmissionResponse } from './review.js';
import type { Webhook, WebhookAttributes, WebhookFetch, WebhookOutcome } from './types.js';

/** Collects what the webhooks of one admission pass leave behind. */
export class OutcomeRecorder {
  readonly warnings: string[] = [];
  readonly auditAnnotations: Record<string, string> = {};

  addWarning(text: string): void {
    if (text !== '') this.warnings.push(text);
  }

  /** AddAnnotation: the first value of a key stays (kube logs and drops a conflicting one). */
  addAnnotation(key: string, value: string): void {
    if (!Object.hasOwn(this.auditAnnotations, key)) this.auditAnnotations[key] = value;
  }

  outcome(object: Record<string, unknown> | null): WebhookOutcome {
    return { object, warnings: [...this.warnings], auditAnnotations: { ...this.auditAnnotations } };
  }
}

/**
 * Calls `webhook` about `object` and returns its verified answer. Throws CallingWebhookError
 * (subject to failurePolicy), the 400 of a dry run the webhook cannot take, or the webhook's
 * denial (ToStatusErr). The answer's warnings and `NAME/key` annotations are recorded first,
 * also when it denies.
 */
export async function callWebhook(
  webhook: Webhook,
  attrs: WebhookAttributes,
  object: Record<string, unknown> | null,
  mutating: boolean,
  fetch: WebhookFetch,
  recorder: OutcomeRecorder,
  resolveService?: ServiceResolver,
): Promise<AdmissionResponse> {
  if (attrs.dryRun) {
    if (webhook.sideEffects === undefined) throw new CallingWebhookError(webhook.name, 'Webhook SideEffects is nil');
    if (webhook.sideEffects !== 'None' && webhook.sideEffects !== 'NoneOnDryRun') throw dryRunUnsupported(webhook.name);
  }
  const version = reviewVersion(webhook);
  const uid = crypto.randomUUID();
  const answer = await postAdmissionReview(webhook, admissionReview(version, uid, attrs, object), fetch, resolveService);
  const response = verifyAdmissionResponse(webhook, version, uid, mutating, answer);
  for (const [key, value] of Object.entries(response.auditAnnotations)) recorder.addAnnotation(`${webhook.name}/${key}`, value);
  for (const warning of response.warnings) recorder.addWarning(warning);
  if (!response.allowed) throw webhookRejection(webhook.name, response.result);
  return response;
}
