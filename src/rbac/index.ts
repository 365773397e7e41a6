/**
 * kube-apiserver's RBAC authorization as pure functions over an in-memory snapshot of
 * Roles, ClusterRoles and their bindings. Nothing here does I/O.
 */
export type {
  Attributes,
  ClusterRole,
  ClusterRoleBinding,
  Decision,
  LabelSelector,
  LabelSelectorRequirement,
  PolicyRule,
  RbacPolicy,
  Role,
  RoleBinding,
  RoleRef,
  Subject,
  UserInfo,
} from './types.js';
export { authorize, isPrivileged, systemMastersGroup } from './authorize.js';
export { roleReferenceRules, rulesFor, rulesAndErrorsFor, visitRulesFor, type RuleVisitor } from './resolver.js';
export { confirmNoEscalation } from './escalation.js';
export { aggregateRules } from './aggregation.js';
export { forbiddenMessage, forbiddenDetail } from './forbidden.js';
export { ruleAllows } from './rule-matchers.js';
export { serviceAccountUser, serviceAccountUsername } from './subjects.js';
