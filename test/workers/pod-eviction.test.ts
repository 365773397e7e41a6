/**
 * pods/eviction (policy/v1 Eviction) and PodDisruptionBudgets: texts, codes and the budget's
 * status as kube-apiserver v1.32.13 answers and writes them (../shared/kube, no controllers:
 * budget status set by hand through /status, as the disruption controller would). kube answers
 * dryRun values that differ between the request and the Eviction with a bare 500; here a 400.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const merge = { 'content-type': 'application/merge-patch+json' };
const pods = () => `/api/v1/namespaces/${ns}/pods`;
const budgets = () => `/apis/policy/v1/namespaces/${ns}/poddisruptionbudgets`;
const eviction = (name: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name }, ...extra });
const evict = (name: string, body: unknown = eviction(name), query = '') => api('POST', `${pods()}/${name}/eviction${query}`, { body });
const success = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
const refusal = (cause: string, retryAfterSeconds?: number) => ({
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: "Cannot evict pod as it would violate the pod's disruption budget.", reason: 'TooManyRequests',
  details: { causes: [{ reason: 'DisruptionBudget', message: cause }], ...(retryAfterSeconds ? { retryAfterSeconds } : {}) }, code: 429,
});

/** A pod on node n1 with label app=`app`; `ready` sets it Running with that Ready status (undefined: leave it Pending). */
async function pod(name: string, app: string, ready?: 'True' | 'False'): Promise<any> {
  const body = { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app } }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'nginx' }] } };
  expect((await api('POST', pods(), { body })).status).toBe(201);
  if (!ready) return (await api('GET', `${pods()}/${name}`)).json;
  const status = { status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready }] } };
  return (await api('PATCH', `${pods()}/${name}/status`, { body: status, headers: merge })).json;
}

async function budget(name: string, app: string, status?: Record<string, number>, spec: Record<string, unknown> = {}): Promise<void> {
  const body = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec: { minAvailable: 1, selector: { matchLabels: { app } }, ...spec } };
  expect((await api('POST', budgets(), { body })).status).toBe(201);
  if (status) await budgetStatus(name, status);
}

async function budgetStatus(name: string, status: Record<string, number>): Promise<void> {
  expect((await api('PATCH', `${budgets()}/${name}/status`, { body: { status: { observedGeneration: 1, expectedPods: status.currentHealthy, ...status } }, headers: merge })).status).toBe(200);
}

const exists = async (name: string) => (await api('GET', `${pods()}/${name}`)).status === 200;

beforeAll(async () => {
  ns = await freshNamespace('evict');
});

describe('pods/eviction without budgets', () => {
  it('deletes a pod no budget covers (gracefully: it is bound), answering kube\'s 201 Success', async () => {
    await pod('free', 'none', 'True');
    expect((await evict('free')).json).toEqual(success);
    expect((await api('GET', `${pods()}/free`)).json.metadata).toMatchObject({ deletionTimestamp: expect.any(String), deletionGracePeriodSeconds: 30 });
  });

  it('accepts a policy/v1beta1 Eviction as it is', async () => {
    await pod('beta', 'none');
    expect((await evict('beta', { ...eviction('beta'), apiVersion: 'policy/v1beta1' })).status).toBe(201);
  });

  it.each([
    ['a missing pod', 'nope', eviction('nope'), '', 404, 'pods "nope" not found'],
    ['another name', 'x', eviction('other'), '', 400, 'name in URL does not match name in Eviction object'],
    ['a kind policy/v1 does not have', 'x', { apiVersion: 'policy/v1', kind: 'Pod', metadata: { name: 'x' } }, '', 400,
      'Pod in version "v1" cannot be handled as a Eviction: no kind "Pod" is registered for version "policy/v1" in scheme "pkg/api/legacyscheme/scheme.go:30"'],
    ['another kind of policy/v1', 'x', { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'x' } }, '', 400,
      'PodDisruptionBudget in version "v1" cannot be handled as a Eviction: converting (v1.PodDisruptionBudget) to (policy.Eviction): unknown conversion'],
    ['an unknown field, strictly', 'x', { ...eviction('x'), x: 1 }, '?fieldValidation=Strict', 400, 'Eviction in version "v1" cannot be handled as a Eviction: strict decoding error: unknown field "x"'],
    ['ignoreStoreReadErrorWithClusterBreakingPotential', 'x', eviction('x', { deleteOptions: { ignoreStoreReadErrorWithClusterBreakingPotential: true } }), '', 422,
      'Eviction.policy "x" is invalid: deleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential: Invalid value: true: can not be set for pod eviction, try after removing the option'],
    ['dryRun differing from the request\'s', 'x', eviction('x', { deleteOptions: { dryRun: ['All', 'All'] } }), '?dryRun=All', 400,
      'Non-matching dry-run options in request and content: [All] and [All All]'],
    ['a gracePeriodSeconds of the wrong type', 'x', eviction('x', { deleteOptions: { gracePeriodSeconds: 'x' } }), '', 400,
      'Eviction in version "v1" cannot be handled as a Eviction: json: cannot unmarshal string into Go struct field DeleteOptions.deleteOptions.gracePeriodSeconds of type int64'],
  ])('refuses %s', async (_name, target, body, query, code, message) => {
    if (target === 'x' && !(await exists('x'))) await pod('x', 'none', 'True');
    const response = await evict(target, body, query);
    expect([response.status, response.json.message]).toEqual([code, message]);
  });

  it('validates the DeleteOptions when it deletes, and checks their preconditions against the latest pod', async () => {
    const current = await pod('pre', 'none', 'True');
    const badDryRun = await evict('pre', eviction('pre', { deleteOptions: { dryRun: ['X'] } }));
    expect([badDryRun.status, badDryRun.json.message]).toEqual([422, 'DeleteOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"X"}: supported values: "All"']);
    const wrongUid = await evict('pre', eviction('pre', { deleteOptions: { preconditions: { uid: 'abc' } } }));
    expect(wrongUid.json).toMatchObject({
      code: 409, reason: 'Conflict', details: { name: 'pre', kind: 'Pod' },
      message: `Operation cannot be fulfilled on Pod "pre": the UID in the precondition (abc) does not match the UID in record (${current.metadata.uid}). The object might have been deleted and then recreated`,
    });
    expect(await exists('pre')).toBe(true);
  });
});

