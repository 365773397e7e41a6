/**
 * rbac.authorization.k8s.io/v1 RoleBinding and ClusterRoleBinding: ValidateRoleBinding /
 * ValidateClusterRoleBinding, their Update variants and validateRoleBindingSubject
 * (pkg/apis/rbac/validation/validation.go), and SetDefaults_Subject (pkg/apis/rbac/v1/defaults.go),
 * kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Subdomain, isValidPathSegmentName } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asRecord, asRecords, asText, ensureRecord, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { goStringStruct } from '../shared/go-literals.js';

const rbacGroup = 'rbac.authorization.k8s.io';

/**
 * SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding (roleRef.apiGroup is the RBAC group)
 * and SetDefaults_Subject (Users and Groups default to the RBAC group, ServiceAccounts to none).
 */
export function defaultBinding(object: KubeObject): void {
  // roleRef is a struct, not a pointer, in Go: it is defaulted even when absent.
  const roleRef = ensureRecord(object, 'roleRef');
  if (!roleRef.apiGroup) roleRef.apiGroup = rbacGroup;
  for (const item of asList(object.subjects)) {
    const subject = asRecord(item);
    if (!subject || subject.apiGroup) continue;
    if (subject.kind === 'User' || subject.kind === 'Group') subject.apiGroup = rbacGroup;
  }
}

/** The roleRef and subjects of a binding; only RoleBindings may reference a Role. */
export function validateBinding(object: KubeObject, namespaced: boolean): FieldError[] {
  const roleRef = asRecord(object.roleRef) ?? {};
  const errors: FieldError[] = [];
  const apiGroup = asText(roleRef.apiGroup);
  if (apiGroup !== rbacGroup) errors.push(fieldError.notSupported('roleRef.apiGroup', apiGroup, [rbacGroup]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  const kind = asText(roleRef.kind);
  if (!kinds.includes(kind)) errors.push(fieldError.notSupported('roleRef.kind', kind, kinds));
  const name = asText(roleRef.name);
  if (name.length === 0) errors.push(fieldError.required('roleRef.name'));
  else errors.push(...isValidPathSegmentName(name).map((message) => fieldError.invalid('roleRef.name', name, message)));
  asRecords(object.subjects).forEach((subject, index) => errors.push(...validateSubject(subject, namespaced, `subjects[${index}]`)));
  return errors;
}

/** validateRoleBindingSubject: a name, and per kind its API group (and a namespace for cluster bindings' ServiceAccounts). */
function validateSubject(subject: JsonRecord, namespaced: boolean, path: string): FieldError[] {
  const name = asText(subject.name);
  const apiGroup = asText(subject.apiGroup);
  const errors = name.length === 0 ? [fieldError.required(`${path}.name`)] : [];
  switch (asText(subject.kind)) {
    case 'ServiceAccount':
      if (name.length > 0) errors.push(...isDNS1123Subdomain(name).map((message) => fieldError.invalid(`${path}.name`, name, message)));
      if (apiGroup.length > 0) errors.push(fieldError.notSupported(`${path}.apiGroup`, apiGroup, ['']));
      if (!namespaced && asText(subject.namespace).length === 0) errors.push(fieldError.required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group': {
      const word = subject.kind === 'User' ? 'user' : 'group';
      if (name.length === 0) errors.push(fieldError.invalid(`${path}.name`, name, `${word} name cannot be empty`));
      if (apiGroup !== rbacGroup) errors.push(fieldError.notSupported(`${path}.apiGroup`, apiGroup, [rbacGroup]));
      break;
    }
    default:
      errors.push(fieldError.notSupported(`${path}.kind`, asText(subject.kind), ['ServiceAccount', 'User', 'Group']));
  }
  return errors;
}

/** The Update variants: the binding is valid, and roleRef did not change (compared as a struct). */
export function validateBindingUpdate(object: KubeObject, old: KubeObject, namespaced: boolean): FieldError[] {
  const errors = validateBinding(object, namespaced);
  const fields = ['apiGroup', 'kind', 'name'];
  const next = asRecord(object.roleRef) ?? {};
  const previous = asRecord(old.roleRef) ?? {};
  if (fields.some((field) => asText(next[field]) !== asText(previous[field]))) {
    const badValue = goStringStruct(next, 'rbac.RoleRef', [['APIGroup', 'apiGroup'], ['Kind', 'kind'], ['Name', 'name']]);
    errors.push(fieldError.invalid('roleRef', badValue, 'cannot change roleRef'));
  }
  return errors;
}

export const roleBindingSemantics: KindSemantics = {
  default: defaultBinding,
  validate: (object) => validateBinding(object, true),
  validateUpdate: (object, old) => validateBindingUpdate(object, old, true),
};

export const clusterRoleBindingSemantics: KindSemantics = {
  default: defaultBinding,
  validate: (object) => validateBinding(object, false),
  validateUpdate: (object, old) => validateBindingUpdate(object, old, false),
};
