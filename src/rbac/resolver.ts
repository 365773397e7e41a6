/**
 * DefaultRuleResolver.VisitRulesFor / RulesFor / GetRoleReferenceRules from
 * pkg/registry/rbac/validation/rule.go (v1.32): ClusterRoleBindings first, then the
 * RoleBindings of the request's namespace (none for a cluster-scoped request).
 */
import { goQuote } from '../apimachinery/go-format.js';
import { describeSubject, firstApplyingSubject } from './subjects.js';
import type { PolicyRule, RbacPolicy, RoleRef, UserInfo } from './types.js';

/**
 * Called with each applicable rule and the text naming its binding (made on demand, as kube's
 * describers are), or with an error text when a binding's role cannot be resolved. Returning
 * false stops the walk.
 */
export type RuleVisitor = (source: () => string, rule: PolicyRule | undefined, error: string | undefined) => boolean;

type RoleRules = { rules: PolicyRule[] } | { error: string };

/**
 * GetRoleReferenceRules. Error texts are the informer listers' NotFound errors, whose
 * resource is the lowercase kind (`clusterrole.rbac.authorization.k8s.io "x" not found`).
 */
export function roleReferenceRules(policy: RbacPolicy, roleRef: RoleRef, bindingNamespace: string): RoleRules {
  switch (roleRef.kind) {
    case 'Role': {
      const role = bindingNamespace ? byName(policy.roles(bindingNamespace)).get(roleRef.name) : undefined;
      if (!role) return { error: `role.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found` };
      return { rules: role.rules ?? [] };
    }
    case 'ClusterRole': {
      const clusterRole = byName(policy.clusterRoles()).get(roleRef.name);
      if (!clusterRole) return { error: `clusterrole.rbac.authorization.k8s.io ${goQuote(roleRef.name)} not found` };
      return { rules: clusterRole.rules ?? [] };
    }
    default:
      return { error: `unsupported role reference kind: ${goQuote(roleRef.kind)}` };
  }
}

/** VisitRulesFor: every rule that applies to the user in the namespace, in kube's order. */
export function visitRulesFor(policy: RbacPolicy, user: UserInfo, namespace: string, visitor: RuleVisitor): void {
  for (const binding of policy.clusterRoleBindings()) {
    const subjects = binding.subjects ?? [];
    const index = firstApplyingSubject(user, subjects, '');
    if (index < 0) continue;
    const source = () => `ClusterRoleBinding ${goQuote(binding.metadata.name)} of ${binding.roleRef.kind} ${goQuote(binding.roleRef.name)} to ${describeSubject(subjects[index]!, '')}`;
    if (!visitRoleRules(roleReferenceRules(policy, binding.roleRef, ''), source, visitor)) return;
  }
  if (!namespace) return;
  for (const binding of policy.roleBindings(namespace)) {
    const subjects = binding.subjects ?? [];
    const index = firstApplyingSubject(user, subjects, namespace);
    if (index < 0) continue;
    const source = () => `RoleBinding ${goQuote(`${binding.metadata.name}/${namespace}`)} of ${binding.roleRef.kind} ${goQuote(binding.roleRef.name)} to ${describeSubject(subjects[index]!, namespace)}`;
    if (!visitRoleRules(roleReferenceRules(policy, binding.roleRef, namespace), source, visitor)) return;
  }
}

/** The roles of a policy's list by name, indexed once per list (a policy snapshot returns the same lists). */
const roleIndexes = new WeakMap<readonly { metadata: { name?: string } }[], Map<string, never>>();

function byName<T extends { metadata: { name?: string } }>(roles: readonly T[]): Map<string, T> {
  let index = roleIndexes.get(roles) as Map<string, T> | undefined;
  if (!index) {
    index = new Map();
    // The first role of a name wins, as `find` would.
    for (const role of roles) if (!index.has(role.metadata.name ?? '')) index.set(role.metadata.name ?? '', role);
    roleIndexes.set(roles, index as Map<string, never>);
  }
  return index;
}

function visitRoleRules(resolved: RoleRules, source: () => string, visitor: RuleVisitor): boolean {
  if ('error' in resolved) return visitor(() => '', undefined, resolved.error);
  return resolved.rules.every((rule) => visitor(source, rule, undefined));
}

/**
 * RulesFor: the rules that apply to the user in the namespace (cluster-wide ones only when
 * the namespace is empty). Unresolvable role references are skipped, as kube does.
 */
export function rulesFor(policy: RbacPolicy, user: UserInfo, namespace: string): PolicyRule[] {
  return rulesAndErrorsFor(policy, user, namespace).rules;
}

/** RulesFor with the resolution errors kube reports next to the (possibly incomplete) rules. */
export function rulesAndErrorsFor(policy: RbacPolicy, user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
  const rules: PolicyRule[] = [];
  const errors: string[] = [];
  visitRulesFor(policy, user, namespace, (_source, rule, error) => {
    if (rule) rules.push(rule);
    if (error) errors.push(error);
    return true;
  });
  return { rules, errors };
}
