/**
 * @kubernetes/client-node against a real local server: typed CRUD, list paging with continue
 * tokens, merge patch, and errors surfacing as ApiException with kube's Status.
 */
import * as k8s from '@kubernetes/client-node';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { kubeConfig } from './kubeconfig.js';

const serverUrl = inject('serverUrl');
const namespace = `client-${Date.now().toString(36)}`;
let core: k8s.CoreV1Api;

function clientFor(server: string): k8s.CoreV1Api {
  return kubeConfig(server).makeApiClient(k8s.CoreV1Api);
}

async function apiError(promise: Promise<unknown>): Promise<{ code: number; body: any }> {
  try {
    await promise;
  } catch (error) {
    const failure = error as k8s.ApiException<string>;
    return { code: failure.code, body: typeof failure.body === 'string' ? JSON.parse(failure.body) : failure.body };
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  core = clientFor(serverUrl);
  await core.createNamespace({ body: { metadata: { name: namespace } } });
});

describe('@kubernetes/client-node', () => {
  it('creates, reads, patches and deletes a ConfigMap', async () => {
    const created = await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'c1', labels: { app: 'x' } }, data: { a: '1' } } });
    expect(created.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    const read = await core.readNamespacedConfigMap({ name: 'c1', namespace });
    expect(read.data).toEqual({ a: '1' });
    const patched = await core.patchNamespacedConfigMap(
      { name: 'c1', namespace, body: { data: { b: '2' } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
    );
    expect(patched.data).toEqual({ a: '1', b: '2' });
    expect(Number(patched.metadata?.resourceVersion)).toBeGreaterThan(Number(created.metadata?.resourceVersion));
    await core.deleteNamespacedConfigMap({ name: 'c1', namespace });
    expect((await apiError(core.readNamespacedConfigMap({ name: 'c1', namespace }))).code).toBe(404);
  });

  it('pages a list with limit and continue', async () => {
    for (let i = 0; i < 7; i++) await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: `p${i}`, labels: { page: 'yes' } } } });
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await core.listNamespacedConfigMap({ namespace, labelSelector: 'page=yes', limit: 3, _continue: token });
      names.push(...page.items.map((item) => item.metadata!.name!));
      token = page.metadata?._continue;
    } while (token);
    expect(names).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
  });

  it('surfaces kube Status errors', async () => {
    await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'dup' } } });
    const duplicate = await apiError(core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'dup' } } }));
    expect(duplicate).toMatchObject({ code: 409, body: { reason: 'AlreadyExists', message: 'configmaps "dup" already exists' } });
    const invalid = await apiError(core.createNamespacedConfigMap({ namespace, body: { metadata: { name: 'Bad_Name' } } }));
    expect(invalid).toMatchObject({ code: 422, body: { reason: 'Invalid', details: { causes: [{ field: 'metadata.name' }] } } });
  });
});
