/**
 * The last decoding stage of an object in a request (create, update, or the result of a patch),
 * as kube's decoder does it: schema checks by the fieldValidation directive, then the kind's
 * defaults. Storage and admission only ever see objects that went through here.
 */
import type { KubeObject } from '../registry/object.js';
import type { RequestScope } from './scope.js';

/** Finishes decoding `object` for the request in `scope` (mutates it; may add warnings to the scope). */
export function finishDecoding(scope: RequestScope, object: KubeObject): KubeObject {
  scope.store.strategy.applyDefaults(object);
  return object;
}
