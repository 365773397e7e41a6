/**
 * What an update through /status does to ObjectMeta (src/registry/strategies/status-metadata.ts).
 * Asked of kube-apiserver v1.32.13 (../shared/kube) with a merge patch of /status setting labels
 * a=2 and b=2 (a was 1), an annotation x=y and a finalizer: an Ingress takes all three (the
 * upstream conformance spec "Ingress API should support creating Ingress API operations" patches
 * an annotation through /status); a Namespace takes the labels and annotation; a Deployment the
 * annotation and finalizer but keeps its labels; a Pod takes labels but keeps its owner references;
 * a VolumeAttachment and a FlowSchema keep their metadata; an APIService keeps its labels and
 * annotations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const merge = { 'content-type': 'application/merge-patch+json' };
const change = { metadata: { labels: { a: '2', b: '2' }, annotations: { x: 'y' }, finalizers: ['example.com/f'] }, status: {} };

beforeAll(async () => {
  ns = await freshNamespace('status-meta');
});

async function created(path: string, body: Record<string, unknown>): Promise<string> {
  const response = await api('POST', path, { body });
  expect(response.status, response.text).toBe(201);
  return `${path}/${response.json.metadata.name}`;
}

async function patchStatus(path: string, patch: unknown = change) {
  const response = await api('PATCH', `${path}/status`, { body: patch, headers: merge });
  expect(response.status, response.text).toBe(200);
  // Leave nothing held by the finalizer for the namespace's deletion.
  if (response.json.metadata.finalizers?.length) await api('PATCH', path, { body: { metadata: { finalizers: null } }, headers: merge });
  return response.json.metadata;
}

describe('metadata through /status', () => {
  it('an Ingress takes the request\'s labels, annotations and finalizers', async () => {
    const path = await created(`/apis/networking.k8s.io/v1/namespaces/${ns}/ingresses`, {
      apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'ing', labels: { a: '1' } }, spec: { defaultBackend: { service: { name: 's', port: { number: 80 } } } },
    });
    expect(await patchStatus(path)).toMatchObject({ labels: { a: '2', b: '2' }, annotations: { x: 'y' }, finalizers: ['example.com/f'] });
  });

  it('a Namespace takes the request\'s labels and annotations', async () => {
    const namespace = await freshNamespace('status-ns');
    const metadata = await patchStatus(`/api/v1/namespaces/${namespace}`, { metadata: { labels: { b: '2' }, annotations: { x: 'y' } }, status: {} });
    expect(metadata).toMatchObject({ labels: { b: '2', 'kubernetes.io/metadata.name': namespace }, annotations: { x: 'y' } });
  });

  it('a Deployment keeps its labels and takes the rest', async () => {
    const path = await created(`/apis/apps/v1/namespaces/${ns}/deployments`, {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', labels: { a: '1' } },
      spec: { replicas: 0, selector: { matchLabels: { app: 'd' } }, template: { metadata: { labels: { app: 'd' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
    });
    expect(await patchStatus(path)).toMatchObject({ labels: { a: '1' }, annotations: { x: 'y' }, finalizers: ['example.com/f'] });
  });

  it('a Pod takes labels but keeps its owner references', async () => {
    const path = await created(`/api/v1/namespaces/${ns}/pods`, { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x' }] } });
    const owner = { apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: '6f3d7f3c-9d55-4a5c-8d2e-5d3c3a2f0b11' };
    const metadata = await patchStatus(path, { metadata: { labels: { b: '2' }, ownerReferences: [owner] }, status: {} });
    expect(metadata.labels).toEqual({ b: '2' });
    expect(metadata.ownerReferences).toBeUndefined();
  });

  it('a VolumeAttachment and a FlowSchema keep their metadata', async () => {
    const attachment = await created('/apis/storage.k8s.io/v1/volumeattachments', {
      apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: `va-${ns}`, labels: { a: '1' } }, spec: { attacher: 'x.example.com', nodeName: 'node1', source: { persistentVolumeName: 'pv' } },
    });
    expect(await patchStatus(attachment, { metadata: { labels: { a: '2' }, annotations: { x: 'y' } }, status: { attached: false } })).toMatchObject({ labels: { a: '1' } });
    const flowSchema = await patchStatus('/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas/global-default', { metadata: { labels: { a: '2' } }, status: {} });
    expect(flowSchema.labels).toBeUndefined();
    await api('DELETE', attachment);
  });
});
