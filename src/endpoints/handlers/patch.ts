/**
 * PATCH of one object (k8s.io/apiserver/pkg/endpoints/handlers/patch.go): the patch applies to
 * the current object inside the registry's update loop, so a lost race re-reads and re-applies.
 * The patch engines are in patchers.ts.
 */
import { mutatedUpdate, validationHooks } from '../../admission/dynamic.js';
import { admitCreate } from '../../admission/namespace-lifecycle.js';
import type { ResourceType } from '../../api/catalog.js';
import { fieldError } from '../../apimachinery/field-errors.js';
import { badRequest, notFound } from '../../apimachinery/status.js';
import { isJsonObject, type KubeObject } from '../../apimachinery/object.js';
import { apiVersionAndKind, asTypedObject, parseBody, readBodyBytes } from './body.js';
import { keepTimestampsOfNoOp, applyOnto, trackUpdate } from '../../registry/field-manager.js';
import { fieldManagementFor } from './field-management.js';
import { type ApplyPatchType, isApplyPatch, negotiatePatchType, type PatchType, patcher, patchReach } from './patchers.js';
import { patchedDocumentInvalid } from './patched-document.js';
import { optionsInvalid, parseBooleanParameter, parseWriteOptions, type WriteOptions } from './query-options.js';
import { outputFormat, respondObject } from './respond.js';
import { applyDefaults, checkFields, finishDecoding } from './typed-object.js';
import type { Handler, RequestScope } from './scope.js';
import { checkName } from './update.js';
import { utf8Text } from '../../apimachinery/utf8.js';

export const patchHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const patchType = negotiatePatchType(scope.request.headers.get('content-type'), scope.type);
  const options = parsePatchOptions(scope, patchType);
  const bytes = await readBodyBytes(scope.request);
  if (isApplyPatch(patchType)) return serverSideApply(scope, options, bytes, patchType);
  const body = utf8Text(bytes);
  const apply = patcher(patchType, body, scope.type);
  const reach = patchReach(patchType, body);
  const management = fieldManagementFor(scope, options.fieldManager);
  const { info, store } = scope;
  const { object } = await store.update(scope.namespace, info.name, mutatedUpdate(scope, options.dryRun, (current) => {
    if (!current) throw notFound(store.groupResource, info.name);
    const document = apply(current);
    const typeError = reach && ((reason: string) => patchedDocumentInvalid(document, scope.type, reach, reason));
    const patched = finishDecoding(scope, asTypedObject(document, scope.type, body, { typeErrorStatus: typeError ?? undefined }), options.fieldValidation, undefined, typeError ?? undefined);
    checkName(patched, scope);
    return trackUpdate(management, current, patched);
  }), { dryRun: options.dryRun, now: scope.now, beforeStore: keepTimestampsOfNoOp, ...validationHooks(scope, options.dryRun) });
  return respondObject(scope, object);
};

export interface PatchOptions extends WriteOptions {
  force: boolean;
}

/** PatchOptions: fieldManager is required for apply, force is for apply only (ValidatePatchOptions). */
export function parsePatchOptions(scope: RequestScope, patchType: PatchType): PatchOptions {
  const options = parseWriteOptions(scope.url.searchParams, 'PatchOptions');
  const isApply = isApplyPatch(patchType);
  if (isApply && !options.fieldManager) optionsInvalid('PatchOptions', [fieldError.required('fieldManager', 'is required for apply patch')]);
  if (!isApply && scope.url.searchParams.has('force')) {
    optionsInvalid('PatchOptions', [fieldError.forbidden('force', 'may not be specified for non-apply patch')]);
  }
  return { ...options, force: parseBooleanParameter(scope.url.searchParams, 'force') };
}

/**
 * Server-side apply (`application/apply-patch+yaml` or `+cbor`): the configuration is checked like any
 * request body (unknown fields by fieldValidation) but not defaulted; the apply creates the object
 * when it is missing (201).
 */
async function serverSideApply(scope: RequestScope, options: PatchOptions, body: Uint8Array, patchType: ApplyPatchType): Promise<Response> {
  const config = decodeApplyConfiguration(scope, body, patchType, options.fieldValidation);
  const management = fieldManagementFor(scope, options.fieldManager);
  const { object, created } = await scope.store.update(scope.namespace, scope.info.name, mutatedUpdate(scope, options.dryRun, (current) => {
    const applied = applyDefaults(scope, applyOnto(management, current, structuredClone(config), options.force));
    checkName(applied, scope);
    return applied;
  }), {
    dryRun: options.dryRun, now: scope.now, allowCreate: true, requester: scope.user, beforeStore: keepTimestampsOfNoOp,
    admitCreate: () => admitCreate(scope, scope.info.name), ...validationHooks(scope, options.dryRun),
  });
  return respondObject(scope, object, created ? 201 : 200);
}

/** The apply configuration: YAML (or JSON, its subset) or CBOR, a JSON object with an object metadata. */
export function decodeApplyConfiguration(scope: RequestScope, body: Uint8Array, patchType: ApplyPatchType, directive: string, type: ResourceType = scope.type): KubeObject {
  const encoding = patchType === 'application/apply-patch+cbor' ? 'cbor' : 'yaml';
  const parsed = parseBody(body, encoding, apiVersionAndKind(type));
  if (parsed.error !== undefined) throw badRequest(parsed.error);
  if (!isJsonObject(parsed.value)) throw badRequest(`error decoding ${encoding === 'cbor' ? 'CBOR' : 'YAML'}: the apply configuration must be an object`);
  const config = parsed.value as KubeObject;
  if (config.metadata === undefined || config.metadata === null) config.metadata = {};
  if (!isJsonObject(config.metadata)) throw badRequest('metadata must be an object');
  return checkFields(scope, config, directive, parsed.strict, type);
}
