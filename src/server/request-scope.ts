/**
 * The checks kube makes of a request's scope before its handler acts (asked of kube-apiserver
 * v1.32.13; the table is reference/golden/kube-v1.32.13-scope/answers.json):
 *
 * - a route with a name parameter answers 400 `name must be provided` when the name segment is
 *   empty (`deployments//status`: go-restful matches `{name}` with "", the handler's Namer refuses);
 * - the custom resource handler serves a namespaced type without a namespace only to list and
 *   watch, and a cluster-scoped one never under a namespace; anything else falls through to the
 *   plain-text `404 page not found` (`namespaces//widgets/w`, `POST /apis/G/V/widgets`).
 *
 * A namespaced built-in type's object path without a namespace reaches its handler and is refused
 * by the Store (src/registry/keys.ts), after the checks kube makes first.
 */
import type { ResourceType } from '../api/catalog.js';
import type { RequestInfo } from '../apimachinery/request-info.js';
import { badRequest } from '../apimachinery/status.js';

/** Verbs kube's custom resource handler serves across all namespaces of a namespaced type. */
const acrossAllNamespacesVerbs = new Set(['list', 'watch']);

/** Refuses a subresource path whose name segment is empty (the route exists: checked before). */
export function requireRouteName(info: RequestInfo): void {
  if (info.parts.length >= 3 && !info.name) throw badRequest('name must be provided');
}

/** Whether kube's custom resource handler passes this request on to its 404 for a scope the type does not have. */
export function outsideCustomResourceScope(type: ResourceType, info: RequestInfo): boolean {
  const namespacedRequest = info.namespace !== '';
  if (!type.namespaced) return namespacedRequest;
  return !namespacedRequest && !acrossAllNamespacesVerbs.has(info.verb);
}
