/**
 * A local server's TLS is terminated in front of workerd (scripts/server.mjs: a TLS pipe or the
 * HTTPS front), so workerd sees `http:` URLs for what clients reached over `https:`. With
 * TLS_IN_FRONT=true the request is given the scheme its client used, so URLs the server hands
 * out (a tenant's kubeconfig server) are the ones clients can reach. On the platform the
 * Worker sees the client's scheme and the setting is absent.
 */
import type { Env } from '../env.js';

export function withClientScheme(request: Request, env: Env): Request {
  if (env.TLS_IN_FRONT !== 'true' || !request.url.startsWith('http:')) return request;
  return new Request(`https:${request.url.slice('http:'.length)}`, request);
}
