/**
 * Control planes per tenant with the real kubectl 1.32 and @kubernetes/client-node: two tenants
 * created through kubectl on the default plane, each used through the kubeconfig its Secret
 * delivers (https://HOST/clusters/NAME): namespaces, a ConfigMap of the same name with different
 * data, a CRD in one only (discovery, api-resources, explain, apply), a watch in one that sees
 * nothing of the other, service account tokens and RBAC that stay in their tenant, and the
 * deletion of a tenant (its kubeconfig refused, a new tenant of the same name empty).
 */
import * as k8s from '@kubernetes/client-node';
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlBinary, kubectlFor, kubectlWithConfig } from './kubectl.js';
import { eventually } from './waiting.js';

const serverUrl = inject('serverUrl');
const suffix = Date.now().toString(36);
const [nameA, nameB] = [`alpha-${suffix}`, `beta-${suffix}`];
let admin: Kubectl;
let a: Kubectl;
let b: Kubectl;
const kubeconfigs: Record<string, string> = {};

const controlPlane = (name: string) => `apiVersion: tenancy.edge-apiserver.dev/v1alpha1\nkind: ControlPlane\nmetadata:\n  name: ${name}\n`;

/** Waits for the tenant to be Ready and returns a kubectl using the kubeconfig its Secret holds. */
async function tenantKubectl(name: string): Promise<Kubectl> {
  const waited = await admin('wait', '--for=condition=Ready', `controlplane/${name}`, '--timeout=60s');
  expect(waited.code, waited.stderr).toBe(0);
  const secret = await admin('get', 'secret', '-n', 'tenancy-system', `${name}-kubeconfig`, '-o', 'jsonpath={.data.value}');
  kubeconfigs[name] = Buffer.from(secret.stdout, 'base64').toString();
  return kubectlWithConfig(kubeconfigs[name]!);
}

