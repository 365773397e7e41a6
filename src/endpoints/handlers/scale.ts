/**
 * get, update and patch of /scale. The Scale is decoded and validated as an autoscaling/v1 Scale,
 * then turned into an update of the parent, inside the parent Store's update loop, so a lost
 * race re-reads the parent and re-applies.
 */
import { validationHooks } from '../../admission/dynamic.js';
import { apiVersionOf, type ResourceType } from '../../api/catalog.js';
import { fieldElement, parentManagedFields, scaleManagedFields } from '../../apply/index.js';
import { invalid, notFound } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { parentWithScale, scaleOf, scaleViewOf, validateScale } from '../../registry/scale.js';
import { asTypedObject, decodeObjectBody, readBodyBytes } from './body.js';
import { applyOnto, keepTimestampsOfNoOp, trackUpdate, type FieldManagement } from '../../registry/field-manager.js';
import { fieldManagementFor } from './field-management.js';
import { parseWriteOptions } from './query-options.js';
import { decodeApplyConfiguration, parsePatchOptions } from './patch.js';
import { isApplyPatch, negotiatePatchType, patcher } from './patchers.js';
import { outputFormat, respondObject } from './respond.js';
import type { Handler, RequestScope } from './scope.js';
import { checkName } from './update.js';
import { utf8Text } from '../../apimachinery/utf8.js';

/** The Scale "type" request bodies are checked against. */
const scaleType: ResourceType = {
  group: 'autoscaling', version: 'v1', resource: 'scale', kind: 'Scale', singularName: 'scale', namespaced: true, verbs: [],
};

export const scaleGetHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const parent = await scope.store.getIfExists(scope.namespace, scope.info.name);
  // A built-in ScaleREST's Get names its own resource (`deployments/scale.apps "x" not found`).
  if (!parent) throw notFound({ group: scope.type.group, resource: scope.type.custom ? scope.type.resource : `${scope.type.resource}/scale` }, scope.info.name);
  return respondObject(scope, scaleOf(parent, scope.type));
};

export const scaleUpdateHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const options = parseWriteOptions(scope.url.searchParams, 'UpdateOptions');
  const { object: scale } = await decodeObjectBody(scope.request, scaleType);
  checkName(scale, scope);
  return updateThroughScale(scope, options, (current, management) => trackUpdate(management, current, scale));
};

export const scalePatchHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const patchType = negotiatePatchType(scope.request.headers.get('content-type'), scaleType);
  const options = parsePatchOptions(scope, patchType);
  const bytes = await readBodyBytes(scope.request);
  if (isApplyPatch(patchType)) {
    const config = decodeApplyConfiguration(scope, bytes, patchType, options.fieldValidation, scaleType);
    return updateThroughScale(scope, options, (current, management) => applyOnto(management, current, structuredClone(config), options.force));
  }
  const body = utf8Text(bytes);
  const patch = patcher(patchType, body, scaleType);
  return updateThroughScale(scope, options, (current, management) => {
    const patched = asTypedObject(patch(current), scaleType, body);
    checkName(patched, scope);
    return trackUpdate(management, current, patched);
  });
};

/**
 * Updates the parent from the Scale `write` makes of the current one, inside the parent Store's
 * update loop; answers the new Scale. The field manager runs on the Scale, whose managedFields are
 * translated from and back to the parent's (src/apply/scale.ts), so appliers of the parent and of
 * the Scale conflict over replicas as kube's do.
 */
async function updateThroughScale(scope: RequestScope, options: { dryRun: boolean; fieldManager: string }, write: ScaleWrite): Promise<Response> {
  const { store, info, type } = scope;
  const management = fieldManagementFor(scope, options.fieldManager, 'scale', scaleType);
  const mapping = { apiVersion: apiVersionOf(type.group, type.version), path: replicasPath(type) };
  const { object } = await store.update(scope.namespace, info.name, (parent) => {
    if (!parent) throw notFound(store.groupResource, info.name);
    const current = scaleOf(parent, type);
    current.metadata.managedFields = scaleManagedFields(parent.metadata.managedFields, mapping);
    const scale = write(current, management);
    const errors = validateScale(scale);
    if (errors.length) throw invalid({ group: 'autoscaling', kind: 'Scale' }, info.name, errors);
    const updated = parentWithScale(parent, scale, type);
    const entries = parentManagedFields(parent.metadata.managedFields, scale.metadata.managedFields, mapping);
    if (entries.length) updated.metadata.managedFields = entries;
    else delete updated.metadata.managedFields;
    return updated;
  }, {
    dryRun: options.dryRun, now: scope.now, beforeStore: keepTimestampsOfNoOp,
    ...validationHooks(scope, options.dryRun, { kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, of: (parent) => scaleOf(parent, type) }),
  });
  return respondObject(scope, scaleOf(object, type));
}

/** The new Scale from the current one (with its managedFields), its managedFields updated. */
type ScaleWrite = (current: KubeObject, management: FieldManagement) => KubeObject;

/** The parent's replicas field, as a field path for managedFields. */
const replicasPath = (type: ResourceType) => scaleViewOf(type).specReplicasPath.replace(/^\./, '').split('.').map(fieldElement);
