/**
 * PUT of one object (k8s.io/apiserver/pkg/endpoints/handlers/update.go): the body replaces the
 * object; its name must match the URL; a missing object is created only where the type allows.
 */
import { mutatedUpdate, validationHooks } from '../../admission/dynamic.js';
import { admitCreate } from '../../admission/namespace-lifecycle.js';
import { badRequest } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { agreeNamespace } from '../../registry/prepare-write.js';
import { decodeObjectBody } from './body.js';
import { parseWriteOptions } from './query-options.js';
import { finishDecoding } from './typed-object.js';
import { auditDecodedObject } from './audit-object.js';
import { keepTimestampsOfNoOp, trackUpdate } from '../../registry/field-manager.js';
import { fieldManagementFor } from './field-management.js';
import { outputFormat, respondObject } from './respond.js';
import type { Handler, RequestScope } from './scope.js';

export const updateHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const options = parseWriteOptions(scope.url.searchParams, 'UpdateOptions');
  const decoded = await decodeObjectBody(scope.request, scope.type);
  const object = finishDecoding(scope, decoded.object, options.fieldValidation, decoded.strict);
  auditDecodedObject(scope, object);
  checkName(object, scope);
  const management = fieldManagementFor(scope, options.fieldManager);
  const updated = mutatedUpdate(scope, options.dryRun, (current) => trackUpdate(management, current, structuredClone(object)));
  const { object: stored, created } = await scope.store.update(scope.namespace, scope.info.name, updated, {
    dryRun: options.dryRun,
    now: scope.now,
    requester: scope.user,
    beforeStore: keepTimestampsOfNoOp,
    admitCreate: () => admitCreate(scope, scope.info.name),
    ...validationHooks(scope, options.dryRun),
  });
  return respondObject(scope, stored, created ? 201 : 200);
};

/**
 * kube's two checks of a written object against its URL, in its order: the body's namespace must
 * be the request's (EnsureObjectNamespaceMatchesRequestNamespace: filled in when absent, dropped
 * when the request has none), then its name the URL's (checkName).
 */
export function checkName(object: KubeObject, scope: RequestScope): void {
  agreeNamespace(object, scope.namespace, scope.type.namespaced);
  const { name } = scope.info;
  const objectName = object.metadata.name ?? '';
  if (!objectName) throw badRequest(`the name of the object (${name} based on URL) was undeterminable: name must be provided`);
  if (objectName !== name) throw badRequest(`the name of the object (${objectName}) does not match the name on the URL (${name})`);
}
