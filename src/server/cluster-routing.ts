/**
 * Which control plane a request addresses, kcp's convention: `/clusters/NAME/...` is tenant
 * NAME's `/...` (so a kubeconfig `server: https://HOST/clusters/NAME` just works), and when
 * TENANT_DOMAIN is set, host `NAME.<domain>` is tenant NAME at `/`. Everything else is the
 * default control plane, which also answers at `/clusters/default/...`.
 *
 * The request is served at its URL with the prefix removed (request-url.ts), so everything below
 * serves the paths kube serves; the plane and the prefix stay beside the request for the guard,
 * and for the few answers that carry a server path back to the client (a redirect's Location).
 * With TLS_IN_FRONT=true (a local server whose TLS ends in front of workerd, which then sees
 * `http:`) the URL is given the scheme its client used, so URLs the server hands out (a tenant's
 * kubeconfig server) are ones clients can reach; on the platform the Worker sees the client's
 * scheme and the setting is absent.
 */
import { clusterPathOf, defaultClusterName, tenantNameProblems } from '../cluster/names.js';
import { requestUrl } from '../apimachinery/request-url.js';

/** Where a request is routed from: the Worker's settings that bear on it. */
export interface Routing {
  tenantDomain?: string | undefined;
  tlsInFront?: boolean;
}

/** The control plane a request addresses: a tenant's name, or none for the default plane. */
export interface Plane {
  tenant?: string;
  /** The path prefix the client used (`/clusters/NAME`), '' when none. */
  prefix: string;
}

const planes = new WeakMap<Request, Plane>();
const defaultPlane: Plane = { prefix: '' };

/** Records the plane `request` addresses and the URL it is served at (the request is not copied); returns the plane. */
export function routeToPlane(request: Request, { tenantDomain, tlsInFront = false }: Routing): Plane {
  const url = requestUrl(request);
  if (tlsInFront && url.protocol === 'http:') url.protocol = 'https:';
  const byHost = tenantDomain ? tenantOfHost(url.hostname, tenantDomain) : undefined;
  if (byHost) return remember(request, { tenant: byHost, prefix: '' });
  const addressed = clusterPathOf(url.pathname);
  if (!addressed) return defaultPlane;
  const { name } = addressed;
  // An invalid name is no plane: the path goes to the default plane, which answers 404.
  if (name !== defaultClusterName && tenantNameProblems(name).length) return defaultPlane;
  url.pathname = addressed.path;
  return remember(request, name === defaultClusterName ? { prefix: `/clusters/${name}` } : { tenant: name, prefix: `/clusters/${name}` });
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

function remember(request: Request, plane: Plane): Plane {
  planes.set(request, plane);
  return plane;
}

/** `NAME` of host `NAME.<domain>` (a valid tenant name), else undefined. */
function tenantOfHost(hostname: string, domain: string): string | undefined {
  const suffix = `.${domain.toLowerCase().replace(/^\.+|\.+$/g, '')}`;
  const host = hostname.toLowerCase();
  if (!host.endsWith(suffix)) return undefined;
  const name = host.slice(0, -suffix.length);
  return tenantNameProblems(name).length ? undefined : name;
}
