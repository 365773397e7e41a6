/**
 * Admission of every write, in kube-apiserver's order: mutating admission (webhooks) on the
 * decoded object before the registry prepares and validates it; validating admission (RBAC
 * escalation prevention, ValidatingAdmissionPolicies, validating webhooks) on the final object
 * just before it is stored. Dry-run requests are admitted too (webhooks with side effects refuse
 * them, as kube). Warnings go to the response's Warning headers.
 */
import { findResource } from '../api/catalog.js';
import { goQuote } from '../apimachinery/go-format.js';
import { internalError, StatusError, type Status } from '../apimachinery/status.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { servingCatalog } from '../crds/serving-catalog.js';
import { admissionConfiguration, type AdmissionConfiguration } from './configuration.js';
import { admitWithPolicies, webhookMatchConditions, type AdmissionAttributes, type DeniedStatus, type ParamSource } from '../admission-policy/index.js';
import { selectorMatches } from '../admission-policy/label-selector.js';
import { runMutatingWebhooks, runValidatingWebhooks, type WebhookAttributes, type WebhookOptions } from './webhook/index.js';
import { admissionChain, type AdmissionRequest, type AdmissionStep } from './plugins.js';
import { resolveServiceUrl } from '../webhooks/service-url.js';
import type { ClusterContext } from '../cluster/context.js';

/** Mutating admission: the object as the cluster's built-in plugins (plugins.ts) and the mutating webhooks leave it. */
export async function mutatingAdmission(scope: AdmissionRequest, step: AdmissionStep): Promise<KubeObject | null> {
  for (const plugin of admissionChain.of(scope.cluster).mutating) await plugin.admit(scope, step);
  const config = await admissionConfiguration(scope.cluster);
  if (!config.mutatingWebhooks.length || !step.object) return step.object;
  const attributes = await policyAttributes(scope, step);
  const outcome = await runMutatingWebhooks(config.mutatingWebhooks, webhookAttributesFrom(attributes), fetch, webhookOptions(attributes, scope.cluster));
  scope.warnings.push(...outcome.warnings);
  scope.auditAnnotate?.(outcome.auditAnnotations);
  return outcome.object as KubeObject | null;
}

/** Validating admission: the built-in plugins, the policies, the validating webhooks, the last plugins (ResourceQuota); throws the first refusal. */
export async function validatingAdmission(scope: AdmissionRequest, step: AdmissionStep): Promise<void> {
  const chain = admissionChain.of(scope.cluster);
  for (const plugin of chain.validating) await plugin.validate(scope, step);
  const config = await admissionConfiguration(scope.cluster);
  if (!config.empty) await validateDynamically(scope, step, config);
  for (const plugin of chain.validatingLast) await plugin.validate(scope, step);
}

/** ValidatingAdmissionPolicies, then the validating webhooks. */
async function validateDynamically(scope: AdmissionRequest, step: AdmissionStep, config: AdmissionConfiguration): Promise<void> {
  const attributes = await policyAttributes(scope, step);
  if (config.policies.length && config.bindings.length) {
    const outcome = await admitWithPolicies(config.policies, config.bindings, attributes, paramSource(scope));
    scope.warnings.push(...outcome.warnings);
    if (scope.auditAnnotate) scope.auditAnnotate(outcome.auditAnnotations);
    else logAuditAnnotations(attributes, outcome.auditAnnotations);
    if (outcome.denied) throw deniedError(outcome.denied);
  }
  if (config.validatingWebhooks.length) {
    const outcome = await runValidatingWebhooks(config.validatingWebhooks, webhookAttributesFrom(attributes), fetch, webhookOptions(attributes, scope.cluster));
    scope.warnings.push(...outcome.warnings);
    scope.auditAnnotate?.(outcome.auditAnnotations);
  }
}

/**
 * The Audit action's record when the request is not audited (no policy, or level None): kube
 * puts audit annotations on the request's audit event (scope.auditAnnotate when there is one);
 * without one they go to the Worker's log (Workers Logs, `wrangler tail`) as one JSON line shaped
 * like an audit.k8s.io/v1 Event.
 */
function logAuditAnnotations(attributes: AdmissionAttributes, annotations: Record<string, string>): void {
  if (!Object.keys(annotations).length) return;
  const objectRef = { resource: attributes.resource, namespace: attributes.namespace || undefined, name: attributes.name || undefined, apiGroup: attributes.group || undefined, apiVersion: attributes.version };
  console.log(JSON.stringify({ kind: 'Event', apiVersion: 'audit.k8s.io/v1', verb: attributes.operation.toLowerCase(), user: attributes.userInfo, objectRef, annotations }));
}

function deniedError(denied: DeniedStatus): StatusError {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: denied.message, reason: denied.reason, details: denied.details, code: denied.code };
  return new StatusError(status);
}

