/**
 * The filters every request passes before it is served, in kube-apiserver's order
 * (DefaultBuildHandlerChain): authentication (401), impersonation (403), API Priority and
 * Fairness (classification, the per-user token bucket for the levels that are not exempt, a
 * tenant's bucket for all its users, the level's seats: 429), authorization (403). The cluster the
 * request acts in is resolved first, once, from the plane the request addresses
 * (cluster-routing.ts): the default control plane, or a tenant (src/tenancy/tenant-access.ts,
 * which also authenticates); it, the user the request acts as, and its FlowSchema and priority
 * level (whose uids every later response carries) are left in the context for the handlers.
 */
import type { Context, Next } from 'hono';
import { attributesOf, authorizeRequest } from '../auth/authorization.js';
import { authenticateRequest } from '../auth/authenticate.js';
import { impersonatedUser } from '../auth/impersonation.js';
import { admitToLevel, classifyRequest, fallbackInfo } from '../flowcontrol/priority-and-fairness.js';
import { admitRequest, admitTenantRequest, admitWatch } from '../flowcontrol/rate-limit.js';
import { takeTenantSeat } from '../flowcontrol/tenant-seats.js';
import type { UserInfo } from '../rbac/index.js';
import { decodeRequestPath, parseRequestInfo, type RequestInfo } from '../apimachinery/request-info.js';
import { StatusError } from '../apimachinery/status.js';
import type { Classification } from '../flowcontrol/classify.js';
import { observeRequest, recordTermination } from '../metrics/request-metrics.js';
import type { Env } from './env.js';
import { ensureBootstrapped } from './assembly/post-start.js';
import { ensureKubernetesService } from '../controllers/kubernetes-service.js';
import type { ClusterContext } from '../cluster/context.js';
import { clusterContext, clusterDirectory } from './assembly/clusters.js';
import { enterTenant } from '../tenancy/tenant-access.js';
import { planeOf } from './cluster-routing.js';
import { requestUrl } from '../apimachinery/request-url.js';
import { auditedEntry } from './audit-seam.js';
import type { RequestAudit } from '../audit/index.js';

export interface GuardVariables {
  cluster: ClusterContext;
  user: UserInfo;
  /** The decoded path (null: malformed escapes) and its request info, parsed once for the router too. */
  path: string | null;
  info: RequestInfo | null;
  /** Gives back the user's watch slot; set on watch requests. */
  watchStop?: () => void;
  /** The request's FlowSchema and priority level, once classified. */
  flow?: Classification;
  /** The request's audit (src/audit/): made first, begun once the user is known. */
  audit: RequestAudit;
}

export type AppEnv = { Bindings: Env; Variables: GuardVariables };

/** Hono middleware: authenticates, classifies, limits and authorizes, then serves. */
export async function guard(c: Context<AppEnv>, next: Next): Promise<void> {
  const request = c.req.raw;
  const url = requestUrl(request);
  const path = decodeRequestPath(url.pathname);
  const info = path === null ? null : parseRequestInfo(request.method, path, url.searchParams);
  const { cluster, user } = await auditedEntry(c.get('audit'), info, url, request, c.env, () => enter(request, c.env, path ?? url.pathname));
  c.set('cluster', cluster);
  await admitToTenant(cluster, request);
  const giveSeatBack = await takeTenantSeat(cluster, info?.verb === 'watch', request.signal);
  try {
    await guarded(c, next, { url, path, cluster, authenticated: user, info });
  } finally {
    giveSeatBack();
  }
}

interface Entered {
  url: URL;
  path: string | null;
  cluster: ClusterContext;
  authenticated: UserInfo;
  info: RequestInfo | null;
}

/** The rest of the guard, once a request is in its cluster (and holds its tenant's seat). */
async function guarded(c: Context<AppEnv>, next: Next, { url, path, cluster, authenticated, info }: Entered): Promise<void> {
  const request = c.req.raw;
  const audit = c.get('audit');
  const user = await impersonatedUser(request, cluster, authenticated);
  if (user !== authenticated) audit.impersonated(user);
  await ensureBootstrapped(cluster);
  await ensureKubernetesService(cluster, url, info);
  const flow = await classifyRequest(cluster, user, info ?? fallbackInfo(request.method, url.pathname));
  c.set('flow', flow);
  const release = await limit(c, cluster, user, info, flow);
  const watchStop = c.get('watchStop');
  try {
    if (info) await authorizeRequest(cluster, attributesOf(user, info), (decision) => audit.authorized(decision.allowed, decision.reason));
    c.set('user', user);
    c.set('path', path);
    c.set('info', info);
    const observation = observeRequest(cluster, request, info);
    if (watchStop) c.set('watchStop', () => (watchStop(), observation.watchEnded()));
    await next();
    observation.answered(c.res.status);
  } catch (error) {
    watchStop?.();
    throw error;
  } finally {
    release();
  }
  // A watch that did not start (an error answer) holds no slot; a started one gives it back when it ends.
  if (watchStop && c.res.status !== 200) watchStop();
}

/**
 * The limits: a watch takes one of the user's watch slots, another request a token of the user's
 * bucket unless its level is exempt, and either a seat of its level. A refusal (429) gives back
 * what was taken and counts as a termination.
 */
async function limit(c: Context<AppEnv>, cluster: ClusterContext, user: UserInfo, info: RequestInfo | null, flow: Classification): Promise<() => void> {
  let watchStop: (() => void) | undefined;
  try {
    if (info?.verb === 'watch') watchStop = admitWatch(cluster, user.name);
    else if (!flow.priorityLevel.exempt) admitRequest(cluster, user.name);
    const release = await admitToLevel(cluster, flow, c.req.raw.signal);
    if (watchStop) c.set('watchStop', watchStop);
    return release;
  } catch (error) {
    watchStop?.();
    countRefusal(error, cluster, c.req.raw, info);
    throw error;
  }
}

/** A tenant's total rate (waits its turn; 429 past the queue); nothing for the default plane. */
async function admitToTenant(cluster: ClusterContext, request: Request): Promise<void> {
  try {
    await admitTenantRequest(cluster);
  } catch (error) {
    countRefusal(error, cluster, request, null);
    throw error;
  }
}

/** A limit's refusal (429) counts as a termination, as kube's APF counts a rejected request. */
function countRefusal(error: unknown, cluster: ClusterContext, request: Request, info: RequestInfo | null): void {
  if (error instanceof StatusError && error.code === 429) recordTermination(cluster, request, info, 429);
}

/** The cluster the request acts in and who makes it (authentication). */
async function enter(request: Request, env: Env, path: string): Promise<{ cluster: ClusterContext; user: UserInfo }> {
  const now = new Date();
  const { tenant } = planeOf(request);
  if (tenant !== undefined) return enterTenant(request, clusterDirectory(env), tenant, path, now);
  const cluster = clusterContext(env);
  return { cluster, user: await authenticateRequest(request, cluster, path, now) };
}