/** Runs kubectl and expects success; its stdout. */
async function ok(kubectl: Kubectl, ...args: string[]): Promise<string> {
  const result = await kubectl(...args);
  expect(result.code, `kubectl ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

beforeAll(async () => {
  admin = kubectlFor(serverUrl);
  const applied = await admin.withInput(`${controlPlane(nameA)}---\n${controlPlane(nameB)}`, 'apply', '-f', '-');
  expect(applied.code, applied.stderr).toBe(0);
  [a, b] = [await tenantKubectl(nameA), await tenantKubectl(nameB)];
});

describe('tenants through kubectl', () => {
  it('lists the ControlPlanes with their state and delivers kubeconfigs that point at /clusters/NAME', async () => {
    const table = await ok(admin, 'get', 'controlplanes');
    expect(table.split('\n')[0]).toMatch(/^NAME\s+READY\s+PHASE\s+SERVER\s+AGE$/);
    expect(table).toMatch(new RegExp(`${nameA}\\s+True\\s+Ready\\s+${serverUrl}/clusters/${nameA}\\s`));
    expect(kubeconfigs[nameA]).toContain(`server: "${serverUrl}/clusters/${nameA}"`);
    expect((await ok(a, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.groups}'))).toContain('system:masters');
  });

  it('gives each tenant its own namespaces and objects', async () => {
    expect((await ok(a, 'get', 'namespaces', '-o', 'name')).trim().split('\n')).toEqual(['namespace/default', 'namespace/kube-node-lease', 'namespace/kube-public', 'namespace/kube-system']);
    await ok(a, 'create', 'namespace', 'team-a');
    expect(await ok(b, 'get', 'namespaces', '-o', 'name')).not.toContain('team-a');
    await ok(a, 'create', 'configmap', 'settings', '--from-literal=owner=a');
    await ok(b, 'create', 'configmap', 'settings', '--from-literal=owner=b');
    expect(await ok(a, 'get', 'configmap', 'settings', '-o', 'jsonpath={.data.owner}')).toBe('a');
    expect(await ok(b, 'get', 'configmap', 'settings', '-o', 'jsonpath={.data.owner}')).toBe('b');
    expect((await admin('get', 'configmap', 'settings')).stderr).toContain('configmaps "settings" not found');
  });

  it('serves a CRD in one tenant only: discovery, api-resources, explain, apply', async () => {
    const crd = [
      'apiVersion: apiextensions.k8s.io/v1', 'kind: CustomResourceDefinition', 'metadata: {name: gizmos.stable.example.com}', 'spec:',
      '  group: stable.example.com', '  scope: Namespaced', '  names: {plural: gizmos, singular: gizmo, kind: Gizmo}', '  versions:',
      '  - name: v1', '    served: true', '    storage: true', '    schema:', '      openAPIV3Schema:', '        type: object', '        properties:',
      '          spec: {type: object, properties: {size: {type: integer, description: How big the gizmo is.}}}', '',
    ].join('\n');
    expect((await a.withInput(crd, 'apply', '-f', '-')).code).toBe(0);
    await eventually(async () => (await a('api-resources', '--api-group=stable.example.com')).stdout.includes('gizmos'));
    expect((await b('api-resources', '--api-group=stable.example.com')).stdout).not.toContain('gizmos');
    // kube-openapi answers /openapi/v3 with 304 to an If-Modified-Since of the same second (edge
    // too, docs/identity.md): kubectl's cached index from a request in the second the CRD appeared
    // stays valid until the next second. kube is later still: it publishes a CRD's schema seconds after.
    await eventually(async () => (await a('explain', 'gizmos.spec.size')).stdout.includes('How big the gizmo is.'));
    expect((await b('explain', 'gizmos')).stderr).toContain('the server doesn\'t have a resource type "gizmos"');
    const gizmo = 'apiVersion: stable.example.com/v1\nkind: Gizmo\nmetadata: {name: g1}\nspec: {size: 3}\n';
    expect((await a.withInput(gizmo, 'apply', '--server-side', '-f', '-')).code).toBe(0);
    expect(await ok(a, 'get', 'gizmo', 'g1', '-o', 'jsonpath={.spec.size}')).toBe('3');
  });

  it('shows a watch in one tenant nothing of another', async () => {
    const child = spawn(kubectlBinary(), ['--kubeconfig', a.kubeconfig, '--cache-dir', a.cacheDir, 'get', 'configmaps', '--watch-only', '--output-watch-events', '--no-headers'], { detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await ok(b, 'create', 'configmap', 'only-in-b');
    await ok(a, 'create', 'configmap', 'only-in-a');
    await eventually(() => output.includes('only-in-a'), 15_000);
    process.kill(-child.pid!);
    expect(output.trim().split('\n').map((line) => line.split(/\s+/).slice(0, 2).join(' '))).toEqual(['ADDED only-in-a']);
  });

  it("refuses one tenant's service account token in the other and in the default plane", async () => {
    await ok(a, 'create', 'serviceaccount', 'robot');
    const token = (await ok(a, 'create', 'token', 'robot')).trim();
    expect(await ok(a, 'auth', 'whoami', '--token', token, '-o', 'jsonpath={.status.userInfo.username}')).toBe('system:serviceaccount:default:robot');
    for (const other of [b, admin]) {
      const refused = await other('get', 'namespaces', '--token', token);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('You must be logged in to the server (Unauthorized)');
    }
  });

  it('grants nothing in one tenant by RBAC written in another', async () => {
    for (const tenant of [a, b]) await ok(tenant, 'create', 'serviceaccount', 'reader');
    await ok(a, 'create', 'clusterrolebinding', 'readers', '--clusterrole=view', '--serviceaccount=default:reader');
    const [tokenA, tokenB] = [(await ok(a, 'create', 'token', 'reader')).trim(), (await ok(b, 'create', 'token', 'reader')).trim()];
    await eventually(async () => (await a('auth', 'can-i', 'list', 'configmaps', '--token', tokenA)).stdout.trim() === 'yes');
    expect((await b('auth', 'can-i', 'list', 'configmaps', '--token', tokenB)).stdout.trim()).toBe('no');
    expect((await b('get', 'configmaps', '--token', tokenB)).stderr).toContain('User "system:serviceaccount:default:reader" cannot list resource "configmaps"');
  });

  it('works with @kubernetes/client-node through the delivered kubeconfig: list and watch', async () => {
    const config = new k8s.KubeConfig();
    config.loadFromString(kubeconfigs[nameA]!);
    const core = config.makeApiClient(k8s.CoreV1Api);
    expect((await core.listNamespacedConfigMap({ namespace: 'default' })).items.map((item) => item.metadata?.name)).toEqual(expect.arrayContaining(['settings', 'only-in-a']));
    const seen: string[] = [];
    const request = await new k8s.Watch(config).watch('/api/v1/namespaces/default/configmaps', { allowWatchBookmarks: false }, (phase, object) => seen.push(`${phase} ${object.metadata.name}`), () => {});
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'from-client-node' } } });
    await eventually(() => seen.includes('ADDED from-client-node'), 15_000);
    request.abort();
    expect(seen.filter((event) => event.startsWith('ADDED'))).not.toContain('ADDED only-in-b');
  });

  it('erases a deleted tenant: its kubeconfig is refused, and a new tenant of the same name starts empty', async () => {
    await ok(admin, 'delete', 'controlplane', nameB, '--timeout=60s');
    expect((await b('get', 'namespaces')).stderr).toContain('You must be logged in to the server (Unauthorized)');
    expect((await admin.withInput(controlPlane(nameB), 'apply', '-f', '-')).code).toBe(0);
    const again = await tenantKubectl(nameB);
    expect((await again('get', 'configmaps')).stderr).toContain('No resources found in default namespace.');
    expect(await ok(again, 'get', 'namespaces', '-o', 'name')).not.toContain('team');
    expect((await again('get', 'serviceaccount', 'reader')).stderr).toContain('serviceaccounts "reader" not found');
    expect((await b('get', 'namespaces')).stderr).toContain('Unauthorized');
  });
});
