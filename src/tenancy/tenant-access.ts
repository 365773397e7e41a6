/**
 * Who a request to a tenant (`/clusters/NAME/...`) is made by, and in which cluster context.
 * A tenant's own credentials (its admin token, its service accounts' tokens) act in it and
 * nowhere else. The default plane's users act in any tenant whose `controlplanes/content` they
 * may `admin` there (kcp's verb on workspaces/content; cluster-admin may), as members of
 * system:masters inside it. A token neither knows is 401, for a tenant that does not exist as
 * for one that does, so a token learns nothing of other tenants; only the default plane's admins
 * are told that a tenant does not exist (404).
 */
import { authenticateRequest, authenticateToken, bearerToken } from '../auth/authenticate.js';
import { authorizeRequest } from '../auth/authorization.js';
import type { UserInfo } from '../rbac/index.js';
import type { ClusterContext, ClusterDirectory } from '../cluster/context.js';
import { defaultClusterName } from '../cluster/names.js';
import { notFound, unauthorized } from '../apimachinery/status.js';
import { tenancyGroup } from './control-plane-type.js';
import { lookupTenant } from './tenant-directory.js';

const mastersGroup = 'system:masters';

/** The cluster context of tenant `name` and the user the request is made by there (throws 401, 403, 404). */
export async function enterTenant(request: Request, clusters: ClusterDirectory, name: string, path: string, now: Date): Promise<{ cluster: ClusterContext; user: UserInfo }> {
  const home = clusters.of(defaultClusterName);
  const token = bearerToken(request.headers.get('authorization'));
  let tenant = await lookupTenant(home, name);
  // Looked up before its credentials were delivered: the token may be one of them.
  if (tenant && token !== undefined && !tenant.credentials.staticTokens) tenant = await lookupTenant(home, name, true);
  const cluster = tenant ? clusters.of(tenant.cluster, tenant.credentials) : undefined;
  if (cluster && token === undefined) return { cluster, user: await authenticateRequest(request, cluster, path, now) };
  const own = cluster && token !== undefined ? await authenticateToken(token, cluster, now) : null;
  if (cluster && own) return { cluster, user: own };
  const visitor = token !== undefined ? await authenticateToken(token, home, now) : null;
  if (!visitor) throw unauthorized();
  await authorizeRequest(home, {
    user: visitor, verb: 'admin', namespace: '', apiGroup: tenancyGroup, resource: 'controlplanes', subresource: 'content',
    name, resourceRequest: true, path,
  });
  if (!cluster) throw notFound({ group: tenancyGroup, resource: 'controlplanes' }, name);
  return { cluster, user: asTenantAdmin(visitor) };
}

/** A default-plane admin inside a tenant: a member of system:masters there. */
function asTenantAdmin(user: UserInfo): UserInfo {
  return user.groups.includes(mastersGroup) ? user : { ...user, groups: [...user.groups, mastersGroup] };
}
