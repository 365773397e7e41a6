/**
 * The ServiceAccount admission plugin on pod create (src/admission/service-account.ts), as
 * kube-apiserver v1.32.13 answers: a pod naming no account runs as `default`; automounting (the
 * pod's choice, else the account's, else true) adds the projected kube-api-access-<5> volume,
 * mounted read-only at the token path in every container and init container with nothing
 * mounted there. The automount cases are those of the upstream conformance spec
 * "ServiceAccounts should allow opting out of API token automount", which failed here before.
 * (The reference binary adds a fourth source, openshift-service-ca.crt, an OpenShift carry.)
 */
import { describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

const tokenPath = '/var/run/secrets/kubernetes.io/serviceaccount';

async function account(namespace: string, name: string, extra: Record<string, unknown> = {}) {
  const created = await api('POST', `/api/v1/namespaces/${namespace}/serviceaccounts`, { body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name }, ...extra } });
  expect(created.status).toBe(201);
}

async function createPod(namespace: string, name: string, spec: Record<string, unknown>) {
  const created = await api('POST', `/api/v1/namespaces/${namespace}/pods`, { body: { apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec } });
  expect(created.status, created.text).toBe(201);
  return created.json;
}

const mountsToken = (pod: any) => pod.spec.containers.some((container: any) => (container.volumeMounts ?? []).some((mount: any) => mount.mountPath === tokenPath));

describe('ServiceAccount admission', () => {
  it("mounts the token volume as kube's plugin does", async () => {
    const namespace = await freshNamespace('sa-admission');
    await account(namespace, 'default', { imagePullSecrets: [{ name: 'registry' }] });
    const pod = await createPod(namespace, 'p', {
      initContainers: [{ name: 'i', image: 'busybox' }],
      containers: [
        { name: 'c', image: 'busybox' },
        { name: 'd', image: 'busybox', volumeMounts: [{ name: 'own', mountPath: tokenPath }] },
      ],
      volumes: [{ name: 'own', emptyDir: {} }],
    });
    const volume = pod.spec.volumes[1];
    expect(volume.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume.projected).toEqual({
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
    });
    const mount = { name: volume.name, readOnly: true, mountPath: tokenPath };
    expect(pod.spec.initContainers[0].volumeMounts).toEqual([mount]);
    expect(pod.spec.containers.map((container: any) => container.volumeMounts)).toEqual([[mount], [{ name: 'own', mountPath: tokenPath }]]);
    expect([pod.spec.serviceAccountName, pod.spec.serviceAccount, pod.spec.imagePullSecrets]).toEqual(['default', 'default', [{ name: 'registry' }]]);
  });

  it("lets the pod's automountServiceAccountToken win over the account's", async () => {
    const namespace = await freshNamespace('sa-automount');
    await account(namespace, 'default');
    await account(namespace, 'mount', { automountServiceAccountToken: true });
    await account(namespace, 'nomount', { automountServiceAccountToken: false });
    const cases: [string, boolean | undefined, boolean][] = [
      ['default', undefined, true], ['mount', undefined, true], ['nomount', undefined, false],
      ['default', true, true], ['mount', true, true], ['nomount', true, true],
      ['default', false, false], ['mount', false, false], ['nomount', false, false],
    ];
    const outcomes = [];
    for (const [index, [serviceAccountName, automount]] of cases.entries()) {
      const spec = { serviceAccountName, containers: [{ name: 'token-test', image: 'agnhost' }], restartPolicy: 'Never', ...(automount === undefined ? {} : { automountServiceAccountToken: automount }) };
      outcomes.push(mountsToken(await createPod(namespace, `pod-${index}`, spec)));
    }
    expect(outcomes).toEqual(cases.map(([, , expected]) => expected));
  });
});
