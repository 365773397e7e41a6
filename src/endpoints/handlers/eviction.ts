/**
 * POST pods/NAME/eviction (pkg/registry/core/pod/storage/eviction.go): a policy/v1 Eviction (or
 * policy/v1beta1, which kube accepts as it is) carrying optional DeleteOptions. Decoded and
 * checked as kube's create handler does (strict field validation, namespace, name), admitted as a
 * CREATE of pods/eviction (so a terminating namespace refuses it, as kube's NamespaceLifecycle
 * does), then handed to the registry (src/registry/eviction.ts). Answers kube's Success Status
 * with code 201, or its 500 Status for a pod covered by several budgets.
 */
import { mutatingAdmission, validatingAdmission } from '../../admission/dynamic.js';
import { admitCreate } from '../../admission/namespace-lifecycle.js';
import { findResource, type ResourceType } from '../../api/catalog.js';
import { fieldError } from '../../apimachinery/field-errors.js';
import { badRequest, invalid, StatusError } from '../../apimachinery/status.js';
import type { DeleteOptions } from '../../registry/deletion.js';
import { evictPod, type EvictionOptions } from '../../registry/eviction.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { storeFor } from '../../registry/registry.js';
import { decodeObjectBody } from './body.js';
import { type RawDeleteOptions, validateDeleteOptions } from './delete-options.js';
import { parseWriteOptions } from './query-options.js';
import { encodedResponse, outputFormat, wantsPretty, withWarnings } from './respond.js';
import type { Handler, RequestScope } from './scope.js';
import { checkFields } from './typed-object.js';

/** The Eviction "type" bodies are decoded as (not a stored resource). */
const evictionType: ResourceType = {
  group: 'policy', version: 'v1', resource: 'evictions', kind: 'Eviction', singularName: 'eviction', namespaced: true, verbs: [],
};
const evictionKind = { group: 'policy', version: 'v1', kind: 'Eviction' };

export const evictionHandler: Handler = async (scope) => {
  const format = outputFormat(scope, 'status');
  const options = parseWriteOptions(scope.url.searchParams, 'CreateOptions');
  const decoded = await decodeObjectBody(scope.request, evictionType, ['policy/v1beta1']);
  const ignoreStoreReadError = (decoded.object.deleteOptions as Record<string, unknown> | undefined)?.ignoreStoreReadErrorWithClusterBreakingPotential;
  const eviction = checkFields(scope, decoded.object, options.fieldValidation, decoded.strict, evictionType);
  const namespace = eviction.metadata.namespace;
  if (namespace && namespace !== scope.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  await admitCreate(scope, scope.info.name);
  const admitted = (await mutatingAdmission(scope, { operation: 'CREATE', object: eviction, old: null, dryRun: options.dryRun, kind: evictionKind }))!;
  if ((admitted.metadata.name ?? '') !== scope.info.name) throw badRequest('name in URL does not match name in Eviction object');
  if (ignoreStoreReadError === true) {
    throw invalid({ group: 'policy', kind: 'Eviction' }, scope.info.name, [
      fieldError.invalid('deleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential', true, 'can not be set for pod eviction, try after removing the option'),
    ]);
  }
  const deleteOptions = evictionDeleteOptions(admitted, options.dryRun);
  await validatingAdmission(scope, { operation: 'CREATE', object: admitted, old: null, dryRun: options.dryRun, kind: evictionKind });
  const status = await evictPod(evictionTarget(scope), scope.info.name, deleteOptions);
  const body = status ?? { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  return withWarnings(encodedResponse(body, format, status?.code ?? 201, wantsPretty(scope.request, scope.url)), scope.warnings);
};

/**
 * The Eviction's DeleteOptions with the request's dryRun pushed in (propagateDryRun). kube
 * answers a dryRun that differs between the two with a bare 500; bad input is a 400 here.
 */
function evictionDeleteOptions(eviction: KubeObject, dryRun: boolean): EvictionOptions {
  const raw = { ...(eviction.deleteOptions as RawDeleteOptions | undefined) };
  const requested = dryRun ? ['All'] : [];
  if (!raw.dryRun?.length) raw.dryRun = requested;
  else if (requested.length && JSON.stringify(raw.dryRun) !== JSON.stringify(requested)) {
    throw badRequest(`Non-matching dry-run options in request and content: [${requested.join(' ')}] and [${raw.dryRun.join(' ')}]`);
  }
  try {
    return { options: validateDeleteOptions(raw) };
  } catch (error) {
    if (!(error instanceof StatusError)) throw error;
    return { options: unvalidated(raw), invalid: error };
  }
}

/** The options as given, for the steps kube takes before it validates them. */
function unvalidated(raw: RawDeleteOptions): DeleteOptions {
  return { dryRun: (raw.dryRun?.length ?? 0) > 0, preconditions: raw.preconditions ?? {} };
}

function evictionTarget(scope: RequestScope) {
  const budgetType = findResource('policy', 'v1', 'poddisruptionbudgets')!;
  return {
    pods: storeFor(scope.cluster, scope.type, 'status'),
    budgets: storeFor(scope.cluster, budgetType),
    budgetStatus: storeFor(scope.cluster, budgetType, 'status'),
    budgetType, namespace: scope.namespace, now: scope.now,
  };
}
