/**
 * The reviews of authentication.k8s.io/v1: SelfSubjectReview (who am I: `kubectl auth whoami`)
 * and TokenReview (is this token valid, and whose is it).
 */
import { authenticateToken } from '../../../auth/authenticate.js';
import type { UserInfo } from '../../../rbac/index.js';
import { badRequest } from '../../../apimachinery/status.js';
import type { RequestScope } from '../scope.js';
import { reviewRequest, respondReview } from './review-body.js';

/** authenticationv1.UserInfo of a user, fields left out when empty. */
export function userInfoOf(user: UserInfo): Record<string, unknown> {
  const out: Record<string, unknown> = { username: user.name };
  if (user.uid) out.uid = user.uid;
  if (user.groups.length) out.groups = user.groups;
  if (user.extra && Object.keys(user.extra).length) out.extra = user.extra;
  return out;
}

/** SelfSubjectReview: the requester as this server sees it (after impersonation). */
export async function selfSubjectReview(scope: RequestScope): Promise<Response> {
  const review = await reviewRequest(scope);
  return respondReview(scope, { ...review, status: { userInfo: userInfoOf(scope.user) } });
}

/** TokenReview: authenticates spec.token for the API's audiences (status.audiences when it authenticates). */
export async function tokenReview(scope: RequestScope): Promise<Response> {
  const review = await reviewRequest(scope);
  const token = String((review.spec as { token?: unknown } | undefined)?.token ?? '');
  // kube's TokenReview REST storage refuses an empty token (its text names the group's first label).
  if (!token) throw badRequest('token is required for TokenReview in authentication');
  const user = await authenticateToken(token, scope.cluster, scope.now);
  const status: Record<string, unknown> = user ? { authenticated: true, user: userInfoOf(user), audiences: scope.cluster.credentials.apiAudiences } : { user: {} };
  return respondReview(scope, { ...review, status });
}
