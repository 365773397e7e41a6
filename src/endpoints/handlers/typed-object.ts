/**
 * The last decoding stage of an object in a request (create, update, or the result of a patch),
 * as kube's decoder does it: Go's type errors (400), unknown and duplicate fields by the
 * fieldValidation directive (Strict: 400; Warn, the default: Warning headers; Ignore: silence;
 * unknown fields are dropped in every case), then schema defaults and the kind's defaulting
 * functions. Storage and admission only ever see objects that went through here.
 */
import type { ResourceType } from '../../api/catalog.js';
import { badRequest } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import {
  applySchemaDefaults, checkObject, type FieldValidationDirective, type StrictDecoded, strictDecodingErrors, strictDecodingFailure, warningTexts,
} from '../../schema/index.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { checkCustomResource } from '../../crds/decoding.js';
import type { RequestScope } from './scope.js';

/** Finishes decoding `object` (mutates it; may add warnings to the scope); `strict` is what the text parser saw. */
export function finishDecoding(scope: RequestScope, object: KubeObject, directive: string, strict?: StrictDecoded, typeErrorStatus?: TypeErrorStatus): KubeObject {
  checkFields(scope, object, directive, strict, scope.type, typeErrorStatus);
  return applyDefaults(scope, object);
}

/** How a Go type error is answered: by default kube's 400 for a request body that does not decode. */
export type TypeErrorStatus = (typeError: string) => Error;

/** Go's type errors (400) and unknown/duplicate fields by the directive; unknown fields are dropped. */
export function checkFields(scope: RequestScope, object: KubeObject, directive: string, strict?: StrictDecoded, type: ResourceType = scope.type, typeErrorStatus?: TypeErrorStatus): KubeObject {
  const { group, version, kind } = type;
  const check = type.custom
    ? checkCustomResource(type.custom.schema, object, strict)
    : checkObject(group, version, kind, object, { duplicateFields: strict?.duplicateFields, numberLiterals: strict?.numberLiterals, prune: true });
  if (check.typeError) throw typeErrorStatus ? typeErrorStatus(check.typeError) : badRequest(`${kind} in version ${goQuote(version)} cannot be handled as a ${kind}: ${check.typeError}`);
  const errors = strict ? strictDecodingErrors(strict, check) : check.strictErrors;
  const level = (directive || 'Warn') as FieldValidationDirective;
  if (level === 'Strict' && errors.length) throw badRequest(strictDecodingFailure(kind, version, errors));
  if (level === 'Warn') scope.warnings.push(...warningTexts(errors));
  return object;
}

/** Schema defaults, then the kind's defaulting functions (a custom resource's strategy applies its schema's). */
export function applyDefaults(scope: RequestScope, object: KubeObject): KubeObject {
  const { group, version, kind, custom } = scope.type;
  if (!custom) applySchemaDefaults(group, version, kind, object);
  scope.store.strategy.applyDefaults(object);
  return object;
}
