/**
 * Webhooks out of Mutating/ValidatingWebhookConfiguration objects, in kube's call order:
 * configurations sorted by name (configuration_manager.go sorts with ByName), then each
 * configuration's webhooks in the order written. Absent fields read as the v1 defaults
 * (admissionregistration/v1 defaults.go): failurePolicy Fail, matchPolicy Equivalent, empty
 * selectors, timeoutSeconds 10, reinvocationPolicy Never, rule scope `*`.
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import type { Webhook, WebhookClientConfig, WebhookRule } from './types.js';

type JsonRecord = Record<string, unknown>;

function record(value: unknown): JsonRecord | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function rule(value: unknown): WebhookRule {
  const source = record(value) ?? {};
  return {
    operations: texts(source.operations),
    apiGroups: texts(source.apiGroups),
    apiVersions: texts(source.apiVersions),
    resources: texts(source.resources),
    scope: text(source.scope) ?? '*',
  };
}

function clientConfig(value: unknown): WebhookClientConfig {
  const source = record(value) ?? {};
  const service = record(source.service);
  const config: WebhookClientConfig = {};
  if (typeof source.url === 'string') config.url = source.url;
  if (service) {
    config.service = { namespace: text(service.namespace) ?? '', name: text(service.name) ?? '' };
    if (typeof service.path === 'string') config.service.path = service.path;
    if (typeof service.port === 'number') config.service.port = service.port;
  }
  return config;
}

function webhook(configurationName: string, source: JsonRecord, index: number): Webhook {
  const name = text(source.name) ?? '';
  return {
    uid: `${configurationName}/${name}/${index}`,
    configurationName,
    name,
    clientConfig: clientConfig(source.clientConfig),
    rules: Array.isArray(source.rules) ? source.rules.map(rule) : [],
    failurePolicy: source.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    matchPolicy: source.matchPolicy === 'Exact' ? 'Exact' : 'Equivalent',
    namespaceSelector: record(source.namespaceSelector) ?? {},
    objectSelector: record(source.objectSelector) ?? {},
    sideEffects: text(source.sideEffects),
    timeoutSeconds: typeof source.timeoutSeconds === 'number' && source.timeoutSeconds > 0 ? source.timeoutSeconds : 10,
    admissionReviewVersions: texts(source.admissionReviewVersions),
    reinvocationPolicy: source.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
    hasMatchConditions: Array.isArray(source.matchConditions) && source.matchConditions.length > 0,
    source,
  };
}

/** The webhooks of `configurations` in the order kube calls them. */
export function webhooksInOrder(configurations: readonly object[]): Webhook[] {
  const named = configurations
    .map((configuration) => configuration as JsonRecord)
    .map((configuration) => ({ name: text(record(configuration.metadata)?.name) ?? '', configuration }))
    .sort((a, b) => compareGoStrings(a.name, b.name));
  return named.flatMap(({ name, configuration }) => {
    const hooks = Array.isArray(configuration.webhooks) ? configuration.webhooks : [];
    return hooks.map((hook, index) => webhook(name, record(hook) ?? {}, index));
  });
}
