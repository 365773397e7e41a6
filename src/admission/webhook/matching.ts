/**
 * Whether a webhook applies to a request: generic/webhook.go ShouldCallHook with
 * predicates/rules, predicates/namespace and predicates/object (v1.32).
 *
 * matchPolicy Equivalent is matched like Exact: this server has no equivalent-resource mapper
 * (kube would also send e.g. apps/v1 deployments to a webhook registered for
 * extensions/v1beta1 deployments, converted; no such aliases are served here).
 */
import { internalError, notFound, type StatusError } from '../../apimachinery/status.js';
import { labelSelectorAsSelector, labelSelectorConvertible } from '../../kinds/shared/label-selector.js';
import { matchesLabels } from '../../apimachinery/selectors/labels.js';
import type { Webhook, WebhookAttributes, WebhookRule } from './types.js';

const exemptKinds = new Set([
  'ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration',
  'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy', 'MutatingAdmissionPolicyBinding',
]);

/** rules.IsExemptAdmissionConfigurationResource: webhooks never see their own configuration objects. */
export function isExemptAdmissionConfigurationResource(attrs: WebhookAttributes): boolean {
  return attrs.kind.group === 'admissionregistration.k8s.io' && exemptKinds.has(attrs.kind.kind);
}

function exactOrWildcard(items: readonly string[], requested: string): boolean {
  return items.some((item) => item === '*' || item === requested);
}

function isNamespaceResource(attrs: WebhookAttributes): boolean {
  return attrs.group === '' && attrs.version === 'v1' && attrs.resource === 'namespaces';
}

/** The namespace as kube's attributes carry it: a Namespace request carries its own name. */
function requestNamespace(attrs: WebhookAttributes): string {
  return attrs.namespace || (attrs.resource === 'namespaces' ? attrs.name : '');
}

function scopeMatches(rule: WebhookRule, attrs: WebhookAttributes): boolean {
  switch (rule.scope) {
    case '*':
      return true;
    case 'Namespaced':
      return !isNamespaceResource(attrs) && requestNamespace(attrs) !== '';
    case 'Cluster':
      return isNamespaceResource(attrs) || requestNamespace(attrs) === '';
    default:
      return false;
  }
}

function resourceMatches(resources: readonly string[], attrs: WebhookAttributes): boolean {
  return resources.some((entry) => {
    const slash = entry.indexOf('/');
    const resource = slash < 0 ? entry : entry.slice(0, slash);
    const subresource = slash < 0 ? '' : entry.slice(slash + 1);
    return (resource === '*' || resource === attrs.resource) && (subresource === '*' || subresource === attrs.subresource);
  });
}

/** rules.Matcher.Matches: scope, operation, group, version and resource/subresource all match. */
export function ruleMatches(rule: WebhookRule, attrs: WebhookAttributes): boolean {
  return scopeMatches(rule, attrs)
    && exactOrWildcard(rule.operations, attrs.operation)
    && exactOrWildcard(rule.apiGroups, attrs.group)
    && exactOrWildcard(rule.apiVersions, attrs.version)
    && resourceMatches(rule.resources, attrs);
}

type SelectorResult = { matches: boolean; error?: StatusError };

function parsedSelector(selector: Record<string, unknown>): { empty: boolean; matches: (labels: Record<string, string> | undefined) => boolean } | StatusError {
  if (!labelSelectorConvertible(selector)) return internalError(`invalid label selector: ${JSON.stringify(selector)}`);
  const parsed = labelSelectorAsSelector(selector);
  return { empty: parsed.requirements.length === 0, matches: (labels) => matchesLabels(parsed, labels) };
}

function objectLabels(object: Record<string, unknown> | null): Record<string, string> | undefined {
  const metadata = object?.metadata as { labels?: Record<string, string> } | undefined;
  return metadata?.labels ?? undefined;
}

/**
 * namespace.Matcher.MatchNamespaceSelector: cluster-scoped requests other than namespaces always
 * match; a Namespace being created or updated is matched by its own labels; a namespace that
 * does not exist answers kube's 404.
 */
export function matchNamespaceSelector(webhook: Webhook, attrs: WebhookAttributes): SelectorResult {
  const namespace = requestNamespace(attrs);
  if (namespace === '' && attrs.resource !== 'namespaces') return { matches: true };
  const selector = parsedSelector(webhook.namespaceSelector);
  if ('status' in selector) return { matches: false, error: selector };
  if (selector.empty) return { matches: true };
  if (attrs.resource === 'namespaces' && attrs.subresource === '' && (attrs.operation === 'CREATE' || attrs.operation === 'UPDATE')) {
    return { matches: selector.matches(objectLabels(attrs.object)) };
  }
  if (attrs.namespaceLabels === null) return { matches: false, error: notFound({ group: '', resource: 'namespaces' }, namespace) };
  return { matches: selector.matches(attrs.namespaceLabels) };
}

/** object.Matcher.MatchObjectSelector: the labels of the object or of the old object match. */
export function matchObjectSelector(webhook: Webhook, attrs: WebhookAttributes): SelectorResult {
  const selector = parsedSelector(webhook.objectSelector);
  if ('status' in selector) return { matches: false, error: selector };
  if (selector.empty) return { matches: true };
  const matches = (object: Record<string, unknown> | null) => object !== null && selector.matches(objectLabels(object));
  return { matches: matches(attrs.object) || matches(attrs.oldObject) };
}

/**
 * ShouldCallHook without matchConditions: true to call, false to skip; throws the selector's
 * StatusError only when the rules match (kube ignores selector errors of webhooks that do not apply).
 */
export function webhookApplies(webhook: Webhook, attrs: WebhookAttributes): boolean {
  const namespace = matchNamespaceSelector(webhook, attrs);
  if (!namespace.matches && !namespace.error) return false;
  const object = matchObjectSelector(webhook, attrs);
  if (!object.matches && !object.error) return false;
  if (!webhook.rules.some((rule) => ruleMatches(rule, attrs))) return false;
  if (namespace.error) throw namespace.error;
  if (object.error) throw object.error;
  return true;
}
