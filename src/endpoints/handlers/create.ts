/**
 * POST to a collection (k8s.io/apiserver/pkg/endpoints/handlers/create.go), in its order:
 * negotiate output (406) -> read options (400/422) -> decode the body (415/400) -> namespace and
 * mutating admission -> create in the registry (validating admission before the write) -> 201
 * with the stored object.
 */
import { mutatingAdmission, validationHooks } from '../../admission/dynamic.js';
import { admitCreate } from '../../admission/namespace-lifecycle.js';
import { agreeNamespace } from '../../registry/prepare-write.js';
import { decodeObjectBody } from './body.js';
import { parseWriteOptions } from './query-options.js';
import { finishDecoding } from './typed-object.js';
import { auditDecodedObject } from './audit-object.js';
import { trackUpdate } from '../../registry/field-manager.js';
import { fieldManagementFor } from './field-management.js';
import { outputFormat, respondObject } from './respond.js';
import type { Handler } from './scope.js';

export const createHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const options = parseWriteOptions(scope.url.searchParams, 'CreateOptions');
  const decoded = await decodeObjectBody(scope.request, scope.type);
  const object = finishDecoding(scope, decoded.object, options.fieldValidation, decoded.strict);
  auditDecodedObject(scope, object);
  trackUpdate(fieldManagementFor(scope, options.fieldManager), null, object);
  agreeNamespace(object, scope.namespace, scope.type.namespaced);
  await admitCreate(scope, object.metadata.name || object.metadata.generateName || '');
  const mutated = (await mutatingAdmission(scope, { operation: 'CREATE', object, old: null, dryRun: options.dryRun }))!;
  const context = { dryRun: options.dryRun, now: scope.now, requester: scope.user, ...validationHooks(scope, options.dryRun) };
  const created = await scope.store.create(scope.namespace, mutated, context);
  return respondObject(scope, created, 201);
};
