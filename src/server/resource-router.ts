/**
 * Requests under /api and /apis: parse the request info, find the resource type in the catalog,
 * check the verb against what the catalog says the type serves, and dispatch to the verb's
 * handler. The same catalog entry drives discovery, so routes and discovery never disagree.
 */
import { type ResourceType, builtinCatalog } from '../api/catalog.js';
import type { RequestInfo } from '../apimachinery/request-info.js';
import { methodNotAllowed, routeNotFound } from '../apimachinery/status.js';
import { definitionTerminating } from '../registry/storage-errors.js';
import type { ClusterContext } from '../cluster/context.js';
import { createHandler } from '../endpoints/handlers/create.js';
import { deleteCollectionHandler, deleteHandler } from '../endpoints/handlers/delete.js';
import { patchHandler } from '../endpoints/handlers/patch.js';
import { getHandler, listHandler } from '../endpoints/handlers/read.js';
import type { AuditRequestObject, Handler } from '../endpoints/handlers/scope.js';
import { updateHandler } from '../endpoints/handlers/update.js';
import { accessReview, rulesReview } from '../endpoints/handlers/reviews/access-reviews.js';
import { selfSubjectReview, tokenReview } from '../endpoints/handlers/reviews/identity-reviews.js';
import { tokenRequestHandler } from '../endpoints/handlers/token-request.js';
import { legacyBindingHandler, podBindingHandler } from '../endpoints/handlers/binding.js';
import { evictionHandler } from '../endpoints/handlers/eviction.js';
import { watchHandler } from '../endpoints/handlers/watch.js';
import { scaleGetHandler, scalePatchHandler, scaleUpdateHandler } from '../endpoints/handlers/scale.js';
import { podAttachHandler, podExecHandler, podLogHandler, podPortForwardHandler } from '../endpoints/handlers/connect/pods.js';
import { proxyHandler } from '../endpoints/handlers/connect/proxy.js';
import type { UserInfo } from '../rbac/index.js';
import { findServedResource, servingCatalog } from '../crds/serving-catalog.js';
import { storeFor } from '../registry/registry.js';
import { aggregatedVersion, serveGroupDiscovery, serveRootDiscovery } from '../endpoints/discovery/discovery-routes.js';
import { withAggregatedGroups } from '../apiservices/discovery.js';
import { aggregatedApiService, proxyToApiService } from '../apiservices/proxy.js';
import { ensureLocalApiServices } from '../apiservices/system-objects.js';
import { pageNotFound } from '../endpoints/handlers/status-responses.js';
import { pathShape, routedMethods } from './routes.js';
import { requestUrl } from '../apimachinery/request-url.js';
import { outsideCustomResourceScope, requireRouteName } from './request-scope.js';
import { withFailureWarnings } from '../endpoints/handlers/failure-warnings.js';

const handlers: Record<string, Handler> = {
  get: getHandler,
  list: listHandler,
  create: createHandler,
  update: updateHandler,
  patch: patchHandler,
  delete: deleteHandler,
  deletecollection: deleteCollectionHandler,
  watch: watchHandler,
};

/** Handlers of subresources that are views of their parent rather than parts of it. */
const subresourceHandlers: Record<string, Record<string, Handler>> = {
  scale: { get: scaleGetHandler, update: scaleUpdateHandler, patch: scalePatchHandler },
  token: { create: tokenRequestHandler },
  log: { get: podLogHandler },
  exec: { get: podExecHandler, create: podExecHandler },
  attach: { get: podAttachHandler, create: podAttachHandler },
  portforward: { get: podPortForwardHandler, create: podPortForwardHandler },
  proxy: { get: proxyHandler, create: proxyHandler, update: proxyHandler, patch: proxyHandler, delete: proxyHandler },
  binding: { create: podBindingHandler },
  eviction: { create: evictionHandler },
};

/** The create-only virtual resources (reviews), by group/resource. */
const virtualHandlers: Record<string, Handler> = {
  'authorization.k8s.io/selfsubjectaccessreviews': accessReview,
  'authorization.k8s.io/subjectaccessreviews': accessReview,
  'authorization.k8s.io/localsubjectaccessreviews': accessReview,
  'authorization.k8s.io/selfsubjectrulesreviews': rulesReview,
  'authentication.k8s.io/selfsubjectreviews': selfSubjectReview,
  'authentication.k8s.io/tokenreviews': tokenReview,
  '/bindings': legacyBindingHandler,
};

/** What the filters (guard.ts) learned of a request: its path, request info and user. */
export interface GuardedRequest {
  path: string | null;
  info: RequestInfo | null;
  user: UserInfo;
  /** Gives back a watch's rate-limit slot. */
  onWatchStop?: () => void;
  /** The audit's LogRequestObject, when the request is audited. */
  auditRequestObject?: AuditRequestObject;
  /** The audit's annotations from admission, when the request is audited. */
  auditAnnotate?: (annotations: Record<string, string>) => void;
}

