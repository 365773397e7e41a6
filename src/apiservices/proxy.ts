/**
 * Requests for an aggregated API (kube-aggregator's proxyHandler): a path under /apis/<group>/<version>
 * that no built-in or custom resource serves, of a group-version an APIService with a service
 * registers, goes to that service as the discovery check reaches it (./discovery-check.ts):
 * same method, path, query and body, the client's credentials replaced by the authenticated user
 * in X-Remote-User, X-Remote-Group and X-Remote-Extra-* (the request-header authentication an
 * aggregated server trusts; kube sends them over its proxy client certificate, which Workers
 * cannot present, so the backend must trust the edge by other means). An APIService that is not
 * Available answers 503 `service unavailable`, as kube does; a backend that cannot be reached 503
 * with the error.
 */
import { findResource } from '../api/catalog.js';
import type { UserInfo } from '../rbac/index.js';
import type { ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { cachedApiServices } from './cache.js';
import { serviceBaseUrl } from '../webhooks/service-url.js';
import { availableCondition, serviceOf } from './types.js';
import { requestUrl } from '../apimachinery/request-url.js';

/** Request headers not passed on: credentials, impersonation, hop-by-hop, and forged identities. */
const dropped = /^(authorization|proxy-authorization|impersonate-.*|x-remote-.*|host|connection|keep-alive|te|trailer|transfer-encoding|upgrade|cf-.*)$/i;
const hopByHop = /^(connection|keep-alive|transfer-encoding|te|trailer|upgrade)$/i;

/** The APIService with a service that registers `group`/`version`, if any. */
export async function aggregatedApiService(cluster: ClusterContext, group: string, version: string): Promise<KubeObject | undefined> {
  const apiServices = await cachedApiServices(cluster);
  return apiServices.find((apiService) => apiService.metadata.name === `${version}.${group}` && serviceOf(apiService) !== undefined);
}

function unavailable(text = 'service unavailable'): Response {
  return new Response(`${text}\n`, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });
}

function forwardedHeaders(request: Request, user: UserInfo): Headers {
  const headers = new Headers();
  for (const [name, value] of request.headers) if (!dropped.test(name)) headers.set(name, value);
  headers.set('X-Remote-User', user.name);
  for (const group of user.groups) headers.append('X-Remote-Group', group);
  for (const [key, values] of Object.entries(user.extra ?? {})) {
    for (const value of values) headers.append(`X-Remote-Extra-${encodeURIComponent(key)}`, value);
  }
  return headers;
}

/** Proxies `request` to the service of `apiService`. */
export async function proxyToApiService(cluster: ClusterContext, request: Request, apiService: KubeObject, user: UserInfo): Promise<Response> {
  if (availableCondition(apiService)?.status !== 'True') return unavailable();
  const reference = serviceOf(apiService)!;
  const service = await storeFor(cluster, findResource('', 'v1', 'services')!).getIfExists(reference.namespace, reference.name);
  const base = service ? serviceBaseUrl(service, reference.port) : { error: '' };
  if (typeof base !== 'string') return unavailable();
  const url = requestUrl(request);
  const target = `${base}${url.pathname}${url.search}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let response: Response;
  try {
    response = await fetch(target, { method: request.method, headers: forwardedHeaders(request, user), body: hasBody ? request.body : undefined, redirect: 'manual' });
  } catch (error) {
    return unavailable(`error trying to reach service: ${(error as Error).message}`);
  }
  const headers = new Headers();
  for (const [name, value] of response.headers) if (!hopByHop.test(name)) headers.append(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
