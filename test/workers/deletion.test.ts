/**
 * DELETE as kube v1.32 answers it: Status or object (goldens 055, 058), finalizers keep an object
 * with a deletionTimestamp and no new ones may be added, removing the last finalizer deletes,
 * preconditions, graceful deletion of pods, DeleteOptions validation, dry run, deletecollection.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const pods = () => `/api/v1/namespaces/${ns}/pods`;
const jsonPatch = { 'content-type': 'application/json-patch+json' };
const merge = { 'content-type': 'application/merge-patch+json' };
const pod = (name: string, spec: Record<string, unknown> = {}) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });

beforeAll(async () => {
  ns = await freshNamespace('delete');
});

/** A ConfigMap held by a finalizer, deleted: it stays, marked as being deleted; answers the DELETE's object. */
async function beingDeleted(name: string): Promise<any> {
  await api('POST', cm(), { body: configMap(name, { metadata: { name, finalizers: ['acc.example.com/hold'] } }) });
  const deleted = await api('DELETE', `${cm()}/${name}`);
  expect(deleted.json.metadata.deletionTimestamp).toMatch(/^20\d\d-/);
  return deleted.json;
}

describe('delete of one object', () => {
  it('answers a Success Status naming the object (golden 055)', async () => {
    const created = (await api('POST', cm(), { body: configMap('c1') })).json;
    const deleted = await api('DELETE', `${cm()}/c1`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'c1', kind: 'configmaps', uid: created.metadata.uid } });
    expect((await api('GET', `${cm()}/c1`)).status).toBe(404);
  });

  it('keeps an object with finalizers, marked as being deleted, and answers it (golden 058)', async () => {
    const created = (await api('POST', cm(), { body: configMap('held', { metadata: { name: 'held', finalizers: ['golden.example.com/hold'] } }) })).json;
    const deleted = await api('DELETE', `${cm()}/held`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.kind).toBe('ConfigMap');
    expect(deleted.json.metadata).toMatchObject({ deletionGracePeriodSeconds: 0, finalizers: ['golden.example.com/hold'] });
    expect(deleted.json.metadata.deletionTimestamp).toMatch(/^20\d\d-/);
    expect(deleted.json.metadata.resourceVersion).not.toBe(created.metadata.resourceVersion);
    const again = await api('DELETE', `${cm()}/held`);
    expect([again.status, again.json.metadata.deletionTimestamp]).toEqual([200, deleted.json.metadata.deletionTimestamp]);
  });

  it('refuses new finalizers on an object being deleted', async () => {
    await beingDeleted('held-more');
    const patched = await api('PATCH', `${cm()}/held-more`, { body: [{ op: 'add', path: '/metadata/finalizers/-', value: 'acc.example.com/more' }], headers: jsonPatch });
    expect(patched.status).toBe(422);
    expect(patched.json.message).toBe('ConfigMap "held-more" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"acc.example.com/more"}');
  });

  // rest.BeforeUpdate: "an update can never remove/change a deletion timestamp" (kube v1.32.13 answers the same).
  it('keeps the deletion fields unchanged through updates, and deletes once the last finalizer goes', async () => {
    const deleted = await beingDeleted('held-update');
    const marked = { deletionTimestamp: deleted.metadata.deletionTimestamp, deletionGracePeriodSeconds: 0 };
    // Let a second pass, so that a timestamp the update re-stamped would differ.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const labelled = await api('PATCH', `${cm()}/held-update`, { body: { metadata: { labels: { a: 'b' }, deletionTimestamp: null, deletionGracePeriodSeconds: null } }, headers: merge });
    expect(labelled.status).toBe(200);
    expect(labelled.json.metadata).toMatchObject({ ...marked, labels: { a: 'b' } });
    const backdated = await api('PATCH', `${cm()}/held-update`, { body: { metadata: { deletionTimestamp: '2001-01-01T00:00:00Z' } }, headers: merge });
    expect([backdated.status, backdated.json.metadata]).toEqual([200, expect.objectContaining(marked)]);
    const graceChanged = await api('PATCH', `${cm()}/held-update`, { body: { metadata: { deletionGracePeriodSeconds: 30 } }, headers: merge });
    expect([graceChanged.status, graceChanged.json.message]).toEqual([422, 'ConfigMap "held-update" is invalid: metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable']);
    expect((await api('GET', `${cm()}/held-update`)).json.metadata).toMatchObject(marked);
    const released = await api('PATCH', `${cm()}/held-update`, { body: [{ op: 'remove', path: '/metadata/finalizers' }], headers: jsonPatch });
    expect(released.status).toBe(200);
    expect(released.json.metadata.finalizers).toBeUndefined();
    expect((await api('GET', `${cm()}/held-update`)).status).toBe(404);
  });

  it.each([
    ['uid', { uid: 'nope' }, 'Operation cannot be fulfilled on ConfigMap "pre": the UID in the precondition (nope) does not match the UID in record'],
    ['resourceVersion', { resourceVersion: '1' }, 'Operation cannot be fulfilled on ConfigMap "pre": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record'],
  ])('refuses a %s precondition that does not match (409)', async (_name, preconditions, message) => {
    await api('POST', cm(), { body: configMap('pre') });
    const refused = await api('DELETE', `${cm()}/pre`, { body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions } });
    expect([refused.status, refused.json.reason]).toEqual([409, 'Conflict']);
    expect(refused.json.message).toContain(message);
    await api('DELETE', `${cm()}/pre`);
  });

  it('deletes nothing under dry run', async () => {
    await api('POST', cm(), { body: configMap('dry') });
    expect((await api('DELETE', `${cm()}/dry?dryRun=All`)).status).toBe(200);
    expect((await api('GET', `${cm()}/dry`)).status).toBe(200);
  });
});