/** Serves one request under /api or /apis. */
export async function routeApiRequest(request: Request, cluster: ClusterContext, { path, info, user, onWatchStop, auditRequestObject, auditAnnotate }: GuardedRequest): Promise<Response> {
  const url = requestUrl(request);
  if (!info) return pageNotFound();
  if (!info.isResourceRequest) return serveNonResource(request, path!, cluster, user);
  const type = await findServedResource(cluster, info.apiGroup, info.apiVersion, info.resource);
  if (!type) return (await proxyAggregated(request, cluster, info.apiGroup, info.apiVersion, user)) ?? unknownResource(info);
  if (type.custom && outsideCustomResourceScope(type, info)) return pageNotFound();
  const methods = routedMethods(type, pathShape(info));
  if (!methods.size) throw routeNotFound();
  if (!methods.has(request.method)) throw methodNotAllowed();
  requireRouteName(info);
  if (type.group === 'apiregistration.k8s.io' && ['get', 'list', 'watch'].includes(info.verb)) await ensureLocalApiServices(cluster);
  if (info.verb === 'watch' && info.name) watchOneObject(info, url);
  const handler = type.virtual ? virtualHandlers[`${type.group}/${type.resource}`] : (subresourceHandlers[info.subresource] ?? handlers)[info.verb];
  if (!handler || !served(type, info)) throw methodNotAllowed();
  const warnings = type.custom ? customResourceChecks(type, info) : [];
  const namespace = type.namespaced ? info.namespace : '';
  const store = storeFor(cluster, type, storedSubresources.has(info.subresource) ? info.subresource : '');
  const scope = { cluster, request, url, info, type, namespace, store, now: new Date(), warnings, user, ...(onWatchStop ? { onWatchStop } : {}), ...(auditRequestObject ? { auditRequestObject } : {}), ...(auditAnnotate ? { auditAnnotate } : {}) };
  let response: Response;
  try {
    response = await handler(scope);
  } catch (error) {
    throw withFailureWarnings(error, warnings);
  }
  if (info.verb !== 'get' && info.verb !== 'list' && info.verb !== 'watch') await cluster.written(type);
  return response;
}

/** A request for an aggregated API's group-version, proxied to its service; null when no APIService with a service registers it. */
async function proxyAggregated(request: Request, cluster: ClusterContext, group: string, version: string, user: UserInfo): Promise<Response | null> {
  const apiService = group ? await aggregatedApiService(cluster, group, version) : undefined;
  return apiService ? proxyToApiService(cluster, request, apiService, user) : null;
}

/**
 * No such resource: go-restful answers a built-in group's with a Status; the rest (a group nobody
 * serves, which the aggregator answers, or one only custom resources serve, whose handler passes
 * it on) is plain text.
 */
async function unknownResource(info: RequestInfo): Promise<Response> {
  if (info.apiPrefix === 'apis' && !builtinCatalog.group(info.apiGroup)) return pageNotFound();
  throw routeNotFound();
}

/**
 * Discovery paths. /api, /api/v1 and /apis/G/V are go-restful routes (GET only: 405 otherwise;
 * an unknown version is a 404 Status); /apis and /apis/G are plain handlers that answer any
 * method; a group nobody serves is the aggregator's plain-text 404. Aggregated groups are listed
 * (src/apiservices/discovery.ts), and their /apis/G/V is the backend's.
 */
async function serveNonResource(request: Request, path: string, cluster: ClusterContext, user: UserInfo): Promise<Response> {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'apis' && parts.length === 3 && !(await servingCatalog(cluster, 'latest')).group(parts[1]!)) {
    const proxied = await proxyAggregated(request, cluster, parts[1]!, parts[2]!, user);
    if (proxied) return proxied;
  }
  if (parts[0] === 'api') {
    if (parts.length === 2 && parts[1] !== 'v1') throw routeNotFound();
    getOnly(request);
    return parts.length === 1 ? serveRootDiscovery(request, true, builtinCatalog) : serveGroupDiscovery(builtinCatalog, '', 'v1');
  }
  const catalog = await servingCatalog(cluster, 'latest');
  const legacy = parts.length > 1 || aggregatedVersion(request.headers.get('accept')) === null;
  const listed = await withAggregatedGroups(cluster, catalog, !legacy);
  if (parts.length === 1) return serveRootDiscovery(request, false, listed);
  const group = listed.group(parts[1]!);
  if (!group) return pageNotFound();
  if (parts.length === 2) return serveGroupDiscovery(listed, parts[1]!, undefined);
  if (!group.versions.includes(parts[2]!)) throw routeNotFound();
  getOnly(request);
  return serveGroupDiscovery(listed, parts[1]!, parts[2]);
}

function getOnly(request: Request): void {
  if (request.method !== 'GET') throw methodNotAllowed();
}

/**
 * kube's CRD handler: a terminating CRD takes no new objects (405), a deprecated version warns
 * on every request (its deprecationWarning, or kube's default text). Versions of a CRD converted
 * by webhook are converted by their storage (crds/conversion/).
 */
function customResourceChecks(type: ResourceType, info: RequestInfo): string[] {
  const custom = type.custom!;
  if (info.verb === 'create' && custom.terminating) throw definitionTerminating({ group: type.group, resource: type.resource });
  return custom.deprecationWarning !== undefined ? [custom.deprecationWarning] : [];
}

/** Subresources served so far; the others answer 405 until built. */
const servedSubresources = new Set(['status', 'scale', 'finalize', 'token', 'ephemeralcontainers', 'log', 'exec', 'attach', 'portforward', 'proxy', 'binding', 'eviction', 'approval']);
/** Subresources that are parts of the stored object, written through their own strategy. */
const storedSubresources = new Set(['status', 'finalize', 'ephemeralcontainers', 'approval']);

/** Whether this server serves what kube routes here: virtual resources with a handler (the reviews), the subresources built so far. */
function served(type: ResourceType, info: RequestInfo): boolean {
  if (type.virtual) return !info.subresource && !!virtualHandlers[`${type.group}/${type.resource}`];
  return !info.subresource || servedSubresources.has(info.subresource);
}

/** The deprecated `/watch/.../name` form watches the collection with a field selector on the name. */
function watchOneObject(info: RequestInfo, url: URL): void {
  const byName = `metadata.name=${info.name}`;
  const existing = url.searchParams.get('fieldSelector');
  url.searchParams.set('fieldSelector', existing ? `${existing},${byName}` : byName);
  info.name = '';
}
