/**
 * Control planes per tenant, inside workerd: the ControlPlane type of the default plane
 * (discovery, OpenAPI, Table, validation), provisioning (Ready, the kubeconfig Secret, bootstrap,
 * its own issuer), isolation of objects, CRDs, tokens, RBAC and continue tokens, who may act in a
 * tenant, addressing by path and host name, and erasure of every Durable Object of a deleted tenant.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { builtinCatalog } from '../../src/api/catalog.js';
import { tenantClusterName } from '../../src/cluster/names.js';
import { partitionStub, storageShardStub } from '../../src/server/assembly/backend.js';
import { ShardMap, singleShard } from '../../src/storage/sharding/shard-map.js';
import { api, configMap, type ApiResponse } from './api-client.js';
import { eventually } from './eventually.js';

// Each test provisions tenants (and one waits out a deletion): more than vitest's default 5 s.
vi.setConfig({ testTimeout: 60_000 });

const group = 'tenancy.edge-apiserver.dev';
const controlPlanes = `/apis/${group}/v1alpha1/controlplanes`;
const selfReview = '/apis/authentication.k8s.io/v1/selfsubjectreviews';
let counter = 0;

interface Tenant {
  name: string;
  uid: string;
  token: string;
  kubeconfig: string;
}

/** A fresh tenant, created through the default plane and waited for until Ready. */
async function createTenant(prefix = 't'): Promise<Tenant> {
  const name = `${prefix}${Date.now().toString(36)}${counter++}`;
  const created = await api('POST', controlPlanes, { body: { apiVersion: `${group}/v1alpha1`, kind: 'ControlPlane', metadata: { name } } });
  expect(created.status, created.text).toBe(201);
  await eventually(async () => ready((await api('GET', `${controlPlanes}/${name}`)).json));
  const secret = (await api('GET', `/api/v1/namespaces/tenancy-system/secrets/${name}-kubeconfig`)).json;
  return { name, uid: created.json.metadata.uid, token: atob(secret.data.token), kubeconfig: atob(secret.data.value) };
}

function ready(controlPlane: { status?: { conditions?: { type: string; status: string }[] } }): boolean {
  return !!controlPlane.status?.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True');
}

/** A request in `tenant` with `token` (default: the tenant's own admin token). */
function inTenant(tenant: Tenant, method: string, path: string, options: { body?: unknown; token?: string | null } = {}): Promise<ApiResponse> {
  const token = options.token === undefined ? tenant.token : options.token;
  return api(method, `/clusters/${tenant.name}${path}`, { body: options.body, ...(token === null ? { as: null } : { headers: { authorization: `Bearer ${token}` } }) });
}

function names(list: { items: { metadata: { name: string } }[] }): string[] {
  return list.items.map((item) => item.metadata.name);
}

describe('the ControlPlane type', () => {
  it('is served by the default plane: discovery with the status subresource, an OpenAPI document, a Table with its columns', async () => {
    const discovery = (await api('GET', `/apis/${group}/v1alpha1`)).json;
    expect(discovery.resources.map((resource: { name: string }) => resource.name)).toEqual(['controlplanes', 'controlplanes/status']);
    expect(discovery.resources[0]).toMatchObject({ kind: 'ControlPlane', namespaced: false, shortNames: ['cp'] });
    const document = await api('GET', `/openapi/v3/apis/${group}/v1alpha1`);
    expect(document.status).toBe(200);
    expect(Object.keys(document.json.components.schemas)).toContain('dev.edge-apiserver.tenancy.v1alpha1.ControlPlane');
    const table = await api('GET', controlPlanes, { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } });
    expect(table.json.columnDefinitions.map((column: { name: string; priority: number }) => `${column.name}/${column.priority}`))
      .toEqual(['Name/0', 'Ready/0', 'Phase/0', 'Server/0', 'Age/0', 'Kubeconfig/1', 'Issuer/1']);
  });

  it('refuses names that cannot name a tenant, with the reason', async () => {
    for (const [name, reason] of [
      ['default', '"default" is the name of the default control plane'],
      ['Upper', "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"],
      ['a.b', 'must not contain dots'],
    ]) {
      const response = await api('POST', controlPlanes, { body: { apiVersion: `${group}/v1alpha1`, kind: 'ControlPlane', metadata: { name } } });
      expect(response.status, name).toBe(422);
      expect(response.json.message).toBe(`ControlPlane.${group} "${name}" is invalid: metadata.name: Invalid value: "${name}": ${reason}`);
    }
  });

  it('is not served inside a tenant', async () => {
    const tenant = await createTenant();
    expect((await inTenant(tenant, 'GET', `/apis/${group}/v1alpha1/controlplanes`)).status).toBe(404);
    expect((await inTenant(tenant, 'GET', '/apis')).json.groups.map((entry: { name: string }) => entry.name)).not.toContain(group);
  });
});