describe('DeleteOptions', () => {
  it.each([
    ['both orphanDependents and propagationPolicy', { orphanDependents: true, propagationPolicy: 'Orphan' }, 422,
      'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set'],
    ['an unknown policy', { propagationPolicy: 'Sideways' }, 422,
      'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"'],
    ['a dryRun value other than All', { dryRun: ['Some'] }, 422, 'DeleteOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Some"}: supported values: "All"'],
    ['a grace period of the wrong type', { gracePeriodSeconds: 'soon' }, 400, 'json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64'],
    ['another kind', { kind: 'Pod', apiVersion: 'v1' }, 400, 'Pod in version "v1" cannot be handled as a DeleteOptions'],
  ])('refuses %s', async (_name, body, code, message) => {
    await api('POST', cm(), { body: configMap('opts') });
    const refused = await api('DELETE', `${cm()}/opts`, { body });
    expect([refused.status, refused.json.message]).toEqual([code, message]);
    expect((await api('GET', `${cm()}/opts`)).status).toBe(200);
    await api('DELETE', `${cm()}/opts`);
  });

  it('reads the options from the query when there is no body', async () => {
    await api('POST', cm(), { body: configMap('q', { metadata: { name: 'q', finalizers: ['a.io/keep'] } }) });
    const deleted = await api('DELETE', `${cm()}/q?propagationPolicy=Orphan`);
    expect(deleted.json.metadata.finalizers).toEqual(['a.io/keep', 'orphan']);
    await api('PATCH', `${cm()}/q`, { body: [{ op: 'remove', path: '/metadata/finalizers/0' }], headers: jsonPatch });
  });

  it('warns when a Job is deleted without a policy (its pods would be orphaned)', async () => {
    const job = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } };
    expect((await api('POST', `/apis/batch/v1/namespaces/${ns}/jobs`, { body: job })).status).toBe(201);
    const deleted = await api('DELETE', `/apis/batch/v1/namespaces/${ns}/jobs/j`);
    expect(deleted.headers.get('warning')).toBe('299 - "child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning"');
    expect(deleted.json.metadata.finalizers).toEqual(['orphan']);
  });
});

describe('graceful deletion of pods', () => {
  it('deletes an unscheduled pod at once and answers the pod (ReturnDeletedObject)', async () => {
    await api('POST', pods(), { body: pod('p1') });
    const deleted = await api('DELETE', `${pods()}/p1`);
    expect(deleted.json.kind).toBe('Pod');
    expect(deleted.json.metadata.deletionGracePeriodSeconds).toBe(0);
    expect((await api('GET', `${pods()}/p1`)).status).toBe(404);
  });

  it('keeps a scheduled pod for its grace period, then removes it as a kubelet would', async () => {
    await api('POST', pods(), { body: pod('p2', { nodeName: 'n1', terminationGracePeriodSeconds: 1 }) });
    const deleted = await api('DELETE', `${pods()}/p2`);
    expect(deleted.json.metadata.deletionGracePeriodSeconds).toBe(1);
    expect((await api('GET', `${pods()}/p2`)).status).toBe(200);
    await eventually(async () => (await api('GET', `${pods()}/p2`)).status === 404);
  });

  it('removes a scheduled pod at once with gracePeriodSeconds=0 (kubectl --force)', async () => {
    await api('POST', pods(), { body: pod('p3', { nodeName: 'n1' }) });
    await api('DELETE', `${pods()}/p3`, { body: { gracePeriodSeconds: 0 } });
    expect((await api('GET', `${pods()}/p3`)).status).toBe(404);
  });
});

describe('deletecollection', () => {
  it('deletes what the selector matches and answers the list of it', async () => {
    for (const name of ['b1', 'b2', 'b3']) await api('POST', cm(), { body: configMap(name, { metadata: { name, labels: { bulk: name === 'b3' ? 'no' : 'yes' } } }) });
    const deleted = await api('DELETE', `${cm()}?labelSelector=bulk%3Dyes`);
    expect(deleted.json.kind).toBe('ConfigMapList');
    expect(deleted.json.items.map((item: any) => item.metadata.name)).toEqual(['b1', 'b2']);
    expect((await api('GET', `${cm()}?labelSelector=bulk`)).json.items.map((item: any) => item.metadata.name)).toEqual(['b3']);
  });

  it('deletes one page when the client sets a limit, and answers its continue token', async () => {
    for (const name of ['l1', 'l2', 'l3']) await api('POST', cm(), { body: configMap(name, { metadata: { name, labels: { page: 'x' } } }) });
    const deleted = await api('DELETE', `${cm()}?labelSelector=page&limit=2`);
    expect(deleted.json.items).toHaveLength(2);
    expect(deleted.json.metadata.continue).toBeTruthy();
    expect((await api('GET', `${cm()}?labelSelector=page`)).json.items).toHaveLength(1);
  });
});
