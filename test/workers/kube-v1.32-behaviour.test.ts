/**
 * What kube-apiserver v1.32.13 does beyond the registry that clients see, checked against what the
 * reference server answered: bootstrap objects (RBAC with controller roles, system PriorityClasses,
 * system namespaces) created by kube-apiserver with managedFields; the default mutating admission
 * plugins on create; defaults; PartialObjectMetadata from the internal object; Tables without rows;
 * the documents and routes v1.32 serves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const create = async (path: string, body: Record<string, unknown>) => {
  const response = await api('POST', path, { body });
  expect(response.status, response.text).toBe(201);
  return response.json;
};

beforeAll(async () => {
  ns = await freshNamespace('v132');
});

describe('bootstrap objects', () => {
  it('the system namespaces and their name label belong to kube-apiserver', async () => {
    const namespace = (await api('GET', '/api/v1/namespaces/kube-system')).json;
    expect(namespace.metadata.managedFields).toEqual([expect.objectContaining({
      manager: 'kube-apiserver', operation: 'Update', apiVersion: 'v1', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } },
    })]);
  });

  it('a namespace the client creates: its manager owns the name label kube adds at decoding', async () => {
    const created = await create('/api/v1/namespaces?fieldManager=golden', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: `${ns}-label` } });
    expect(created.metadata.managedFields[0]).toMatchObject({ manager: 'golden', fieldsV1: { 'f:metadata': { 'f:labels': { '.': {}, 'f:kubernetes.io/metadata.name': {} } } } });
  });

  it.each([
    ['system-node-critical', 2000001000, 'Used for system critical pods that must not be moved from their current node.'],
    ['system-cluster-critical', 2000000000, 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.'],
  ])('PriorityClass %s', async (name, value, description) => {
    const priorityClass = (await api('GET', `/apis/scheduling.k8s.io/v1/priorityclasses/${name}`)).json;
    expect(priorityClass).toMatchObject({ value, description, preemptionPolicy: 'PreemptLowerPriority', metadata: { name, generation: 1 } });
    expect(priorityClass.metadata.managedFields[0]).toMatchObject({ manager: 'kube-apiserver', fieldsV1: { 'f:description': {}, 'f:preemptionPolicy': {}, 'f:value': {} } });
  });

  it('the controller ClusterRoles and bindings of v1.32, owned by kube-apiserver', async () => {
    const role = (await api('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles/system:controller:ephemeral-volume-controller')).json;
    expect(role.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults' });
    expect(role.metadata.managedFields[0]).toMatchObject({ manager: 'kube-apiserver', operation: 'Update' });
    const binding = await api('GET', '/apis/rbac.authorization.k8s.io/v1/clusterrolebindings/system:controller:ephemeral-volume-controller');
    expect(binding.json.subjects).toEqual([{ kind: 'ServiceAccount', name: 'ephemeral-volume-controller', namespace: 'kube-system' }]);
    const bootstrap = (await api('GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles?labelSelector=kubernetes.io%2Fbootstrapping%3Drbac-defaults')).json;
    expect(bootstrap.items).toHaveLength(65);
  });
});

describe('default admission plugins on create', () => {
  it('TaintNodesByCondition: a new node is not ready', async () => {
    const node = await create('/api/v1/nodes', { apiVersion: 'v1', kind: 'Node', metadata: { name: `${ns}-node` } });
    expect(node.spec).toEqual({ taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] });
  });

  it('StorageObjectInUseProtection and the hostPath default on a PersistentVolume', async () => {
    const volume = await create('/api/v1/persistentvolumes', {
      apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: `${ns}-pv` },
      spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/x' } },
    });
    expect(volume.metadata.finalizers).toEqual(['kubernetes.io/pv-protection']);
    expect(volume.spec.hostPath).toEqual({ path: '/tmp/x', type: '' });
    expect(volume.metadata.managedFields[0].fieldsV1['f:spec']['f:hostPath']).toEqual({ '.': {}, 'f:path': {}, 'f:type': {} });
  });

  it('DefaultStorageClass (the newest default) and the claim protection finalizer', async () => {
    const storageClass = (name: string, isDefault: boolean) => create('/apis/storage.k8s.io/v1/storageclasses', {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', provisioner: 'x',
      metadata: { name, annotations: { 'storageclass.kubernetes.io/is-default-class': String(isDefault) } },
    });
    await storageClass(`${ns}-old`, true);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await storageClass(`${ns}-new`, true);
    await storageClass(`${ns}-other`, false);
    const claim = (name: string, spec: Record<string, unknown> = {}) => create(`/api/v1/namespaces/${ns}/persistentvolumeclaims`, {
      apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
    });
    const defaulted = await claim('defaulted');
    expect(defaulted.spec.storageClassName).toBe(`${ns}-new`);
    expect(defaulted.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    expect(defaulted.metadata.managedFields[0].fieldsV1['f:spec']).not.toHaveProperty('f:storageClassName');
    expect((await claim('explicit', { storageClassName: '' })).spec.storageClassName).toBe('');
  });

  it('DefaultIngressClass', async () => {
    await create('/apis/networking.k8s.io/v1/ingressclasses', {
      apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: `${ns}-ingress`, annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } }, spec: { controller: 'x/y' },
    });
    const backend = { service: { name: 's', port: { number: 80 } } };
    const ingress = await create(`/apis/networking.k8s.io/v1/namespaces/${ns}/ingresses`, { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'i' }, spec: { defaultBackend: backend } });
    expect(ingress.spec.ingressClassName).toBe(`${ns}-ingress`);
    const annotated = await create(`/apis/networking.k8s.io/v1/namespaces/${ns}/ingresses`, {
      apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'j', annotations: { 'kubernetes.io/ingress.class': 'legacy' } }, spec: { defaultBackend: backend },
    });
    expect(annotated.spec.ingressClassName).toBeUndefined();
  });
});

describe('metadata as kube takes it from the internal object', () => {
  it('a DaemonSet: its writer owns the template generation annotation, which PartialObjectMetadata leaves out', async () => {
    const daemonSet = await create(`/apis/apps/v1/namespaces/${ns}/daemonsets`, {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds', annotations: { x: 'y' } },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
    });
    expect(daemonSet.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1', x: 'y' });
    expect(daemonSet.metadata.managedFields[0].fieldsV1['f:metadata']).toEqual({ 'f:annotations': { '.': {}, 'f:deprecated.daemonset.template.generation': {}, 'f:x': {} } });
    const partial = await api('GET', `/apis/apps/v1/namespaces/${ns}/daemonsets/ds`, { headers: { accept: 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io' } });
    expect(partial.json.metadata.annotations).toEqual({ x: 'y' });
    const row = (await api('GET', `/apis/apps/v1/namespaces/${ns}/daemonsets/ds`, { headers: table })).json.rows[0];
    expect(row.object.metadata.annotations).toEqual({ x: 'y' });
  });
});

describe('Tables without rows', () => {
  it.each([
    ['the default table convertor writes null', '/apis/rbac.authorization.k8s.io/v1/namespaces/NS/roles', null],
    ['kube\'s printers write []', '/api/v1/namespaces/NS/configmaps?labelSelector=none%3Dnone', []],
  ])('%s', async (_name, path, rows) => {
    const response = await api('GET', path.replace('NS', ns), { headers: table });
    expect(response.json.rows).toEqual(rows);
  });
});

describe('what v1.32 serves', () => {
  it('networkpolicies have no status subresource', async () => {
    const discovery = (await api('GET', '/apis/networking.k8s.io/v1')).json;
    expect(discovery.resources.map((resource: { name: string }) => resource.name)).toEqual(['ingressclasses', 'ingresses', 'ingresses/status', 'networkpolicies']);
    expect((await api('GET', `/apis/networking.k8s.io/v1/namespaces/${ns}/networkpolicies/x/status`)).status).toBe(404);
  });

  it('the /openapi/v3 index has no documents v1.32 does not publish', async () => {
    const paths = Object.keys(JSON.parse((await api('GET', '/openapi/v3')).text).paths);
    for (const gone of ['logs', 'apis/internal.apiserver.k8s.io', 'apis/resource.k8s.io']) expect(paths).not.toContain(gone);
    expect(paths).toContain('apis/networking.k8s.io/v1');
  });
});