describe('pods/eviction with a PodDisruptionBudget', () => {
  it('answers 429 while the disruption controller has not observed the budget (Retry-After: 10)', async () => {
    await pod('a1', 'a', 'True');
    await budget('pa', 'a');
    const response = await evict('a1');
    expect(response.json).toEqual(refusal('The disruption budget pa is still being processed by the server.', 10));
    expect(response.headers.get('retry-after')).toBe('10');
  });

  it('answers 429 when the budget allows no disruption', async () => {
    await budgetStatus('pa', { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1 });
    const response = await evict('a1');
    expect([response.status, response.json]).toEqual([429, refusal('The disruption budget pa needs 1 healthy pods and has 1 currently')]);
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('changes nothing for a dry run the budget allows', async () => {
    await budgetStatus('pa', { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1 });
    expect((await evict('a1', eviction('a1'), '?dryRun=All')).json).toEqual(success);
    expect((await api('GET', `${budgets()}/pa`)).json.status).toMatchObject({ disruptionsAllowed: 1 });
    expect((await api('GET', `${pods()}/a1`)).json.metadata.deletionTimestamp).toBeUndefined();
  });

  it('takes one disruption from the budget, records the pod in it, marks the pod and deletes it with the Eviction\'s options', async () => {
    expect((await evict('a1', eviction('a1', { deleteOptions: { gracePeriodSeconds: 5 } }))).json).toEqual(success);
    const stored = (await api('GET', `${budgets()}/pa`)).json;
    expect(stored.status).toEqual({
      observedGeneration: 1, disruptedPods: { a1: expect.any(String) }, disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2,
      conditions: [{ type: 'DisruptionAllowed', status: 'False', observedGeneration: 1, lastTransitionTime: expect.any(String), reason: 'InsufficientPods', message: '' }],
    });
    expect(stored.metadata.managedFields).toContainEqual(expect.objectContaining({ manager: 'kube-apiserver', operation: 'Update', subresource: 'status' }));
    const evicted = (await api('GET', `${pods()}/a1`)).json;
    expect(evicted.metadata.deletionGracePeriodSeconds).toBe(5);
    expect(evicted.status.conditions.at(-1)).toEqual({
      type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: expect.any(String), reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting',
    });
  });

  it('deletes a pod already terminating without asking the budget', async () => {
    expect((await evict('a1')).json).toEqual(success);
  });

  it('lets an unready pod go when the budget has enough healthy pods, and not otherwise', async () => {
    await pod('a2', 'a', 'False');
    await budgetStatus('pa', { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 1 });
    expect((await evict('a2')).json).toEqual(success);
    await pod('a3', 'a', 'False');
    await budgetStatus('pa', { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 1 });
    expect((await evict('a3')).json).toEqual(refusal('The disruption budget pa needs 1 healthy pods and has 0 currently'));
  });

  it('lets an unready pod go whatever the numbers under unhealthyPodEvictionPolicy AlwaysAllow', async () => {
    await pod('u1', 'u', 'False');
    await budget('pu', 'u', { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 1 }, { unhealthyPodEvictionPolicy: 'AlwaysAllow' });
    expect((await evict('u1')).json).toEqual(success);
  });

  it('deletes a pending pod without asking the budget', async () => {
    await pod('a4', 'a');
    expect((await evict('a4')).json).toEqual(success);
    expect((await api('GET', `${pods()}/a4`)).json.metadata.deletionTimestamp).toEqual(expect.any(String));
  });

  it('answers kube\'s 500 Status for a pod covered by two budgets', async () => {
    await pod('b1', 'b', 'True');
    await budget('pb1', 'b');
    await budget('pb2', 'b');
    const response = await evict('b1');
    expect([response.status, response.json]).toEqual([500, {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500,
    }]);
  });

  it('is refused in a terminating namespace (NamespaceLifecycle admits a CREATE)', async () => {
    const doomed = await freshNamespace('doomed');
    const body = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', finalizers: ['example.com/hold'] }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    await api('POST', `/api/v1/namespaces/${doomed}/pods`, { body });
    await api('DELETE', `/api/v1/namespaces/${doomed}`);
    const response = await api('POST', `/api/v1/namespaces/${doomed}/pods/p/eviction`, { body: eviction('p') });
    expect(response.json).toMatchObject({
      code: 403, message: `pods "p" is forbidden: unable to create new content in namespace ${doomed} because it is being terminated`,
      details: { causes: [{ reason: 'NamespaceTerminating', message: `namespace ${doomed} is being terminated`, field: 'metadata.namespace' }] },
    });
  });
});
