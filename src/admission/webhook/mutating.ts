/**
 * Mutating admission webhooks (mutating/dispatcher.go, reinvocationcontext.go, v1.32): called
 * one after another in order, each seeing the object as the earlier ones patched it. When a
 * webhook changes the object, the webhooks with reinvocationPolicy IfNeeded that ran before it
 * are called once more in a second round (kube's admission-chain reinvocation, restricted to
 * webhooks: in-tree mutating plugins are not re-run from here).
 */
import { failClosed, CallingWebhookError } from './errors.js';
import { callWebhook, OutcomeRecorder } from './invocation.js';
import { isExemptAdmissionConfigurationResource, webhookApplies } from './matching.js';
import { jsonEqual, patchedObject } from './patch.js';
import { webhooksInOrder } from './accessors.js';
import type { Webhook, WebhookAttributes, WebhookFetch, WebhookOptions, WebhookOutcome } from './types.js';

const mutationAnnotationPrefix = 'mutation.webhook.admission.k8s.io/';
const failedOpenAnnotationPrefix = 'failed-open.mutation.webhook.admission.k8s.io/';

/** webhookReinvokeContext: which IfNeeded webhooks ran, and which must run again. */
class ReinvocationState {
  previouslyInvoked = new Set<string>();
  reinvoke = new Set<string>();
  changed = false;

  requireReinvokingPreviouslyInvoked(): void {
    for (const uid of this.previouslyInvoked) this.reinvoke.add(uid);
    this.previouslyInvoked.clear();
  }
}

async function shouldCall(webhook: Webhook, attrs: WebhookAttributes, options: WebhookOptions): Promise<boolean> {
  if (!webhookApplies(webhook, attrs)) return false;
  if (webhook.hasMatchConditions && options.matchConditions) return options.matchConditions(webhook.source, attrs);
  return true;
}

async function runRound(round: number, hooks: Webhook[], attrs: WebhookAttributes, fetch: WebhookFetch, options: WebhookOptions, state: ReinvocationState, recorder: OutcomeRecorder): Promise<WebhookAttributes> {
  let current = attrs;
  for (const [index, webhook] of hooks.entries()) {
    if (!(await shouldCall(webhook, current, options))) continue;
    if (round > 0 && !state.reinvoke.has(webhook.uid)) continue;
    const key = `round_${round}_index_${index}`;
    let changed = false;
    let failure: unknown;
    try {
      const response = await callWebhook(webhook, current, current.object, true, fetch, recorder, options.resolveService);
      const object = patchedObject(webhook, response, current.object);
      changed = !jsonEqual(current.object, object);
      current = { ...current, object };
    } catch (error) {
      failure = error;
    }
    recorder.addAnnotation(mutationAnnotationPrefix + key, JSON.stringify({ configuration: webhook.configurationName, webhook: webhook.name, mutated: changed }));
    if (changed) {
      state.requireReinvokingPreviouslyInvoked();
      state.changed = true;
    }
    if (webhook.reinvocationPolicy === 'IfNeeded') state.previouslyInvoked.add(webhook.uid);
    if (failure === undefined) continue;
    if (failure instanceof CallingWebhookError) {
      if (webhook.failurePolicy === 'Ignore') {
        recorder.addAnnotation(failedOpenAnnotationPrefix + key, webhook.name);
        continue;
      }
      throw failClosed(failure);
    }
    throw failure;
  }
  return current;
}

/**
 * Runs the MutatingWebhookConfigurations' webhooks on the request; resolves with the patched
 * object, warnings and audit annotations, or throws the StatusError that rejects the request.
 */
export async function runMutatingWebhooks(configs: object[], attrs: WebhookAttributes, fetch: WebhookFetch, options: WebhookOptions = {}): Promise<WebhookOutcome> {
  const recorder = new OutcomeRecorder();
  if (isExemptAdmissionConfigurationResource(attrs)) return recorder.outcome(attrs.object);
  const hooks = webhooksInOrder(configs);
  const state = new ReinvocationState();
  let current = await runRound(0, hooks, attrs, fetch, options, state, recorder);
  if (state.changed && state.reinvoke.size > 0) current = await runRound(1, hooks, current, fetch, options, state, recorder);
  return recorder.outcome(current.object);
}
