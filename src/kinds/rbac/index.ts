/** Semantics of the RBAC kinds (rbac.authorization.k8s.io), kube v1.32. */
import type { KindSemanticsTable } from '../types.js';
import { clusterRoleBindingSemantics, roleBindingSemantics } from './bindings.js';
import { clusterRoleSemantics, roleSemantics } from './roles.js';

export const rbacKinds: KindSemanticsTable = {
  'rbac.authorization.k8s.io/Role': roleSemantics,
  'rbac.authorization.k8s.io/ClusterRole': clusterRoleSemantics,
  'rbac.authorization.k8s.io/RoleBinding': roleBindingSemantics,
  'rbac.authorization.k8s.io/ClusterRoleBinding': clusterRoleBindingSemantics,
};
