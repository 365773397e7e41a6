/**
 * RBACAuthorizer.Authorize from plugin/pkg/auth/authorizer/rbac/rbac.go (v1.32), plus the
 * `system:masters` shortcut kube-apiserver puts ahead of every authorizer
 * (k8s.io/apiserver/pkg/authorization/authorizerfactory.NewPrivilegedGroups).
 */
import { ruleAllows } from './rule-matchers.js';
import { visitRulesFor } from './resolver.js';
import type { Attributes, Decision, RbacPolicy, UserInfo } from './types.js';

/** The group whose members are allowed everything, before RBAC is consulted. */
export const systemMastersGroup = 'system:masters';

/** Whether the user belongs to `system:masters`. */
export function isPrivileged(user: UserInfo): boolean {
  return user.groups.includes(systemMastersGroup);
}

/**
 * Authorize: allowed by the first rule that grants the request, with kube's reason
 * `RBAC: allowed by <binding>`. A denial carries no reason unless some binding's role could
 * not be resolved: then `RBAC: <errors>` (utilerrors.Aggregate text). Members of
 * `system:masters` are allowed with an empty reason, as the privileged-groups authorizer does.
 */
export function authorize(policy: RbacPolicy, attributes: Attributes): Decision {
  if (isPrivileged(attributes.user)) return { allowed: true, reason: '' };
  let reason = '';
  const errors: string[] = [];
  visitRulesFor(policy, attributes.user, attributes.namespace, (source, rule, error) => {
    if (rule && ruleAllows(attributes, rule)) {
      reason = `RBAC: allowed by ${source()}`;
      return false;
    }
    if (error) errors.push(error);
    return true;
  });
  if (reason) return { allowed: true, reason };
  return { allowed: false, reason: errors.length > 0 ? `RBAC: ${aggregateErrorText(errors)}` : '' };
}

/** utilerrors.Aggregate.Error: one message bare, several deduplicated inside `[a, b]`. */
export function aggregateErrorText(messages: string[]): string {
  if (messages.length === 1) return messages[0]!;
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
