/**
 * Where the request path meets the audit (src/audit/): once a request is authenticated, its
 * audit begins with the cluster's policy and the user (kube's WithAudit, after authentication);
 * a request that fails to authenticate gets the one event kube's WithFailedAuthenticationAudit
 * writes for the plane it addressed: the default plane's, a tenant's when the tenant refused the
 * token, the default plane's for a token tried on a tenant that does not exist.
 */
import type { UserInfo } from '../rbac/index.js';
import { auditSinkOf, type AuditAttributes, type RequestAudit } from '../audit/index.js';
import type { ClusterContext } from '../cluster/context.js';
import { clusterContext } from './assembly/clusters.js';
import type { RequestInfo } from '../apimachinery/request-info.js';
import { StatusError } from '../apimachinery/status.js';
import type { Env } from './env.js';
import { planeOf } from './cluster-routing.js';
import { refusingPlane } from '../tenancy/tenant-access.js';

/** The attributes a policy rule is matched against. */
export function auditAttributes(user: UserInfo | undefined, info: RequestInfo | null, request: Request, url: URL): AuditAttributes {
  if (!info) return { ...(user ? { user } : {}), verb: request.method.toLowerCase(), resourceRequest: false, namespace: '', apiGroup: '', resource: '', subresource: '', name: '', path: url.pathname };
  return {
    ...(user ? { user } : {}), verb: info.verb, resourceRequest: info.isResourceRequest, namespace: info.namespace, apiGroup: info.apiGroup,
    resource: info.resource, subresource: info.subresource, name: info.name || selectedName(info, url), path: info.path,
  };
}

/**
 * kube's RequestInfoFactory names a list or watch by its field selector's exact `metadata.name`
 * when that is a valid path segment, so its audit's objectRef (and a policy's resourceNames) see it.
 */
function selectedName(info: RequestInfo, url: URL): string {
  if (info.verb !== 'list' && info.verb !== 'watch') return '';
  for (const term of (url.searchParams.get('fieldSelector') ?? '').split(',')) {
    const match = /^\s*metadata\.name\s*==?\s*(.*?)\s*$/.exec(term);
    if (match && match[1] && !['.', '..'].includes(match[1]) && !/[/%]/.test(match[1])) return match[1];
  }
  return '';
}

/** Runs authentication (`enter`), beginning the audit with its user, or auditing its failure. */
export async function auditedEntry(audit: RequestAudit, info: RequestInfo | null, url: URL, request: Request, env: Env, enter: () => Promise<{ cluster: ClusterContext; user: UserInfo }>): Promise<{ cluster: ClusterContext; user: UserInfo }> {
  let entered: { cluster: ClusterContext; user: UserInfo };
  try {
    entered = await enter();
  } catch (error) {
    const plane = planeOf(request).tenant === undefined ? clusterContext(env) : refusingPlane(error);
    if (error instanceof StatusError && error.code === 401 && plane) {
      const { kind: _, apiVersion: __, metadata: ___, ...status } = error.status as unknown as Record<string, unknown>;
      audit.failedAuthentication(auditSinkOf(plane), auditAttributes(undefined, info, request, url), url, { metadata: {}, ...status } as never);
    }
    throw error;
  }
  audit.begin(auditSinkOf(entered.cluster), auditAttributes(entered.user, info, request, url), url);
  return entered;
}
