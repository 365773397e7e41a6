import { describe, expect, it } from 'vitest';

// Node built-ins are loaded untyped: tsconfig types the Worker runtime only.
const nodeModule = (name: string): Promise<any> => import(name);
const { execFileSync } = await nodeModule('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = await nodeModule('node:fs');
const { tmpdir } = await nodeModule('node:os');
const { dirname, join } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');

const PROJECT: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../..');
const DATA = join(PROJECT, 'data/bootstrap-rbac.json');
const SCRIPT = join(PROJECT, 'scripts/build-bootstrap-rbac.mjs');

interface PolicyRule { verbs: string[]; apiGroups?: string[]; resources?: string[]; resourceNames?: string[]; nonResourceURLs?: string[] }
interface Metadata { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
interface Role { kind: string; apiVersion: string; metadata: Metadata; rules: PolicyRule[] | null; aggregationRule?: { clusterRoleSelectors: { matchLabels: Record<string, string> }[] } }
interface Subject { kind: string; apiGroup?: string; name: string; namespace?: string }
interface Binding { kind: string; apiVersion: string; metadata: Metadata; subjects?: Subject[]; roleRef: { apiGroup: string; kind: string; name: string } }
interface BootstrapPolicy {
  notice: string;
  clusterRoles: Role[];
  clusterRoleBindings: Binding[];
  roles: Record<string, Role[]>;
  roleBindings: Record<string, Binding[]>;
}

const policy: BootstrapPolicy = JSON.parse(readFileSync(DATA, 'utf8'));
const clusterRole = (name: string): Role | undefined => policy.clusterRoles.find((r) => r.metadata.name === name);
const clusterRoleBinding = (name: string): Binding | undefined => policy.clusterRoleBindings.find((b) => b.metadata.name === name);
const groups = (binding: Binding | undefined): string[] =>
  (binding?.subjects ?? []).filter((s) => s.kind === 'Group').map((s) => s.name);

describe('data/bootstrap-rbac.json', () => {
  it('is rebuilt byte-for-byte by scripts/build-bootstrap-rbac.mjs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bootstrap-rbac-'));
    try {
      const out = join(dir, 'bootstrap-rbac.json');
      execFileSync(process.execPath, [SCRIPT, out], { cwd: PROJECT });
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(DATA, 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds what the reference kube-apiserver v1.32.13 serves after start', () => {
    expect({
      clusterRoles: policy.clusterRoles.length,
      clusterRoleBindings: policy.clusterRoleBindings.length,
      roles: Object.fromEntries(Object.entries(policy.roles).map(([ns, list]) => [ns, list.length])),
      roleBindings: Object.fromEntries(Object.entries(policy.roleBindings).map(([ns, list]) => [ns, list.length])),
    }).toEqual({
      clusterRoles: 65,
      clusterRoleBindings: 46,
      roles: { 'kube-public': 1, 'kube-system': 6 },
      roleBindings: { 'kube-public': 1, 'kube-system': 6 },
    });
  });

  it('keeps only the bootstrap label and autoupdate annotation, no server-set metadata', () => {
    const all = [
      ...policy.clusterRoles, ...policy.clusterRoleBindings,
      ...Object.values(policy.roles).flat(), ...Object.values(policy.roleBindings).flat(),
    ];
    for (const object of all) {
      expect(Object.keys(object.metadata).filter((k) => !['name', 'namespace', 'labels', 'annotations'].includes(k))).toEqual([]);
      expect(object.metadata.labels?.['kubernetes.io/bootstrapping']).toBe('rbac-defaults');
      expect(object.metadata.annotations).toEqual({ 'rbac.authorization.kubernetes.io/autoupdate': 'true' });
      expect(object.apiVersion).toBe('rbac.authorization.k8s.io/v1');
    }
  });

  it('gives cluster-admin every verb on every resource and URL, bound to system:masters', () => {
    expect(clusterRole('cluster-admin')?.rules).toEqual([
      { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
      { verbs: ['*'], nonResourceURLs: ['*'] },
    ]);
    const binding = clusterRoleBinding('cluster-admin');
    expect(binding?.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' });
    expect(binding?.subjects).toEqual([{ kind: 'Group', apiGroup: 'rbac.authorization.k8s.io', name: 'system:masters' }]);
  });

  it.each([
    { name: 'admin', selects: 'rbac.authorization.k8s.io/aggregate-to-admin', aggregatesInto: undefined },
    { name: 'edit', selects: 'rbac.authorization.k8s.io/aggregate-to-edit', aggregatesInto: 'rbac.authorization.k8s.io/aggregate-to-admin' },
    { name: 'view', selects: 'rbac.authorization.k8s.io/aggregate-to-view', aggregatesInto: 'rbac.authorization.k8s.io/aggregate-to-edit' },
  ])('$name aggregates the roles labelled $selects', ({ name, selects, aggregatesInto }) => {
    const role = clusterRole(name);
    expect(role?.aggregationRule).toEqual({ clusterRoleSelectors: [{ matchLabels: { [selects]: 'true' } }] });
    expect(role?.rules).toBeNull();
    const extraLabels = Object.keys(role?.metadata.labels ?? {}).filter((k) => k !== 'kubernetes.io/bootstrapping');
    expect(extraLabels).toEqual(aggregatesInto ? [aggregatesInto] : []);
  });

  it.each([
    { name: 'system:aggregate-to-admin', label: 'rbac.authorization.k8s.io/aggregate-to-admin' },
    { name: 'system:aggregate-to-edit', label: 'rbac.authorization.k8s.io/aggregate-to-edit' },
    { name: 'system:aggregate-to-view', label: 'rbac.authorization.k8s.io/aggregate-to-view' },
  ])('$name carries $label and has rules', ({ name, label }) => {
    const role = clusterRole(name);
    expect(role?.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults', [label]: 'true' });
    expect(role?.aggregationRule).toBeUndefined();
    expect(role?.rules?.length).toBeGreaterThan(0);
  });

  it.each([
    { name: 'system:discovery', groups: ['system:authenticated'] },
    { name: 'system:basic-user', groups: ['system:authenticated'] },
    { name: 'system:public-info-viewer', groups: ['system:authenticated', 'system:unauthenticated'] },
  ])('binds $name to $groups', ({ name, groups: wanted }) => {
    const binding = clusterRoleBinding(name);
    expect(binding?.roleRef).toEqual({ apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name });
    expect(groups(binding)).toEqual(wanted);
  });

  it('lets system:discovery read only discovery, health and version URLs', () => {
    expect(clusterRole('system:discovery')?.rules).toEqual([{
      verbs: ['get'],
      nonResourceURLs: ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'],
    }]);
  });

  it('refers every binding to a role it defines, in the same namespace', () => {
    for (const binding of policy.clusterRoleBindings) expect(clusterRole(binding.roleRef.name), binding.metadata.name).toBeDefined();
    for (const [namespace, bindings] of Object.entries(policy.roleBindings)) {
      for (const binding of bindings) {
        expect(binding.metadata.namespace).toBe(namespace);
        expect(policy.roles[namespace]?.some((r) => r.metadata.name === binding.roleRef.name), binding.metadata.name).toBe(true);
      }
    }
  });

  it('puts system:controller:bootstrap-signer in kube-public and kube-system', () => {
    for (const namespace of ['kube-public', 'kube-system']) {
      expect(policy.roles[namespace]?.map((r) => r.metadata.name)).toContain('system:controller:bootstrap-signer');
      const binding = policy.roleBindings[namespace]?.find((b) => b.metadata.name === 'system:controller:bootstrap-signer');
      expect(binding?.subjects).toEqual([{ kind: 'ServiceAccount', name: 'bootstrap-signer', namespace: 'kube-system' }]);
    }
  });
});
