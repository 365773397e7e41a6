/**
 * Which control plane a request addresses, kcp's convention: `/clusters/NAME/...` is tenant
 * NAME's `/...` (so a kubeconfig `server: https://HOST/clusters/NAME` just works), and when
 * TENANT_DOMAIN is set, host `NAME.<domain>` is tenant NAME at `/`. Everything else is the
 * default control plane, which also answers at `/clusters/default/...`.
 *
 * The request is handed on with the prefix removed, so everything below serves the paths kube
 * serves; the plane and the prefix stay beside the request for the guard, and for the few
 * answers that carry a server path back to the client (a redirect's Location).
 */
import { defaultClusterName, tenantNameProblems } from '../cluster/addressing.js';

/** The control plane a request addresses: a tenant's name, or none for the default plane. */
export interface Plane {
  tenant?: string;
  /** The path prefix the client used (`/clusters/NAME`), '' when none. */
  prefix: string;
}

const planes = new WeakMap<Request, Plane>();
const defaultPlane: Plane = { prefix: '' };

/** The request as its plane serves it (prefix removed), remembering the plane; unchanged for the default plane. */
export function routeToPlane(request: Request, tenantDomain: string | undefined): Request {
  const url = new URL(request.url);
  const byHost = tenantDomain ? tenantOfHost(url.hostname, tenantDomain) : undefined;
  if (byHost) return remember(request, { tenant: byHost, prefix: '' });
  const match = /^\/clusters\/([^/]+)(\/.*)?$/.exec(url.pathname);
  if (!match) return request;
  const name = match[1]!;
  // An invalid name is no plane: the path goes to the default plane, which answers 404.
  if (name !== defaultClusterName && tenantNameProblems(name).length) return request;
  url.pathname = match[2] ?? '/';
  // The signal too (it ends a watch when its client goes: enable_request_signal), and `cf`
  // (the client's own Accept-Encoding: http/compression.ts).
  const routed = new Request(url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, cf: request.cf });
  return remember(routed, name === defaultClusterName ? { prefix: `/clusters/${name}` } : { tenant: name, prefix: `/clusters/${name}` });
}

/** The plane a (routed) request addresses. */
export function planeOf(request: Request): Plane {
  return planes.get(request) ?? defaultPlane;
}

/** A redirect within the server keeps the client's prefix. */
export function withPlanePrefix(response: Response, plane: Plane): Response {
  const location = response.headers.get('location');
  if (!plane.prefix || !location?.startsWith('/')) return response;
  const headers = new Headers(response.headers);
  headers.set('location', `${plane.prefix}${location}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function remember(request: Request, plane: Plane): Request {
  planes.set(request, plane);
  return request;
}

/** `NAME` of host `NAME.<domain>` (a valid tenant name), else undefined. */
function tenantOfHost(hostname: string, domain: string): string | undefined {
  const suffix = `.${domain.toLowerCase().replace(/^\.+|\.+$/g, '')}`;
  const host = hostname.toLowerCase();
  if (!host.endsWith(suffix)) return undefined;
  const name = host.slice(0, -suffix.length);
  return tenantNameProblems(name).length ? undefined : name;
}
