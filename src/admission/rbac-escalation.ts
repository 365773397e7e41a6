/**
 * RBAC escalation prevention (pkg/registry/rbac/{role,clusterrole,rolebinding,clusterrolebinding}/
 * policybased): a Role or ClusterRole may only be written by a user who holds every permission it
 * grants, or may `escalate` it; a binding only by a user who may `bind` its role, or holds every
 * permission of that role. system:masters is exempt. A refusal is kube's 403:
 * `user "alice" (groups=["g" "system:authenticated"]) is attempting to grant RBAC permissions not
 * currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}`.
 */
import { decide } from '../auth/authorization.js';
import { rbacPolicy } from '../auth/rbac-policy.js';
import {
  confirmNoEscalation, isPrivileged, roleReferenceRules, rulesAndErrorsFor, type PolicyRule, type RbacPolicy, type RoleRef, type UserInfo,
} from '../rbac/index.js';
import { goQuote } from '../apimachinery/go-format.js';
import { forbidden } from '../apimachinery/status.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { AdmissionRequest, ValidatingPlugin } from './plugins.js';

const roleResources = new Set(['roles', 'clusterroles']);
const bindingResources = new Set(['rolebindings', 'clusterrolebindings']);

/** RBAC's escalation prevention, on every create and update. */
export const rbacEscalation: ValidatingPlugin = {
  validate: (request, step) => (step.object && step.operation !== 'DELETE' ? admitRbacWrite(request, step.object) : undefined),
};

/** Refuses the create or update of an RBAC object that would grant what the user does not hold. */
export async function admitRbacWrite(scope: AdmissionRequest, object: KubeObject): Promise<void> {
  const { type, user } = scope;
  if (type.group !== 'rbac.authorization.k8s.io' || isPrivileged(user)) return;
  const namespace = type.namespaced ? scope.namespace : '';
  const name = object.metadata.name ?? '';
  const resource = { group: type.group, resource: type.resource };
  if (roleResources.has(type.resource)) {
    if (await allowed(scope, 'escalate', type.resource, name, namespace)) return;
    await confirm(scope, namespace, ((object as { rules?: PolicyRule[] }).rules ?? []), (why) => forbidden(resource, name, why));
  }
  if (bindingResources.has(type.resource)) {
    const roleRef = (object as { roleRef?: RoleRef }).roleRef;
    if (!roleRef) return;
    const refResource = roleRef.kind === 'Role' ? 'roles' : 'clusterroles';
    if (await allowed(scope, 'bind', refResource, roleRef.name, namespace)) return;
    const policy = await rbacPolicy(scope.cluster);
    const rules = roleReferenceRules(policy, roleRef, namespace);
    if ('error' in rules) throw forbidden(resource, name, rules.error);
    await confirm(scope, namespace, rules.rules, (why) => forbidden(resource, name, why), policy);
  }
}

/** Whether the authorizer allows `verb` on an RBAC resource (RoleEscalationAuthorized / BindingAuthorized). */
async function allowed(scope: AdmissionRequest, verb: string, resource: string, name: string, namespace: string): Promise<boolean> {
  const decision = await decide(scope.cluster, {
    user: scope.user, verb, namespace, apiGroup: 'rbac.authorization.k8s.io', resource, subresource: '', name, resourceRequest: true, path: '',
  });
  return decision.allowed;
}

async function confirm(scope: AdmissionRequest, namespace: string, requested: PolicyRule[], refuse: (why: string) => Error, known?: RbacPolicy): Promise<void> {
  const policy = known ?? (await rbacPolicy(scope.cluster));
  const { rules, errors } = rulesAndErrorsFor(policy, scope.user, namespace);
  const missing = confirmNoEscalation(rules, requested);
  if (!missing.length) return;
  throw refuse(escalationMessage(scope.user, missing, errors));
}

/** ConfirmNoEscalation's error text. */
export function escalationMessage(user: UserInfo, missing: PolicyRule[], resolutionErrors: string[]): string {
  const groups = `[${user.groups.map(goQuote).join(' ')}]`;
  const rules = compactRules(missing).map(compactString).sort().join('\n');
  let message = `user ${goQuote(user.name)} (groups=${groups}) is attempting to grant RBAC permissions not currently held:\n${rules}`;
  if (resolutionErrors.length) message += `; resolution errors: [${resolutionErrors.join(' ')}]`;
  return message;
}

/** CompactRules: broken-down rules of one group and resource (no names, no URLs) merged, verbs in order. */
function compactRules(rules: PolicyRule[]): PolicyRule[] {
  const merged = new Map<string, PolicyRule>();
  const others: PolicyRule[] = [];
  for (const rule of rules) {
    const simple = rule.apiGroups?.length === 1 && rule.resources?.length === 1 && !rule.resourceNames?.length && !rule.nonResourceURLs?.length;
    if (!simple) {
      others.push(rule);
      continue;
    }
    const key = `${rule.apiGroups![0]}\u0000${rule.resources![0]}`;
    const existing = merged.get(key);
    if (existing) existing.verbs = [...existing.verbs, ...rule.verbs.filter((verb) => !existing.verbs.includes(verb))];
    else merged.set(key, { ...rule, verbs: [...rule.verbs] });
  }
  return [...merged.values(), ...others];
}

/** rbacv1helpers.CompactString: `{APIGroups:["apps"], Resources:["deployments"], Verbs:["get"]}`. */
function compactString(rule: PolicyRule): string {
  const list = (values: string[]) => `[${values.map(goQuote).join(' ')}]`;
  const parts: string[] = [];
  if (rule.apiGroups?.length) parts.push(`APIGroups:${list(rule.apiGroups)}`);
  if (rule.resources?.length) parts.push(`Resources:${list(rule.resources)}`);
  if (rule.nonResourceURLs?.length) parts.push(`NonResourceURLs:${list(rule.nonResourceURLs)}`);
  if (rule.resourceNames?.length) parts.push(`ResourceNames:${list(rule.resourceNames)}`);
  if (rule.verbs.length) parts.push(`Verbs:${list(rule.verbs)}`);
  return `{${parts.join(', ')}}`;
}
