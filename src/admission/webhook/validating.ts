/**
 * Validating admission webhooks (validating/dispatcher.go, v1.32): the webhooks that apply are
 * found in order, then all called at once. kube returns whichever failure reaches its channel
 * first; this returns the first failure in webhook order, one of the answers kube can give.
 */
import { CallingWebhookError, failClosed } from './errors.js';
import { callWebhook, OutcomeRecorder } from './invocation.js';
import { isExemptAdmissionConfigurationResource, webhookApplies } from './matching.js';
import { webhooksInOrder } from './accessors.js';
import type { Webhook, WebhookAttributes, WebhookFetch, WebhookOptions, WebhookOutcome } from './types.js';

const failedOpenAnnotationPrefix = 'failed-open.validating.webhook.admission.k8s.io/';

async function relevantWebhooks(hooks: Webhook[], attrs: WebhookAttributes, options: WebhookOptions): Promise<Webhook[]> {
  const relevant: Webhook[] = [];
  for (const webhook of hooks) {
    if (!webhookApplies(webhook, attrs)) continue;
    if (webhook.hasMatchConditions && options.matchConditions && !(await options.matchConditions(webhook.source, attrs))) continue;
    relevant.push(webhook);
  }
  return relevant;
}

/** One call; resolves with the error that rejects the request, or undefined. */
async function validateWith(webhook: Webhook, index: number, attrs: WebhookAttributes, fetch: WebhookFetch, recorder: OutcomeRecorder, options: WebhookOptions): Promise<unknown> {
  try {
    await callWebhook(webhook, attrs, attrs.object, false, fetch, recorder, options.resolveService);
    return undefined;
  } catch (error) {
    if (!(error instanceof CallingWebhookError)) return error;
    if (webhook.failurePolicy === 'Fail') return failClosed(error);
    recorder.addAnnotation(`${failedOpenAnnotationPrefix}round_0_index_${index}`, webhook.name);
    return undefined;
  }
}

/**
 * Runs the ValidatingWebhookConfigurations' webhooks on the request in parallel; resolves with
 * warnings and audit annotations (the object unchanged), or throws the rejecting StatusError.
 */
export async function runValidatingWebhooks(configs: object[], attrs: WebhookAttributes, fetch: WebhookFetch, options: WebhookOptions = {}): Promise<WebhookOutcome> {
  const recorder = new OutcomeRecorder();
  if (isExemptAdmissionConfigurationResource(attrs)) return recorder.outcome(attrs.object);
  const relevant = await relevantWebhooks(webhooksInOrder(configs), attrs, options);
  const failures = await Promise.all(relevant.map((webhook, index) => validateWith(webhook, index, attrs, fetch, recorder, options)));
  const failure = failures.find((item) => item !== undefined);
  if (failure !== undefined) throw failure;
  return recorder.outcome(attrs.object);
}
