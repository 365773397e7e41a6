/**
 * The filters every request passes before it is served, in kube-apiserver's order
 * (DefaultBuildHandlerChain): authentication (401), impersonation (403), rate limiting (429,
 * where kube has API Priority and Fairness), authorization (403). The cluster the request acts
 * in is resolved first, once, from the plane the request addresses (cluster-routing.ts): the
 * default control plane, or a tenant (src/tenancy/tenant-access.ts, which also authenticates);
 * it and the user the request acts as are left in the context for the handlers.
 */
import type { Context, Next } from 'hono';
import { attributesOf, authorizeRequest } from '../auth/authorization.js';
import { authenticateRequest } from '../auth/authenticate.js';
import { impersonatedUser } from '../auth/impersonation.js';
import { admitRequest, admitWatch } from '../auth/rate-limit.js';
import type { UserInfo } from '../auth/rbac/index.js';
import { decodeRequestPath, parseRequestInfo, type RequestInfo } from '../core/request-info.js';
import type { Env } from '../env.js';
import { ensureBootstrapped } from '../registry/bootstrap.js';
import type { ClusterContext } from '../cluster/context.js';
import { clusterContext } from '../cluster/contexts.js';
import { enterTenant } from '../tenancy/tenant-access.js';
import { planeOf } from './cluster-routing.js';

export interface GuardVariables {
  cluster: ClusterContext;
  user: UserInfo;
  /** The decoded path (null: malformed escapes) and its request info, parsed once for the router too. */
  path: string | null;
  info: RequestInfo | null;
  /** Gives back the user's watch slot; set on watch requests. */
  watchStop?: () => void;
}

export type AppEnv = { Bindings: Env; Variables: GuardVariables };

/** Hono middleware: authenticates, limits and authorizes, then serves. */
export async function guard(c: Context<AppEnv>, next: Next): Promise<void> {
  const request = c.req.raw;
  const url = new URL(request.url);
  const path = decodeRequestPath(url.pathname);
  const { cluster, user: authenticated } = await enter(request, c.env, path ?? url.pathname);
  c.set('cluster', cluster);
  const user = await impersonatedUser(request, cluster, authenticated);
  const info = path === null ? null : parseRequestInfo(request.method, path, url.searchParams);
  const watchStop = info?.verb === 'watch' ? admitWatch(cluster, user.name) : (admitRequest(cluster, user.name), undefined);
  try {
    await ensureBootstrapped(cluster);
    if (info) await authorizeRequest(cluster, attributesOf(user, info));
  } catch (error) {
    watchStop?.();
    throw error;
  }
  c.set('user', user);
  c.set('path', path);
  c.set('info', info);
  if (watchStop) c.set('watchStop', watchStop);
  await next();
  // A watch that did not start (an error answer) holds no slot; a started one gives it back when it ends.
  if (watchStop && c.res.status !== 200) watchStop();
}

/** The cluster the request acts in and who makes it (authentication). */
async function enter(request: Request, env: Env, path: string): Promise<{ cluster: ClusterContext; user: UserInfo }> {
  const now = new Date();
  const { tenant } = planeOf(request);
  if (tenant !== undefined) return enterTenant(request, env, tenant, path, now);
  const cluster = clusterContext(env);
  return { cluster, user: await authenticateRequest(request, cluster, path, now) };
}
