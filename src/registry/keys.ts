/**
 * Storage keys of objects, ordered as kube's etcd keys are (/registry/<resource>/<ns>/<name>):
 * `namespace/name` for namespaced objects, `name` for cluster-scoped ones.
 */
import { goQuote } from '../apimachinery/go-format.js';
import { badRequest } from '../apimachinery/status.js';
import { isValidPathSegmentName } from '../apimachinery/validation/names.js';

export function objectKey(namespace: string, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/**
 * The key of one object of a type, as kube's NamespaceKeyFunc and NoNamespaceKeyFunc make it:
 * a namespaced object without a namespace is refused (400 `Namespace parameter required.`), so
 * no request that lost its namespace (`namespaces//configmaps/x`) reads or writes another's
 * object, and so is a name that cannot be one path segment.
 */
export function scopedObjectKey(namespaced: boolean, namespace: string, name: string): string {
  if (namespaced && !namespace) throw badRequest('Namespace parameter required.');
  if (!name) throw badRequest('Name parameter required.');
  const problems = isValidPathSegmentName(name);
  if (problems.length) throw badRequest(`Name parameter invalid: ${goQuote(name)}: ${problems.join(';')}`);
  return objectKey(namespaced ? namespace : '', name);
}

/** The key prefix of a collection: one namespace, or everything. */
export function collectionPrefix(namespace: string): string {
  return namespace ? `${namespace}/` : '';
}
