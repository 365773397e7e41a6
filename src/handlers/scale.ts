/**
 * get, update and patch of /scale. The Scale is decoded and validated as an autoscaling/v1 Scale,
 * then turned into an update of the parent, inside the parent Store's update loop, so a lost
 * race re-reads the parent and re-applies.
 */
import type { ResourceType } from '../api/catalog.js';
import { badRequest, invalid, notFound } from '../core/status.js';
import { isJsonObject, type KubeObject } from '../registry/object.js';
import { parentWithScale, scaleOf, validateScale } from '../registry/scale.js';
import type { ReadVersion } from '../storage/types.js';
import { asTypedObject, decodeObjectBody, parseBody, readBody } from './body.js';
import { fieldManagementFor, keepTimestampsOfNoOp, trackUpdate } from './field-manager.js';
import { parseWriteOptions } from './options.js';
import { negotiatePatchType, patcher } from './patchers.js';
import { outputFormat, respondObject } from './respond.js';
import type { Handler, RequestScope } from './scope.js';
import { checkName } from './update.js';

/** The Scale "type" request bodies are checked against. */
const scaleType: ResourceType = {
  group: 'autoscaling', version: 'v1', resource: 'scale', kind: 'Scale', singularName: 'scale', namespaced: true, verbs: [],
};

export const scaleGetHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const version: ReadVersion = { match: 'latest' };
  const parent = await scope.store.get(scope.namespace, scope.info.name, version);
  return respondObject(scope, scaleOf(parent, scope.type.group));
};

export const scaleUpdateHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const options = parseWriteOptions(scope.url.searchParams, 'UpdateOptions');
  const { object: scale } = await decodeObjectBody(scope.request, scaleType);
  checkName(scale, scope);
  return updateThroughScale(scope, () => scale, options);
};

export const scalePatchHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const patchType = negotiatePatchType(scope.request.headers.get('content-type'), scaleType);
  const options = parseWriteOptions(scope.url.searchParams, 'PatchOptions');
  const body = await readBody(scope.request);
  const apply = patchType === 'application/apply-patch+yaml' ? scaleApplier(body) : patcher(patchType, body, scaleType);
  return updateThroughScale(scope, (current) => {
    const patched = asTypedObject(apply(current), scaleType, body);
    checkName(patched, scope);
    return patched;
  }, options);
};

/**
 * Server-side apply of a Scale: its spec replaces the Scale's spec (replicas is the only field).
 * kube also translates managedFields between the parent and the Scale; here the write is tracked
 * as an update of the parent through the scale subresource.
 */
function scaleApplier(body: string): (current: KubeObject) => unknown {
  const parsed = parseBody(new TextEncoder().encode(body), 'yaml');
  if (parsed.error !== undefined || !isJsonObject(parsed.value)) throw badRequest(parsed.error ?? 'the apply configuration must be an object');
  const config = parsed.value;
  return (current) => ({ ...current, spec: { ...(current.spec as object), ...(isJsonObject(config.spec) ? config.spec : {}) } });
}

/** Updates the parent from the Scale `toScale` computes from the current Scale; answers the new Scale. */
async function updateThroughScale(scope: RequestScope, toScale: (current: KubeObject) => KubeObject, options: { dryRun: boolean; fieldManager: string }): Promise<Response> {
  const { store, info, type } = scope;
  const management = fieldManagementFor(scope, options.fieldManager, 'scale');
  const { object } = await store.update(scope.namespace, info.name, (parent) => {
    if (!parent) throw notFound(store.groupResource, info.name);
    const scale = toScale(scaleOf(parent, type.group));
    const errors = validateScale(scale);
    if (errors.length) throw invalid({ group: 'autoscaling', kind: 'Scale' }, info.name, errors);
    return trackUpdate(management, parent, parentWithScale(parent, scale));
  }, { dryRun: options.dryRun, now: scope.now, beforeStore: keepTimestampsOfNoOp });
  return respondObject(scope, scaleOf(object, type.group));
}
