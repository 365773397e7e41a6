/**
 * PATCH of one object (k8s.io/apiserver/pkg/endpoints/handlers/patch.go): the patch applies to
 * the current object inside the registry's update loop, so a lost race re-reads and re-applies.
 * JSON patch and JSON merge patch here; strategic merge patch and server-side apply come with
 * the schema-driven merge (their Content-Types answer 415 until then).
 */
import type { ResourceType } from '../api/catalog.js';
import { essence, parseMediaType } from '../codecs/media-type.js';
import { JsonPatchApplyError, JsonPatchDecodeError, applyJsonPatch, decodeJsonPatch } from '../core/patch/json-patch.js';
import { applyMergePatch } from '../core/patch/merge-patch.js';
import { fieldError } from '../core/field-errors.js';
import { StatusError, badRequest, notFound, unsupportedMediaType } from '../core/status.js';
import type { KubeObject } from '../registry/object.js';
import { asTypedObject, readBody } from './body.js';
import { optionsInvalid, parseWriteOptions } from './options.js';
import { outputFormat, respondObject } from './respond.js';
import { finishDecoding } from './typed-object.js';
import type { Handler } from './scope.js';
import { checkName } from './update.js';

type PatchType = 'application/json-patch+json' | 'application/merge-patch+json';
const patchTypes: PatchType[] = ['application/json-patch+json', 'application/merge-patch+json'];

export const patchHandler: Handler = async (scope) => {
  outputFormat(scope, 'object');
  const patchType = negotiatePatchType(scope.request.headers.get('content-type'));
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

/** The patch type of a Content-Type; 415 with the accepted types for anything else. */
export function negotiatePatchType(contentType: string | null): PatchType {
  const type = contentType ? essence(parseMediaType(contentType)) : '';
  if (!(patchTypes as string[]).includes(type)) throw unsupportedMediaType(patchTypes);
  return type as PatchType;
}

/** The function that applies the request's patch to a current object of `type`. */
export function patcher(patchType: PatchType, body: string, _type?: ResourceType): (current: KubeObject) => unknown {
  if (patchType === 'application/json-patch+json') {
    const operations = decodeOrBadRequest(() => decodeJsonPatch(body));
    return (current) => {
      try {
        return applyJsonPatch(current, operations);
      } catch (error) {
        if (error instanceof JsonPatchApplyError) throw unprocessablePatch();
        throw error;
      }
    };
  }
  const patch = decodeOrBadRequest(() => JSON.parse(body) as unknown);
  return (current) => applyMergePatch(current, patch);
}

function decodeOrBadRequest<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof JsonPatchDecodeError) throw badRequest(error.message);
    if (error instanceof SyntaxError) throw badRequest('Invalid JSON Patch');
    throw error;
  }
}

/** kube's NewGenericServerResponse(422): a generic message, empty details. */
function unprocessablePatch(): StatusError {
  return new StatusError({
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: 'the server rejected our request due to an error in our request', reason: 'Invalid', details: {}, code: 422,
  });
}

