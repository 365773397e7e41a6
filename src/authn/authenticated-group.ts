/**
 * The groups the authenticator union adds to every authenticated user
 * (k8s.io/apiserver/pkg/authentication/group.AuthenticatedGroupAdder).
 */
import type { UserInfo } from '../rbac/types.js';

export const ALL_AUTHENTICATED_GROUP = 'system:authenticated';
export const ANONYMOUS_USER = 'system:anonymous';

/**
 * Returns the user with `system:authenticated` appended to its groups, unless already present
 * or the user is `system:anonymous`. Never mutates the argument.
 */
export function withAuthenticatedGroup(user: UserInfo): UserInfo {
  if (user.name === ANONYMOUS_USER || user.groups.includes(ALL_AUTHENTICATED_GROUP)) return user;
  return { ...user, groups: [...user.groups, ALL_AUTHENTICATED_GROUP] };
}
