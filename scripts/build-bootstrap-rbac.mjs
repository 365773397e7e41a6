// Derives data/bootstrap-rbac.json from kube-apiserver's bootstrap RBAC policy fixtures, vendored
// in reference/bootstrap-rbac/ (see its README for the upstream path and commits). Each object is
// kept as kube-apiserver serves it, less the server-set metadata (uid, resourceVersion,
// creationTimestamp, managedFields): name, namespace, the rbac-defaults label, the autoupdate
// annotation, aggregationRule, rules, roleRef and subjects. Fields follow the Go structs' order.
// An aggregated ClusterRole (admin, edit, view) keeps `rules: null`, as created: the
// clusterrole-aggregation controller fills it in later.
//   node scripts/build-bootstrap-rbac.mjs [output path, default data/bootstrap-rbac.json]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'reference', 'bootstrap-rbac');
const output = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'data', 'bootstrap-rbac.json');

const NOTICE = 'Derived by scripts/build-bootstrap-rbac.mjs from the kube-apiserver bootstrap RBAC policy fixtures ' +
  '(plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata, Apache License 2.0, The Kubernetes Authors). Do not edit.';

/** Returns the items of a vendored `kind: List` fixture, checking each is of the expected kind. */
function items(file, kind) {
  const list = load(readFileSync(path.join(source, file), 'utf8'));
  if (list?.kind !== 'List' || !Array.isArray(list.items)) throw new Error(`${file}: not a List`);
  for (const item of list.items) {
    if (item.kind !== kind) throw new Error(`${file}: ${item.metadata?.name} is a ${item.kind}, not a ${kind}`);
  }
  return list.items;
}

/** Copies the listed keys of an object, in that order, leaving out absent ones. */
function pick(value, keys) {
  const out = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

const metadata = (m) => pick(m, ['name', 'namespace', 'labels', 'annotations']);
const rule = (r) => pick(r, ['verbs', 'apiGroups', 'resources', 'resourceNames', 'nonResourceURLs']);
const subject = (s) => pick(s, ['kind', 'apiGroup', 'name', 'namespace']);

function role(item) {
  const out = { kind: item.kind, apiVersion: item.apiVersion, metadata: metadata(item.metadata) };
  out.rules = item.rules === null ? null : item.rules.map(rule);
  if (item.aggregationRule) out.aggregationRule = item.aggregationRule;
  return out;
}

function binding(item) {
  const out = { kind: item.kind, apiVersion: item.apiVersion, metadata: metadata(item.metadata) };
  if (item.subjects) out.subjects = item.subjects.map(subject);
  out.roleRef = pick(item.roleRef, ['apiGroup', 'kind', 'name']);
  return out;
}

/** Groups namespaced objects by namespace, namespaces sorted, objects in fixture order. */
function byNamespace(objects) {
  const out = {};
  for (const namespace of [...new Set(objects.map((o) => o.metadata.namespace))].sort()) {
    out[namespace] = objects.filter((o) => o.metadata.namespace === namespace);
  }
  return out;
}

const fixtureBindings = [...items('cluster-role-bindings.yaml', 'ClusterRoleBinding'), ...items('controller-role-bindings.yaml', 'ClusterRoleBinding')].map(binding);

const policy = {
  notice: NOTICE,
  clusterRoles: [...items('cluster-roles.yaml', 'ClusterRole'), ...items('controller-roles.yaml', 'ClusterRole')].map(role),
  clusterRoleBindings: fixtureBindings.sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1)),
  roles: byNamespace(items('namespace-roles.yaml', 'Role').map(role)),
  roleBindings: byNamespace(items('namespace-role-bindings.yaml', 'RoleBinding').map(binding)),
};
writeFileSync(output, JSON.stringify(policy, null, 2) + '\n');
