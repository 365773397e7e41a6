/**
 * Binding subjects as appliesTo / describeSubject in pkg/registry/rbac/validation/rule.go and
 * the service account naming of k8s.io/apiserver/pkg/authentication/serviceaccount (v1.32).
 */
import { goQuote } from '../apimachinery/go-format.js';
import type { Subject, UserInfo } from './types.js';

const serviceAccountUsernamePrefix = 'system:serviceaccount:';

/** serviceaccount.MakeUsername: `system:serviceaccount:<namespace>:<name>`. */
export function serviceAccountUsername(namespace: string, name: string): string {
  return `${serviceAccountUsernamePrefix}${namespace}:${name}`;
}

/**
 * The groups the service account authenticator gives every token of a service account
 * (serviceaccount.MakeGroupNames plus `system:authenticated`).
 */
export function serviceAccountGroups(namespace: string): string[] {
  return ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'];
}

/** The UserInfo of a service account as its token authenticates. */
export function serviceAccountUser(namespace: string, name: string): UserInfo {
  return { name: serviceAccountUsername(namespace, name), groups: serviceAccountGroups(namespace) };
}

/**
 * appliesToUser. A ServiceAccount subject without a namespace takes the binding's namespace;
 * in a ClusterRoleBinding (`bindingNamespace` empty) such a subject matches nobody.
 */
export function subjectAppliesToUser(user: UserInfo, subject: Subject, bindingNamespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const namespace = subject.namespace || bindingNamespace;
      return namespace !== '' && user.name === serviceAccountUsername(namespace, subject.name);
    }
    default:
      return false;
  }
}

/** appliesTo: the index of the first subject that applies to the user, or -1. */
export function firstApplyingSubject(user: UserInfo, subjects: Subject[], bindingNamespace: string): number {
  return subjects.findIndex((subject) => subjectAppliesToUser(user, subject, bindingNamespace));
}

/** describeSubject: `User "alice"`, `ServiceAccount "name/namespace"`. */
export function describeSubject(subject: Subject, bindingNamespace: string): string {
  if (subject.kind === 'ServiceAccount') {
    return `${subject.kind} ${goQuote(`${subject.name}/${subject.namespace || bindingNamespace}`)}`;
  }
  return `${subject.kind} ${goQuote(subject.name)}`;
}