describe('provisioning', () => {
  it('delivers an admin kubeconfig, bootstraps the tenant and gives it an issuer and signing key of its own', async () => {
    const tenant = await createTenant();
    const controlPlane = (await api('GET', `${controlPlanes}/${tenant.name}`)).json;
    expect(controlPlane.metadata.finalizers).toEqual([`${group}/erase`]);
    expect(controlPlane.status).toMatchObject({
      // TENANT_DOMAIN is set in the tests: the tenant's own host name is preferred to the path.
      phase: 'Ready', server: `http://${tenant.name}.tenants.edge.test`,
      issuer: `https://kubernetes.default.svc.cluster.local/clusters/${tenant.name}`,
      kubeconfigSecretRef: { namespace: 'tenancy-system', name: `${tenant.name}-kubeconfig` },
    });
    expect(tenant.kubeconfig).toContain(`server: "http://${tenant.name}.tenants.edge.test"`);
    expect(tenant.kubeconfig).toContain(`token: ${tenant.token}`);
    const whoami = await inTenant(tenant, 'POST', selfReview, { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } });
    expect(whoami.json.status.userInfo).toEqual({ username: 'admin', uid: 'admin', groups: ['system:masters', 'system:authenticated'] });
    expect(names((await inTenant(tenant, 'GET', '/api/v1/namespaces')).json)).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    expect(names((await inTenant(tenant, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles')).json)).toContain('cluster-admin');
    // Born with kube's bootstrap objects, as the Store writes them: defaulted labels, aggregated rules.
    expect((await inTenant(tenant, 'GET', '/api/v1/namespaces/kube-system')).json.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'kube-system' });
    const adminRole = (await inTenant(tenant, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin')).json;
    expect(adminRole.rules).toEqual((await api('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/admin')).json.rules);
    expect(adminRole.rules.length).toBeGreaterThan(0);
    const discovery = (await inTenant(tenant, 'GET', '/.well-known/openid-configuration')).text;
    expect(JSON.parse(discovery).issuer).toBe(`https://kubernetes.default.svc.cluster.local/clusters/${tenant.name}`);
    const ownKey = (await inTenant(tenant, 'GET', '/openid/v1/jwks')).json.keys[0].kid;
    expect(ownKey).not.toBe((await api('GET', '/openid/v1/jwks')).json.keys[0].kid);
  });
});

describe('isolation', () => {
  it('keeps objects, CRDs and continue tokens apart', async () => {
    const [a, b] = [await createTenant('a'), await createTenant('b')];
    for (const [tenant, value] of [[a, 'from-a'], [b, 'from-b']] as const) {
      expect((await inTenant(tenant, 'POST', '/api/v1/namespaces/default/configmaps', { body: configMap('same', { data: { v: value } }) })).status).toBe(201);
    }
    expect((await inTenant(a, 'GET', '/api/v1/namespaces/default/configmaps/same')).json.data).toEqual({ v: 'from-a' });
    expect((await inTenant(b, 'GET', '/api/v1/namespaces/default/configmaps/same')).json.data).toEqual({ v: 'from-b' });
    expect((await api('GET', '/api/v1/namespaces/default/configmaps/same')).status).toBe(404);
    for (const name of ['a1', 'a2', 'a3']) await inTenant(a, 'POST', '/api/v1/namespaces/default/configmaps', { body: configMap(name) });
    const page = (await inTenant(a, 'GET', '/api/v1/namespaces/default/configmaps?limit=1')).json;
    const reused = await inTenant(b, 'GET', `/api/v1/namespaces/default/configmaps?limit=10&continue=${encodeURIComponent(page.metadata.continue)}`);
    expect(reused.text).not.toMatch(/"a[123]"|from-a/);
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'gadgets.example.com' },
      spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'gadgets', kind: 'Gadget' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
    };
    expect((await inTenant(a, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd })).status).toBe(201);
    await eventually(async () => (await inTenant(a, 'GET', '/apis/example.com/v1')).status === 200);
    expect((await inTenant(b, 'GET', '/apis/example.com/v1')).status).toBe(404);
    expect((await inTenant(b, 'GET', '/openapi/v3')).json.paths).not.toHaveProperty('apis/example.com/v1');
    expect((await inTenant(a, 'GET', '/openapi/v3')).json.paths).toHaveProperty('apis/example.com/v1');
  });

  it("refuses a tenant's tokens everywhere else: its admin token, its service accounts' tokens; RBAC granted in one grants nothing in another", async () => {
    const [a, b] = [await createTenant('a'), await createTenant('b')];
    expect((await inTenant(b, 'GET', '/api/v1/namespaces', { token: a.token })).status).toBe(401);
    expect((await api('GET', '/api/v1/namespaces', { headers: { authorization: `Bearer ${a.token}` } })).status).toBe(401);
    for (const tenant of [a, b]) await inTenant(tenant, 'POST', '/api/v1/namespaces/default/serviceaccounts', { body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'reader' } } });
    const binding = {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'readers-view' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
      subjects: [{ kind: 'ServiceAccount', name: 'reader', namespace: 'default' }],
    };
    expect((await inTenant(a, 'POST', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings', { body: binding })).status).toBe(201);
    const tokenIn = async (tenant: Tenant) => (await inTenant(tenant, 'POST', '/api/v1/namespaces/default/serviceaccounts/reader/token', { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} } })).json.status.token as string;
    const [readerA, readerB] = [await tokenIn(a), await tokenIn(b)];
    await eventually(async () => (await inTenant(a, 'GET', '/api/v1/namespaces/default/configmaps', { token: readerA })).status === 200);
    expect((await inTenant(b, 'GET', '/api/v1/namespaces/default/configmaps', { token: readerA })).status).toBe(401);
    const refused = await inTenant(b, 'GET', '/api/v1/namespaces/default/configmaps', { token: readerB });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('configmaps is forbidden: User "system:serviceaccount:default:reader" cannot list resource "configmaps" in API group "" in the namespace "default"');
  });
});