/** admission.Attributes of a step, with the request's Namespace object. */
async function policyAttributes(scope: AdmissionRequest, step: AdmissionStep): Promise<AdmissionAttributes> {
  const { type, info, user } = scope;
  const isNamespace = type.group === '' && type.resource === 'namespaces';
  const name = step.object?.metadata.name ?? step.old?.metadata.name ?? info.name;
  const namespace = isNamespace ? name : scope.namespace;
  const userInfo = { username: user.name, groups: user.groups, ...(user.uid ? { uid: user.uid } : {}), ...(user.extra ? { extra: user.extra } : {}) };
  return {
    operation: step.operation, group: type.group, version: type.version, resource: type.resource, subresource: info.subresource,
    kind: step.kind ?? { group: type.group, version: type.version, kind: type.kind }, namespace, name,
    object: step.object as Record<string, unknown> | null, oldObject: step.old as Record<string, unknown> | null,
    dryRun: step.dryRun, userInfo, namespaceObject: type.namespaced ? await namespaceObject(scope, namespace) : null,
    options: optionsOf(step), clusterScoped: !type.namespaced,
  };
}

/**
 * A webhook's matchConditions, by the policy engine's CEL: false skips the webhook; an error skips
 * it under failurePolicy Ignore and otherwise fails the request, as a failed call would.
 */
function webhookOptions(attributes: AdmissionAttributes, cluster: ClusterContext): WebhookOptions {
  return {
    resolveService: (reference) => resolveServiceUrl(cluster, reference),
    matchConditions: async (webhook) => {
      const result = webhookMatchConditions(webhook, attributes);
      if (result === 'match' || result === 'skip') return result === 'match';
      if (webhook.failurePolicy === 'Ignore') return false;
      throw internalError(`failed calling webhook ${goQuote(String(webhook.name))}: failed evaluating match conditions: ${result.error}`);
    },
  };
}

function webhookAttributesFrom(attributes: AdmissionAttributes): WebhookAttributes {
  const labels = (attributes.namespaceObject?.metadata as { labels?: Record<string, string> } | undefined)?.labels;
  return {
    ...attributes, options: attributes.options ?? null, uid: crypto.randomUUID(),
    namespaceLabels: attributes.namespaceObject ? (labels ?? {}) : null,
  };
}

/** The options object kube passes along (CreateOptions, UpdateOptions, DeleteOptions). */
function optionsOf(step: AdmissionStep): Record<string, unknown> {
  const kind = step.operation === 'CREATE' ? 'CreateOptions' : step.operation === 'UPDATE' ? 'UpdateOptions' : 'DeleteOptions';
  return { kind, apiVersion: 'meta.k8s.io/v1', ...(step.dryRun ? { dryRun: ['All'] } : {}) };
}

async function namespaceObject(scope: AdmissionRequest, name: string): Promise<Record<string, unknown> | null> {
  if (!name) return null;
  return (await storeFor(scope.cluster, findResource('', 'v1', 'namespaces')!).getIfExists('', name)) as Record<string, unknown> | null;
}

/** Params of a policy: objects of the paramKind, by name or label selector, from storage. */
function paramSource(scope: AdmissionRequest): ParamSource {
  return async (paramKind, ref) => {
    const [group, version] = paramKind.apiVersion.includes('/') ? paramKind.apiVersion.split('/') as [string, string] : ['', paramKind.apiVersion];
    const type = (await servingCatalog(scope.cluster)).findByKind(group, version, paramKind.kind);
    if (!type) return 'unknown-kind';
    const namespace = type.namespaced ? ref.namespace ?? '' : '';
    const store = storeFor(scope.cluster, type);
    if (ref.name) {
      const param = await store.getIfExists(namespace, ref.name);
      return param ? [param as unknown as Record<string, unknown>] : [];
    }
    const list = await store.listObjects(namespace, { limit: 0, continue: '', resourceVersion: '', resourceVersionMatch: '' });
    return list.items.filter((item) => selectorMatches(ref.selector, item.metadata.labels)) as unknown as Record<string, unknown>[];
  };
}

/**
 * The WriteContext hooks that run validating admission inside the registry's write (create,
 * update, delete); `view` shows admission another object than the stored one (a parent's Scale).
 */
export function validationHooks(scope: AdmissionRequest, dryRun: boolean, view?: { kind: AdmissionStep['kind']; of: (object: KubeObject) => KubeObject }) {
  const seen = (object: KubeObject) => (view ? view.of(object) : object);
  return {
    validate: (object: KubeObject, old: KubeObject | null) =>
      validatingAdmission(scope, { operation: old ? 'UPDATE' : 'CREATE', object: seen(object), old: old && seen(old), dryRun, ...(view ? { kind: view.kind } : {}) }),
    validateDelete: (old: KubeObject) => validatingAdmission(scope, { operation: 'DELETE', object: null, old, dryRun }),
  };
}

/** An update's desired object passed through mutating admission (CREATE when the update creates). */
export function mutatedUpdate<T extends (current: KubeObject | null) => KubeObject | Promise<KubeObject>>(scope: AdmissionRequest, dryRun: boolean, updated: T) {
  return async (current: KubeObject | null): Promise<KubeObject> => {
    const object = await updated(current);
    const mutated = await mutatingAdmission(scope, { operation: current ? 'UPDATE' : 'CREATE', object, old: current, dryRun });
    return mutated ?? object;
  };
}
