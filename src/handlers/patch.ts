/**
 * PATCH of one object (k8s.io/apiserver/pkg/endpoints/handlers/patch.go): the patch applies to
 * the current object inside the registry's update loop, so a lost race re-reads and re-applies.
 * The patch engines are in patchers.ts.
 */
import { fieldError } from '../core/field-errors.js';
import { notFound } from '../core/status.js';
import { asTypedObject, readBody } from './body.js';
import { negotiatePatchType, patcher } from './patchers.js';
import { optionsInvalid, parseWriteOptions } from './options.js';
import { outputFormat, respondObject } from './respond.js';
import { finishDecoding } from './typed-object.js';
import type { Handler } from './scope.js';
import { checkName } from './update.js';

export const patchHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const patchType = negotiatePatchType(scope.request.headers.get('content-type'), scope.type);
  const options = parseWriteOptions(scope.url.searchParams, 'PatchOptions');
  if (scope.url.searchParams.has('force')) {
    optionsInvalid('PatchOptions', [fieldError.forbidden('force', 'may not be specified for non-apply patch')]);
  }
  const body = await readBody(scope.request);
  const apply = patcher(patchType, body, scope.type);
  const { info, store } = scope;
  const { object } = await store.update(scope.namespace, info.name, (current) => {
    if (!current) throw notFound(store.groupResource, info.name);
    const patched = finishDecoding(scope, asTypedObject(apply(current), scope.type, body), options.fieldValidation);
    checkName(patched, scope);
    return patched;
  }, { dryRun: options.dryRun, now: scope.now });
  return respondObject(scope, object);
};
