/**
 * The routes kube-apiserver installs for a resource (k8s.io/apiserver/pkg/endpoints/installer.go),
 * derived from the verbs its catalog entry advertises, so that routes and discovery never
 * disagree. A path shape kube installs no route for is a 404; a path with routes that the method
 * has none of is a 405 (go-restful's two answers). The shapes:
 *
 *   R                        list, create, deletecollection (cluster-scoped types);
 *                            only list for a namespaced type (across namespaces)
 *   namespaces/NS/R          list, create, deletecollection (namespaced types)
 *   [namespaces/NS/]R/NAME   get, update, patch, delete
 *   .../R/NAME/SUB           the subresource's verbs; proxy subresources also take a path after
 *   watch/[namespaces/NS/]R[/NAME]   watch (GET)
 */
import type { ResourceType, Verb } from '../api/catalog.js';
import type { RequestInfo } from '../apimachinery/request-info.js';

/** What routing needs of a request path beyond its request info. */
export interface PathShape {
  /** Under `namespaces/NS/` (a namespace scope, not the namespace object's own path). */
  scoped: boolean;
  /** The deprecated `watch/` form. */
  watchPath: boolean;
  /** resource, name, subresource, and anything after. */
  parts: readonly string[];
}

/** The shape of a resource request's path. */
export function pathShape(info: RequestInfo): PathShape {
  const segments = info.path.replace(/^\/+|\/+$/g, '').split('/');
  const afterVersion = segments.slice(info.apiPrefix === 'api' ? 2 : 3);
  const watchPath = afterVersion[0] === 'watch';
  const rest = watchPath ? afterVersion.slice(1) : afterVersion;
  // parseRequestInfo drops `namespaces/NS` from the parts only when it scopes a resource.
  return { scoped: rest.length !== info.parts.length, watchPath, parts: info.parts };
}

const collectionRoutes: [Verb, string][] = [['list', 'GET'], ['create', 'POST'], ['deletecollection', 'DELETE']];
const objectRoutes: [Verb, string][] = [['get', 'GET'], ['update', 'PUT'], ['patch', 'PATCH'], ['delete', 'DELETE']];
const subresourceRoutes: [Verb, string][] = [['get', 'GET'], ['create', 'POST'], ['update', 'PUT'], ['patch', 'PATCH'], ['delete', 'DELETE']];

/** Subresources whose routes take a path after them (`nodes/NAME/proxy/metrics`) and every method a proxy passes on. */
const pathSubresources = new Set(['proxy']);
const proxyOnlyMethods = ['HEAD', 'OPTIONS'];

/** The HTTP methods kube routes for this path shape of `type`; empty when it installs no route (404). */
export function routedMethods(type: ResourceType, shape: PathShape): Set<string> {
  const { scoped, watchPath, parts } = shape;
  if (scoped && !type.namespaced) return new Set();
  if (parts.length === 1) {
    if (watchPath) return methodsOf(type.verbs, [['watch', 'GET']]);
    return methodsOf(type.verbs, type.namespaced && !scoped ? collectionRoutes.slice(0, 1) : collectionRoutes);
  }
  if (type.namespaced && !scoped) return new Set();
  if (parts.length === 2) return methodsOf(type.verbs, watchPath ? [['watch', 'GET']] : objectRoutes);
  const subresource = watchPath ? undefined : type.subresources?.find((candidate) => candidate.name === parts[2]);
  if (!subresource || (parts.length > 3 && !pathSubresources.has(subresource.name))) return new Set();
  const methods = methodsOf(subresource.verbs, subresourceRoutes);
  if (pathSubresources.has(subresource.name)) for (const method of proxyOnlyMethods) methods.add(method);
  return methods;
}

function methodsOf(verbs: readonly Verb[], routes: [Verb, string][]): Set<string> {
  return new Set(routes.filter(([verb]) => verbs.includes(verb)).map(([, method]) => method));
}
