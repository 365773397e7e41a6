/**
 * Storage keys of objects, ordered as kube's etcd keys are (/registry/<resource>/<ns>/<name>):
 * `namespace/name` for namespaced objects, `name` for cluster-scoped ones.
 */

export function objectKey(namespace: string, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** The key prefix of a collection: one namespace, or everything. */
export function collectionPrefix(namespace: string): string {
  return namespace ? `${namespace}/` : '';
}
