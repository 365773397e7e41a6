/**
 * The authentication filter (k8s.io/apiserver/pkg/endpoints/filters/authentication.go): a
 * bearer token is tried by the static token table, then as a service account JWT; a token that
 * neither accepts is 401 `Unauthorized`, whatever the path. A request without credentials is
 * system:anonymous only on the paths ANONYMOUS_PATHS allows (kube's structured anonymous
 * authentication with path conditions), 401 elsewhere. Authenticated users are in
 * system:authenticated; anonymous in system:unauthenticated.
 */
import { unauthorized } from '../apimachinery/status.js';
import type { ClusterContext } from '../cluster/context.js';
import { withAuthenticatedGroup } from '../authn/index.js';
import type { UserInfo } from '../rbac/index.js';
import { authenticateServiceAccountToken } from './service-account-auth.js';

export const anonymousUser: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

/** Longer bearer tokens are refused unread (kube has no such limit; its header limit is 1 MiB). */
const maxTokenLength = 16 * 1024;

/** The user a request is made by; throws 401 when it is nobody this server knows. */
export async function authenticateRequest(request: Request, cluster: ClusterContext, path: string, now: Date): Promise<UserInfo> {
  const token = bearerToken(request.headers.get('authorization'));
  if (token === undefined) {
    if (anonymousAllowed(cluster.settings.anonymousPaths, path)) return anonymousUser;
    throw unauthorized();
  }
  const user = await authenticateToken(token, cluster, now);
  if (!user) throw unauthorized();
  return user;
}

/** The user of a bearer token (static table, then service account JWT), or null. */
export async function authenticateToken(token: string, cluster: ClusterContext, now: Date): Promise<UserInfo | null> {
  const user = token.length <= maxTokenLength ? await tokenUser(token, cluster, now) : null;
  return user ? withAuthenticatedGroup(user) : null;
}

/**
 * The token of an `Authorization: Bearer <token>` header (kube's bearertoken authenticator:
 * scheme case-insensitive, an empty token is no credential). Other schemes carry no token here.
 */
export function bearerToken(header: string | null): string | undefined {
  if (header === null) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'bearer' || !parts[1]) return undefined;
  return parts[1];
}

async function tokenUser(token: string, cluster: ClusterContext, now: Date): Promise<UserInfo | null> {
  const fromTable = cluster.credentials.staticTokens().get(token);
  if (fromTable) return fromTable;
  return authenticateServiceAccountToken(token, cluster, now);
}

/** Whether anonymous requests may reach `path` (of the allowed `paths`): exact paths, and the per-check paths below /livez etc. */
export function anonymousAllowed(paths: string[], path: string): boolean {
  return paths.some((allowed) => allowed === '*' || path === allowed || (allowed !== '/version' && path.startsWith(`${allowed}/`)));
}
