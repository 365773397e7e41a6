/**
 * The ServiceAccount admission plugin (src/admission/service-account), as kube-apiserver v1.32.13
 * does it (issue 34, item 6). Asked of the reference (../shared/kube, no controllers), 2026-12:
 *   - a pod in a namespace without a `default` ServiceAccount: 403 after about 1.7 s of retries,
 *     `pods "g-" is forbidden: error looking up service account sa1/default: serviceaccount
 *     "default" not found` (details {name: "g-", kind: "pods"}: the generateName, no name yet);
 *     naming a missing account: at once, `... sa1/nope: serviceaccount "nope" not found`;
 *   - with the account: `serviceAccountName: default`, `serviceAccount: default`, a volume
 *     `kube-api-access-<5>` projected {serviceAccountToken {expirationSeconds 3607, path token},
 *     configMap kube-root-ca.crt [ca.crt], downwardAPI [namespace <- v1 metadata.namespace]},
 *     defaultMode 420, mounted readOnly at /var/run/secrets/kubernetes.io/serviceaccount in every
 *     init and regular container but one that mounts something there already, the mount right
 *     after `resources` (Go's field order); the account's imagePullSecrets copied into a pod with
 *     none. The reference build also projects `openshift-service-ca.crt` (an OpenShift carry
 *     patch); stock kube v1.32.13 does not, nor does this server.
 *   - no volume when automount is off on the account (unless the pod turns it on) or on the pod;
 *     an existing `kube-api-access-*` volume is mounted instead of a new one;
 *   - `kubernetes.io/enforce-mountable-secrets: "true"`: `pods "e" is forbidden: container c with
 *     envVar E referencing secret.secretName="bad" is not allowed because service account strict
 *     does not reference that secret`, `pods "f" is forbidden: volume with secret.secretName="nope"
 *     is not allowed because service account strict does not reference that secret`;
 *   - a mirror pod is left alone (no account, no volume); naming secrets: `pods "g" is forbidden:
 *     a mirror pod may not reference secrets`; naming an account: `... a mirror pod may not
 *     reference service accounts`;
 *   - `serviceAccount: noauto` alone names the account (serviceAccountName noauto), and a
 *     Deployment's template reads `serviceAccount` mirroring `serviceAccountName`.
 * Without kube-controller-manager the reference refuses every pod of a new namespace; this server
 * makes the missing `default` account as kube-controller-manager's serviceaccounts controller
 * would (so pods are admitted as on kube with it running): see docs/kube-behaviours.md.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

const mountPath = '/var/run/secrets/kubernetes.io/serviceaccount';
const tokenSource = {
  sources: [
    { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
    { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
    { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
  ],
  defaultMode: 420,
};

let ns = '';
const pods = () => `/api/v1/namespaces/${ns}/pods`;
const container = (name: string, extra: Record<string, unknown> = {}) => ({ name, image: 'busybox', ...extra });
const pod = (name: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, ...metadata }, spec: { containers: [container('c')], ...spec } });

async function account(name: string, extra: Record<string, unknown> = {}) {
  const { metadata, ...rest } = extra as { metadata?: Record<string, unknown> };
  const created = await api('POST', `/api/v1/namespaces/${ns}/serviceaccounts`, { body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, ...metadata }, ...rest } });
  expect(created.status, created.text).toBe(201);
}

async function created(body: unknown) {
  const response = await api('POST', pods(), { body });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

async function refused(body: unknown, message: string, name: string) {
  const response = await api('POST', pods(), { body });
  expect(response.status, response.text).toBe(403);
  expect(response.json).toMatchObject({ reason: 'Forbidden', code: 403, message, details: { name, kind: 'pods' } });
}

beforeEach(async () => {
  ns = await freshNamespace('sa-admit');
});

describe('ServiceAccount admission', () => {
  it('names `default`, mounts its token in init and regular containers, and copies its pull secrets', async () => {
    await account('default', { imagePullSecrets: [{ name: 'pull1' }] });
    const spec = (await created(pod('p1', {
      initContainers: [container('i')],
      containers: [container('c'), container('d', { volumeMounts: [{ name: 'x', mountPath }] })],
      volumes: [{ name: 'x', emptyDir: {} }],
    }))).spec;
    expect(spec.serviceAccountName).toBe('default');
    expect(spec.serviceAccount).toBe('default');
    expect(spec.imagePullSecrets).toEqual([{ name: 'pull1' }]);
    expect(spec.volumes).toHaveLength(2);
    const volume = spec.volumes[1];
    expect(volume.name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(volume.projected).toEqual(tokenSource);
    const mount = { name: volume.name, readOnly: true, mountPath };
    expect(spec.initContainers[0].volumeMounts).toEqual([mount]);
    expect(spec.containers[0].volumeMounts).toEqual([mount]);
    expect(spec.containers[1].volumeMounts).toEqual([{ name: 'x', mountPath }]);
    expect(Object.keys(spec.containers[0])).toEqual(['name', 'image', 'resources', 'volumeMounts', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy']);
    // The fields the plugin adds belong to no manager, as on kube.
    expect(JSON.stringify((await api('GET', `${pods()}/p1`)).json.metadata.managedFields)).not.toContain('kube-api-access');
  });

  it('refuses a pod naming a missing account with kube\'s 403, the generateName as its name', async () => {
    await refused(pod('', { serviceAccountName: 'nope' }, { name: undefined, generateName: 'g-' }),
      `pods "g-" is forbidden: error looking up service account ${ns}/nope: serviceaccount "nope" not found`, 'g-');
  });

  it('makes the missing `default` account, as kube-controller-manager would, so a new namespace admits pods', async () => {
    expect((await api('GET', `/api/v1/namespaces/${ns}/serviceaccounts/default`)).status).toBe(404);
    expect((await api('POST', `${pods()}?dryRun=All`, { body: pod('dry', {}) })).status).toBe(201);
    expect((await api('GET', `/api/v1/namespaces/${ns}/serviceaccounts/default`)).status).toBe(404);
    const spec = (await created(pod('p', {}))).spec;
    expect(spec.serviceAccountName).toBe('default');
    expect(spec.volumes[0].projected).toEqual(tokenSource);
    const made = await api('GET', `/api/v1/namespaces/${ns}/serviceaccounts/default`);
    expect(made.status).toBe(200);
    expect(made.json.metadata.name).toBe('default');
  });

  it('mounts nothing when automount is off on the account or the pod; the pod decides first', async () => {
    await account('default', { imagePullSecrets: [{ name: 'pull1' }] });
    await account('noauto', { automountServiceAccountToken: false });
    const a = (await created(pod('a', { serviceAccountName: 'noauto' }))).spec;
    expect([a.volumes, a.serviceAccount, a.imagePullSecrets]).toEqual([undefined, 'noauto', undefined]);
    const b = (await created(pod('b', { serviceAccountName: 'noauto', automountServiceAccountToken: true }))).spec;
    expect(b.volumes.map((volume: any) => volume.projected)).toEqual([tokenSource]);
    const c = (await created(pod('c', { automountServiceAccountToken: false }))).spec;
    expect([c.volumes, c.imagePullSecrets]).toEqual([undefined, [{ name: 'pull1' }]]);
    const d = (await created(pod('d', { imagePullSecrets: [{ name: 'mine' }], volumes: [{ name: 'kube-api-access-mine', emptyDir: {} }] }))).spec;
    expect(d.volumes).toEqual([{ name: 'kube-api-access-mine', emptyDir: {} }]);
    expect(d.containers[0].volumeMounts).toEqual([{ name: 'kube-api-access-mine', readOnly: true, mountPath }]);
    expect(d.imagePullSecrets).toEqual([{ name: 'mine' }]);
  });

  it('limits the secrets of an account that enforces mountable secrets', async () => {
    await account('strict', { metadata: { annotations: { 'kubernetes.io/enforce-mountable-secrets': 'true' } }, secrets: [{ name: 'ok' }] });
    await refused(pod('e', { serviceAccountName: 'strict', containers: [container('c', { env: [{ name: 'E', valueFrom: { secretKeyRef: { name: 'bad', key: 'k' } } }] })] }),
      'pods "e" is forbidden: container c with envVar E referencing secret.secretName="bad" is not allowed because service account strict does not reference that secret', 'e');
    await refused(pod('f', { serviceAccountName: 'strict', volumes: [{ name: 's', secret: { secretName: 'nope' } }] }),
      'pods "f" is forbidden: volume with secret.secretName="nope" is not allowed because service account strict does not reference that secret', 'f');
    await created(pod('ok', { serviceAccountName: 'strict', volumes: [{ name: 's', secret: { secretName: 'ok' } }] }));
  });

  it('leaves mirror pods alone and refuses those naming secrets or accounts', async () => {
    const mirror = { annotations: { 'kubernetes.io/config.mirror': 'x' } };
    const h = (await created(pod('h', { nodeName: 'n1' }, mirror))).spec;
    expect([h.serviceAccountName, h.serviceAccount, h.volumes]).toEqual([undefined, undefined, undefined]);
    await refused(pod('g', { nodeName: 'n1', imagePullSecrets: [{ name: 'p' }] }, mirror), 'pods "g" is forbidden: a mirror pod may not reference secrets', 'g');
    await refused(pod('m', { nodeName: 'n1', serviceAccountName: 'a' }, mirror), 'pods "m" is forbidden: a mirror pod may not reference service accounts', 'm');
  });

  it('reads the deprecated serviceAccount as serviceAccountName, in pods and templates', async () => {
    await account('noauto', { automountServiceAccountToken: false });
    const spec = (await created(pod('i', { serviceAccount: 'noauto' }))).spec;
    expect([spec.serviceAccountName, spec.serviceAccount]).toEqual(['noauto', 'noauto']);
    const deployment = await api('POST', `/apis/apps/v1/namespaces/${ns}/deployments`, {
      body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'j' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { serviceAccountName: 'x', containers: [container('c')] } } } },
    });
    expect(deployment.status, deployment.text).toBe(201);
    const template = deployment.json.spec.template.spec;
    expect([template.serviceAccount, template.serviceAccountName]).toEqual(['x', 'x']);
  });
});

/**
 * The other Pod difference of issue 34, item 6: a PodCondition's times are metav1.Time values, so
 * kube writes a missing one as null. Asked of the reference: a strategic merge patch of /status
 * with kube-scheduler's `{"type":"PodScheduled","status":"False","lastProbeTime":null,
 * "lastTransitionTime":"2026-12-06T02:00:00Z","reason":"Unschedulable",...}` reads back with
 * `lastProbeTime: null`; a merge patch of `{"type":"Ready","status":"False"}` reads back as
 * `{type: Ready, status: False, lastProbeTime: null, lastTransitionTime: null}`.
 */
describe('Pod conditions', () => {
  it('read a missing lastProbeTime or lastTransitionTime as null, as Go writes them', async () => {
    await created(pod('cond', { automountServiceAccountToken: false }));
    const scheduled = await api('PATCH', `${pods()}/cond/status`, {
      headers: { 'content-type': 'application/strategic-merge-patch+json' },
      body: { status: { conditions: [{ type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: '2026-12-06T02:00:00Z', reason: 'Unschedulable', message: 'no nodes' }] } },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    expect(scheduled.json.status.conditions).toEqual([
      { type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: '2026-12-06T02:00:00Z', reason: 'Unschedulable', message: 'no nodes' },
    ]);
    const ready = await api('PATCH', `${pods()}/cond/status`, { headers: { 'content-type': 'application/merge-patch+json' }, body: { status: { conditions: [{ type: 'Ready', status: 'False' }] } } });
    expect(ready.json.status.conditions).toEqual([{ type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: null }]);
    expect((await api('GET', `${pods()}/cond`)).json.status.conditions).toEqual(ready.json.status.conditions);
  });
});
