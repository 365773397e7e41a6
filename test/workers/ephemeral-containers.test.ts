/**
 * pods/ephemeralcontainers as kube-apiserver v1.32 serves it (kubectl debug's path): GET returns
 * the Pod, PUT and every patch type change spec.ephemeralContainers and nothing else, existing
 * ephemeral containers may be neither changed nor removed, and the write leaves managedFields as
 * they were. Expected bodies were recorded from the reference kube-apiserver v1.32.13.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const pods = () => `/api/v1/namespaces/${ns}/pods`;
const ephemeral = (name = 'p1') => `${pods()}/${name}/ephemeralcontainers`;
const smp = { 'content-type': 'application/strategic-merge-patch+json' };
const debugPatch = { spec: { ephemeralContainers: [{ image: 'busybox', name: 'dbg', resources: {}, terminationMessagePolicy: 'File' }] } };

const invalid = (name: string, causes: [string, string, string][]) => ({
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
  message: `Pod "${name}" is invalid: ${causes.length === 1 ? `${causes[0]![2]}: ${causes[0]![1]}` : `[${causes.map(([, message, field]) => `${field}: ${message}`).join(', ')}]`}`,
  reason: 'Invalid', details: { name, kind: 'Pod', causes: causes.map(([reason, message, field]) => ({ reason, message, field })) }, code: 422,
});

beforeEach(async () => {
  ns = await freshNamespace('debug');
  const created = await api('POST', `${pods()}?fieldManager=kubectl-run`, {
    body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1', labels: { run: 'p1' } }, spec: { containers: [{ name: 'p1', image: 'busybox', args: ['sleep', '3600'] }] } },
  });
  expect(created.status).toBe(201);
});

describe('pods/ephemeralcontainers', () => {
  it('GET answers the pod', async () => {
    const read = await api('GET', ephemeral());
    expect(read.status).toBe(200);
    expect(read.json.kind).toBe('Pod');
    expect(read.json.metadata.name).toBe('p1');
  });

  it('kubectl debug\'s patch adds a defaulted ephemeral container and no managedFields entry', async () => {
    const before = (await api('GET', `${pods()}/p1`)).json;
    const patched = await api('PATCH', ephemeral(), { body: debugPatch, headers: smp });
    expect(patched.status).toBe(200);
    expect(patched.json.spec.ephemeralContainers).toEqual([
      { name: 'dbg', image: 'busybox', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'Always' },
    ]);
    expect(patched.json.metadata.managedFields).toEqual(before.metadata.managedFields);
    expect(patched.json.metadata.resourceVersion).not.toBe(before.metadata.resourceVersion);
    expect(patched.json.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });

  it('a PUT changes the ephemeral containers only', async () => {
    const pod = (await api('GET', ephemeral())).json;
    pod.spec.containers[0].image = 'other';
    pod.metadata.labels.x = 'y';
    pod.spec.ephemeralContainers = [{ name: 'dbg2', image: 'busybox', terminationMessagePolicy: 'File' }];
    const updated = await api('PUT', ephemeral(), { body: pod });
    expect(updated.status).toBe(200);
    expect(updated.json.spec.containers[0].image).toBe('busybox');
    expect(updated.json.metadata.labels).toEqual({ run: 'p1' });
    expect(updated.json.spec.ephemeralContainers.map((container: any) => container.name)).toEqual(['dbg2']);
    const stale = await api('PUT', ephemeral(), { body: pod });
    expect(stale.json).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Conflict', code: 409, details: { name: 'p1', kind: 'pods' },
      message: 'Operation cannot be fulfilled on pods "p1": the object has been modified; please apply your changes to the latest version and try again',
    });
  });

  it('refuses a change to an existing ephemeral container with kube\'s diff', async () => {
    await api('PATCH', ephemeral(), { body: debugPatch, headers: smp });
    const changed = await api('PATCH', ephemeral(), { body: { spec: { ephemeralContainers: [{ name: 'dbg', image: 'busybox:2' }] } }, headers: smp });
    const diff = [
      '  core.EphemeralContainer{', '  \tEphemeralContainerCommon: core.EphemeralContainerCommon{', '  \t\tName:    "dbg",',
      '- \t\tImage:   "busybox",', '+ \t\tImage:   "busybox:2",', '  \t\tCommand: nil,', '  \t\tArgs:    nil,', '  \t\t... // 20 identical fields',
      '  \t},', '  \tTargetContainerName: "",', '  }', '',
    ].join('\n');
    expect(changed.json).toEqual(invalid('p1', [['FieldValueForbidden', `Forbidden: existing ephemeral containers "dbg" may not be changed\n${diff}`, 'spec.ephemeralContainers']]));
    const removed = await api('PATCH', ephemeral(), { body: [{ op: 'remove', path: '/spec/ephemeralContainers/0' }], headers: { 'content-type': 'application/json-patch+json' } });
    expect(removed.json).toEqual(invalid('p1', [['FieldValueForbidden', 'Forbidden: existing ephemeral containers "dbg" may not be removed\n', 'spec.ephemeralContainers']]));
  });

  it.each([
    {
      name: 'ports, resources and probes', container: { name: 'dbg3', image: 'busybox', ports: [{ containerPort: 80 }], resources: { limits: { cpu: '1' } }, readinessProbe: { exec: { command: ['x'] } } },
      causes: ['ports', 'resources', 'readinessProbe'].map((field): [string, string, string] => ['FieldValueForbidden', 'Forbidden: cannot be set for an Ephemeral Container', `spec.ephemeralContainers[0].${field}`]),
    },
    {
      name: 'a taken name and a missing target', container: { name: 'p1', image: 'busybox', targetContainerName: 'nope' },
      causes: [['FieldValueDuplicate', 'Duplicate value: "p1"', 'spec.ephemeralContainers[0].name'], ['FieldValueNotFound', 'Not found: "nope"', 'spec.ephemeralContainers[0].targetContainerName']] as [string, string, string][],
    },
  ])('validates the new container: $name', async ({ container, causes }) => {
    const response = await api('PATCH', ephemeral(), { body: { spec: { ephemeralContainers: [container] } }, headers: smp });
    expect(response.json).toEqual(invalid('p1', causes));
  });

  it('refuses static pods', async () => {
    await api('POST', pods(), { body: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'mirror', annotations: { 'kubernetes.io/config.mirror': 'x' } }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'busybox' }] } } });
    const response = await api('PATCH', ephemeral('mirror'), { body: debugPatch, headers: smp });
    expect(response.json).toEqual(invalid('mirror', [['FieldValueForbidden', 'Forbidden: static pods do not support ephemeral containers', '[]']]));
  });

  it.each([
    ['POST', () => ephemeral(), 405, 'the server does not allow this method on the requested resource'],
    ['DELETE', () => ephemeral(), 405, 'the server does not allow this method on the requested resource'],
    ['GET', () => ephemeral('nope'), 404, 'pods "nope" not found'],
    ['PATCH', () => ephemeral('nope'), 404, 'pods "nope" not found'],
  ] as const)('%s of the subresource answers %i', async (method, path, status, message) => {
    const headers: Record<string, string> = method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {};
    const response = await api(method, path(), { body: method === 'GET' || method === 'DELETE' ? undefined : { spec: {} }, headers });
    expect(response.status).toBe(status);
    expect(response.json.message).toBe(message);
  });
});
