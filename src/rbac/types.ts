/**
 * rbac.authorization.k8s.io/v1 objects as plain JSON, and the request attributes the RBAC
 * authorizer judges (k8s.io/apiserver/pkg/authorization/authorizer.Attributes).
 */

/** rbacv1.PolicyRule; absent lists behave as empty lists. */
export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

/** rbacv1.Subject: kind is `User`, `Group` or `ServiceAccount`; other kinds never match. */
export interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

/** rbacv1.RoleRef: kind is `Role` or `ClusterRole`. */
export interface RoleRef {
  apiGroup: string;
  kind: string;
  name: string;
}

interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}

/** metav1.LabelSelectorRequirement. */
export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

/** metav1.LabelSelector; `{}` selects every object. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface Role {
  metadata: ObjectMeta;
  rules?: PolicyRule[] | null;
}

export interface ClusterRole {
  metadata: ObjectMeta;
  rules?: PolicyRule[] | null;
  aggregationRule?: { clusterRoleSelectors?: LabelSelector[] } | null;
}

export interface RoleBinding {
  metadata: ObjectMeta;
  subjects?: Subject[] | null;
  roleRef: RoleRef;
}

export interface ClusterRoleBinding {
  metadata: ObjectMeta;
  subjects?: Subject[] | null;
  roleRef: RoleRef;
}

/** user.Info of an authenticated request. */
export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

/**
 * authorizer.Attributes. For a resource request `path` is ignored; for a non-resource request
 * only `user`, `verb` and `path` count. `namespace` is empty for cluster-scoped requests.
 */
export interface Attributes {
  user: UserInfo;
  verb: string;
  namespace: string;
  apiGroup: string;
  resource: string;
  subresource: string;
  name: string;
  resourceRequest: boolean;
  path: string;
}

/**
 * A synchronous, in-memory snapshot of the RBAC objects. `roles` and `roleBindings` return
 * only the objects of that namespace.
 */
export interface RbacPolicy {
  roles(namespace: string): Role[];
  clusterRoles(): ClusterRole[];
  roleBindings(namespace: string): RoleBinding[];
  clusterRoleBindings(): ClusterRoleBinding[];
}

/** An authorizer decision; `reason` is kube's RBAC reason text, empty when there is none. */
export interface Decision {
  allowed: boolean;
  reason: string;
}
