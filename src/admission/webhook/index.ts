/**
 * Dynamic admission webhooks as kube-apiserver v1.32 runs them
 * (k8s.io/apiserver/pkg/admission/plugin/webhook). Pure apart from the injected fetch.
 *
 * matchConditions (CEL) are evaluated through the caller's `options.matchConditions`
 * (src/admission/dynamic.ts: the policy engine); matchPolicy Equivalent matches like Exact; only `clientConfig.url`
 * is callable (service references fail the call, subject to failurePolicy); caBundle is not
 * honoured (Workers fetch trusts public CAs only); patched objects are not re-defaulted.
 */
export { runMutatingWebhooks } from './mutating.js';
export { runValidatingWebhooks } from './validating.js';
export type {
  MatchConditionsEvaluator, WebhookAttributes, WebhookFetch, WebhookOptions, WebhookOutcome,
} from './types.js';