describe('who may act in a tenant', () => {
  it("lets the default plane's admins in as system:masters, its other users only with admin on controlplanes/content", async () => {
    const tenant = await createTenant();
    const whoami = await inTenant(tenant, 'POST', selfReview, { token: null, body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } });
    expect(whoami.status).toBe(401);
    const asAdmin = await api('POST', `/clusters/${tenant.name}${selfReview}`, { body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } });
    expect(asAdmin.json.status.userInfo.groups).toContain('system:masters');
    const refused = await api('GET', `/clusters/${tenant.name}/api/v1/namespaces`, { as: 'bob' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(`controlplanes.${group} "${tenant.name}" is forbidden: User "bob" cannot admin resource "controlplanes/content" in API group "${group}" at the cluster scope`);
    const grant = (kind: string, name: string, body: Record<string, unknown>) => api('POST', `/apis/rbac.authorization.k8s.io/v1/${kind}`, { body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: kind === 'clusterroles' ? 'ClusterRole' : 'ClusterRoleBinding', metadata: { name }, ...body } });
    await grant('clusterroles', `enter-${tenant.name}`, { rules: [{ apiGroups: [group], resources: ['controlplanes/content'], verbs: ['admin'], resourceNames: [tenant.name] }] });
    await grant('clusterrolebindings', `enter-${tenant.name}`, { roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: `enter-${tenant.name}` }, subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'bob' }] });
    await eventually(async () => (await api('GET', `/clusters/${tenant.name}/api/v1/namespaces`, { as: 'bob' })).status === 200);
  });

  it('tells only the default plane\'s admins that a tenant does not exist', async () => {
    expect((await api('GET', '/clusters/nowhere/api/v1/namespaces')).json).toMatchObject({ code: 404, reason: 'NotFound', message: `controlplanes.${group} "nowhere" not found` });
    expect((await api('GET', '/clusters/nowhere/api/v1/namespaces', { as: null })).status).toBe(401);
    expect((await api('GET', '/clusters/nowhere/api/v1/namespaces', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
    expect((await api('GET', '/clusters/Not_A_Name/api/v1/namespaces')).text).toBe('404 page not found\n');
  });
});

describe('addressing', () => {
  it('serves the default plane at /clusters/default/ too, and a tenant at NAME.<TENANT_DOMAIN>', async () => {
    expect(names((await api('GET', '/clusters/default/api/v1/namespaces')).json)).toContain('tenancy-system');
    const tenant = await createTenant();
    await inTenant(tenant, 'POST', '/api/v1/namespaces/default/configmaps', { body: configMap('by-path') });
    const byHost = await (exports as any).default.fetch(new Request(`http://${tenant.name}.tenants.edge.test/api/v1/namespaces/default/configmaps/by-path`, { headers: { authorization: `Bearer ${tenant.token}` } }));
    expect(byHost.status).toBe(200);
    expect((await byHost.json()).metadata.name).toBe('by-path');
  });

  it('keeps the prefix in redirects', async () => {
    const tenant = await createTenant();
    const redirect = await inTenant(tenant, 'GET', '/openapi/v3/apis/apps/v1?hash=STALE');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toMatch(new RegExp(`^/clusters/${tenant.name}/openapi/v3/apis/apps/v1\\?hash=`));
  });
});

describe('erasure', () => {
  it('erases every Durable Object of a deleted tenant; the same name starts empty, its resourceVersions after the old ones', async () => {
    const tenant = await createTenant('gone');
    await inTenant(tenant, 'POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'work' } } });
    await inTenant(tenant, 'POST', '/api/v1/namespaces/work/configmaps', { body: configMap('data') });
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'things.erase.example' },
      spec: { group: 'erase.example', scope: 'Namespaced', names: { plural: 'things', kind: 'Thing' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }] },
    };
    await inTenant(tenant, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd });
    await eventually(async () => (await inTenant(tenant, 'POST', '/apis/erase.example/v1/namespaces/work/things', { body: { apiVersion: 'erase.example/v1', kind: 'Thing', metadata: { name: 'x' } } })).status === 201);
    const lastVersion = Number((await inTenant(tenant, 'GET', '/api/v1/namespaces')).json.metadata.resourceVersion);
    const address = tenantClusterName(tenant.name, tenant.uid);
    const shards = [...builtinCatalog.groupVersions().flatMap(({ resources }) => resources.filter((type) => !type.virtual)), { group: 'erase.example', resource: 'things' }]
      .flatMap(({ group: g, resource }) => new ShardMap({ cluster: address, group: g, resource }, singleShard).shards());
    const sizes = () => Promise.all(shards.map((shard) => storageShardStub(env, shard).storedBytes()));
    // SQLite's size of an empty database (its header page), as a Durable Object nothing ever reached reports.
    const [untouched] = new ShardMap({ cluster: `${tenant.name}:0`, group: 'never', resource: 'reached' }, singleShard).shards();
    const empty = await storageShardStub(env, untouched!).storedBytes();
    expect((await sizes()).filter((bytes) => bytes > empty).length).toBeGreaterThan(3);

    expect((await api('DELETE', `${controlPlanes}/${tenant.name}`)).status).toBe(200);
    await eventually(async () => (await api('GET', `${controlPlanes}/${tenant.name}`)).status === 404, 30_000);
    expect((await inTenant(tenant, 'GET', '/api/v1/namespaces')).status).toBe(401);
    expect((await api('GET', `/api/v1/namespaces/tenancy-system/secrets/${tenant.name}-kubeconfig`)).status).toBe(404);
    expect(new Set(await sizes())).toEqual(new Set([empty]));
    const partitions = Array.from({ length: 4 }, (_, partition) => partitionStub(env, { cluster: address, partition }).storedBytes());
    expect(new Set(await Promise.all(partitions))).toEqual(new Set([empty]));

    const created = await api('POST', controlPlanes, { body: { apiVersion: `${group}/v1alpha1`, kind: 'ControlPlane', metadata: { name: tenant.name } } });
    expect(created.status).toBe(201);
    await eventually(async () => ready((await api('GET', `${controlPlanes}/${tenant.name}`)).json));
    const again: Tenant = { ...tenant, uid: created.json.metadata.uid, token: atob((await api('GET', `/api/v1/namespaces/tenancy-system/secrets/${tenant.name}-kubeconfig`)).json.data.token) };
    expect(again.token).not.toBe(tenant.token);
    const namespaces = (await inTenant(again, 'GET', '/api/v1/namespaces')).json;
    expect(names(namespaces)).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    expect(Number(namespaces.metadata.resourceVersion)).toBeGreaterThan(lastVersion);
    expect((await inTenant(again, 'GET', '/api/v1/namespaces/work/configmaps')).json.items).toEqual([]);
    expect((await inTenant(again, 'GET', '/apis/erase.example/v1')).status).toBe(404);
  });

  it('keeps nothing running for an idle tenant: no alarm on its shards or partitions once their work is done', async () => {
    const tenant = await createTenant();
    await inTenant(tenant, 'POST', '/api/v1/namespaces/default/configmaps', { body: configMap('owner') });
    const owner = (await inTenant(tenant, 'GET', '/api/v1/namespaces/default/configmaps/owner')).json;
    const ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner.metadata.uid }];
    await inTenant(tenant, 'POST', '/api/v1/namespaces/default/configmaps', { body: configMap('dependent', { metadata: { name: 'dependent', ownerReferences } }) });
    await inTenant(tenant, 'DELETE', '/api/v1/namespaces/default/configmaps/owner');
    await eventually(async () => (await inTenant(tenant, 'GET', '/api/v1/namespaces/default/configmaps/dependent')).status === 404);
    const address = tenantClusterName(tenant.name, tenant.uid);
    const partitions = Array.from({ length: 4 }, (_, partition) => partitionStub(env, { cluster: address, partition }));
    await eventually(async () => (await Promise.all(partitions.map((partition) => partition.pendingTasks()))).every((count) => count === 0));
    const [configMaps] = new ShardMap({ cluster: address, group: '', resource: 'configmaps' }, singleShard).shards();
    const alarms = () => Promise.all([storageShardStub(env, configMaps!), ...partitions].map((stub) => runInDurableObject(stub as DurableObjectStub, (_, state) => state.storage.getAlarm())));
    await eventually(async () => (await alarms()).every((alarm) => alarm === null));
  });

  it('stores nothing for the types a tenant only reads', async () => {
    const tenant = await createTenant();
    expect((await inTenant(tenant, 'GET', '/apis/apps/v1/deployments')).json.items).toEqual([]);
    expect((await inTenant(tenant, 'GET', '/apis/apps/v1/namespaces/default/deployments/none')).status).toBe(404);
    const [read] = new ShardMap({ cluster: tenantClusterName(tenant.name, tenant.uid), group: 'apps', resource: 'deployments' }, singleShard).shards();
    const [untouched] = new ShardMap({ cluster: tenantClusterName(tenant.name, tenant.uid), group: 'apps', resource: 'daemonsets' }, singleShard).shards();
    // SQLite's size of an empty database (its header page), as for a shard nothing ever reached.
    expect(await storageShardStub(env, read!).storedBytes()).toBe(await storageShardStub(env, untouched!).storedBytes());
  });
});
