/**
 * The shapes the webhook dispatchers share: the attributes of the request being admitted, the
 * injected fetch, the outcome, and one webhook of a configuration after v1 defaulting
 * (k8s.io/api/admissionregistration/v1 types.go, k8s.io/apiserver .../webhook/accessors.go).
 */
import type { RequestAttributes } from '../../admission-policy/attributes.js';
import type { ServiceResolver } from '../../webhooks/service-url.js';

/** admission.Attributes as the webhooks see them. */
export interface WebhookAttributes extends RequestAttributes {
  options: Record<string, unknown> | null;
  /** Labels of the request's namespace; null for cluster-scoped requests or a namespace that does not exist. */
  namespaceLabels: Record<string, string> | null;
  /** The request uid (audit ID); each webhook call gets its own AdmissionReview uid. */
  uid: string;
}

/** The platform fetch, injected so the module stays pure and testable. */
export type { WebhookFetch } from '../../webhooks/post.js';

/** What admission produced: the possibly mutated object, warnings, and audit annotations. */
export interface WebhookOutcome {
  object: Record<string, unknown> | null;
  warnings: string[];
  auditAnnotations: Record<string, string>;
}

/**
 * Evaluates a webhook's matchConditions (CEL), which this module cannot do itself. Resolve
 * false to skip the webhook; throw a StatusError to fail the request (kube answers 403 when a
 * condition errors). Without it, matchConditions are not evaluated and the webhook is called.
 */
export type MatchConditionsEvaluator = (webhook: Record<string, unknown>, attrs: WebhookAttributes) => Promise<boolean>;

export interface WebhookOptions {
  matchConditions?: MatchConditionsEvaluator;
  /** Where a `service` reference is reached (webhooks/service-url.ts); without it such a call fails. */
  resolveService?: ServiceResolver;
}

export interface WebhookRule {
  operations: string[];
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  scope: string;
}

export interface WebhookClientConfig {
  url?: string;
  service?: { namespace: string; name: string; path?: string; port?: number };
}

/** One webhook, defaulted as the v1 API defaults it, with where it came from. */
export interface Webhook {
  /** `configuration/webhook/index`, kube's accessor uid; keys reinvocation. */
  uid: string;
  configurationName: string;
  name: string;
  clientConfig: WebhookClientConfig;
  rules: WebhookRule[];
  failurePolicy: 'Fail' | 'Ignore';
  matchPolicy: 'Exact' | 'Equivalent';
  namespaceSelector: Record<string, unknown>;
  objectSelector: Record<string, unknown>;
  sideEffects: string | undefined;
  timeoutSeconds: number;
  admissionReviewVersions: string[];
  reinvocationPolicy: 'Never' | 'IfNeeded';
  hasMatchConditions: boolean;
  /** The webhook as written in its configuration, for the matchConditions evaluator. */
  source: Record<string, unknown>;
}
