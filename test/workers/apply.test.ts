/**
 * Server-side apply and managedFields through the Worker (goldens 038-042): creation by apply,
 * conflicts with kube's message and causes, force, shared ownership, Update entries, resets,
 * dry run, and the option rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;
const applyYaml = { 'content-type': 'application/apply-patch+yaml' };
const apply = (name: string, manager: string, data: Record<string, string>, extra = '') =>
  api('PATCH', `${cm()}/${name}?fieldManager=${manager}${extra}`, { body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data }), headers: applyYaml });
const managers = (object: any) => object.metadata.managedFields.map((entry: any) => [entry.manager, entry.operation, entry.fieldsV1]);

beforeAll(async () => {
  ns = await freshNamespace('apply');
});

describe('server-side apply', () => {
  it('creates the object with an Apply entry (golden 038)', async () => {
    const created = await api('PATCH', `${cm()}/ssa?fieldManager=kubectl&fieldValidation=Strict&force=false`, {
      body: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ssa, labels: {team: a}}\ndata: {key: one, other: x}\n', headers: applyYaml,
    });
    expect(created.status).toBe(201);
    expect(managers(created.json)).toEqual([['kubectl', 'Apply', { 'f:data': { 'f:key': {}, 'f:other': {} }, 'f:metadata': { 'f:labels': { 'f:team': {} } } }]]);
  });

  it('refuses a change to another manager\'s fields with kube\'s conflict Status (golden 039)', async () => {
    await apply('c1', 'kubectl', { key: 'one', other: 'x' });
    const conflict = await apply('c1', 'other', { key: 'theirs', other: 'y' }, '&force=false');
    expect(conflict.json).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: 'Apply failed with 2 conflicts: conflicts with "kubectl":\n- .data.key\n- .data.other', reason: 'Conflict',
      details: { causes: [
        { reason: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.data.key' },
        { reason: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.data.other' },
      ] },
      code: 409,
    });
  });

  it('takes ownership with force, and another manager applying the same value shares it (golden 040)', async () => {
    await apply('c2', 'kubectl', { key: 'one', other: 'x' });
    const forced = await apply('c2', 'other', { key: 'theirs' }, '&force=true');
    expect(forced.json.data).toEqual({ key: 'theirs', other: 'x' });
    expect(managers(forced.json)).toEqual([
      ['kubectl', 'Apply', { 'f:data': { 'f:other': {} } }],
      ['other', 'Apply', { 'f:data': { 'f:key': {} } }],
    ]);
    const shared = await apply('c2', 'third', { key: 'theirs' });
    expect(shared.status).toBe(200);
    // The object did not change, so kube gives "third" no time: it sorts first (time 0).
    expect(managers(shared.json)).toEqual([
      ['third', 'Apply', { 'f:data': { 'f:key': {} } }],
      ['kubectl', 'Apply', { 'f:data': { 'f:other': {} } }],
      ['other', 'Apply', { 'f:data': { 'f:key': {} } }],
    ]);
    expect(shared.json.metadata.managedFields[0].time).toBeUndefined();
  });

  it('removes a field the applier dropped when nobody else owns it', async () => {
    await apply('c3', 'kubectl', { a: '1', b: '2' });
    const applied = await apply('c3', 'kubectl', { a: '1' });
    expect(applied.json.data).toEqual({ a: '1' });
  });

  it('records an Update entry for a PUT after apply (golden 042)', async () => {
    await apply('c4', 'kubectl', { key: 'one' });
    const current = (await api('GET', `${cm()}/c4`)).json;
    const updated = await api('PUT', `${cm()}/c4?fieldManager=editor`, { body: { ...current, data: { ...current.data, edited: 'yes' } } });
    expect(managers(updated.json)).toEqual([
      ['kubectl', 'Apply', { 'f:data': { 'f:key': {} } }],
      ['editor', 'Update', { 'f:data': { 'f:edited': {} } }],
    ]);
  });

  it('resets managedFields with [{}] and does not write for a no-op apply', async () => {
    const first = await apply('c5', 'kubectl', { key: 'one' });
    const again = await apply('c5', 'kubectl', { key: 'one' });
    expect(again.json.metadata.resourceVersion).toBe(first.json.metadata.resourceVersion);
    const reset = await api('PATCH', `${cm()}/c5`, { body: { metadata: { managedFields: [{}] } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(reset.json.metadata.managedFields).toBeUndefined();
  });

  it('applies under dry run without storing, as kubectl diff does', async () => {
    await apply('c6', 'kubectl', { key: 'one' });
    const dry = await apply('c6', 'kubectl', { key: 'two' }, '&dryRun=All');
    expect(dry.json.data.key).toBe('two');
    expect((await api('GET', `${cm()}/c6`)).json.data.key).toBe('one');
  });

  it.each([
    ['fieldManager is required (golden 041)', `${'x'}`, '', 422, 'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch'],
    ['force is for apply only', 'x', '?force=true', 422, 'PatchOptions.meta.k8s.io "" is invalid: force: Forbidden: may not be specified for non-apply patch'],
  ])('%s', async (name, object, query, code, message) => {
    const isApply = name.startsWith('fieldManager');
    await apply('opt', 'kubectl', { a: object });
    const response = await api('PATCH', `${cm()}/opt${query}`, {
      body: isApply ? 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: opt}\n' : { data: { a: 'y' } },
      headers: isApply ? applyYaml : { 'content-type': 'application/merge-patch+json' },
    });
    expect(response.json).toMatchObject({ code, message });
  });

  it('refuses managedFields in an apply configuration', async () => {
    const response = await api('PATCH', `${cm()}/mf?fieldManager=kubectl`, {
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'mf', managedFields: [{ manager: 'x' }] } }), headers: applyYaml,
    });
    expect(response.status).toBe(400);
  });
});

describe('apply and patch on subresources', () => {
  const deployments = () => `/apis/apps/v1/namespaces/${ns}/deployments`;
  const deploymentConfig = (name: string, extra: Record<string, unknown> = {}) => JSON.stringify({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: { replicas: 2, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    ...extra,
  });

  it('applies status through /status, owned under subresource "status", spec untouched', async () => {
    await api('PATCH', `${deployments()}/st?fieldManager=kubectl`, { body: deploymentConfig('st'), headers: applyYaml });
    const body = JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'st' }, spec: { replicas: 9 }, status: { observedGeneration: 4 } });
    const applied = await api('PATCH', `${deployments()}/st/status?fieldManager=controller`, { body, headers: applyYaml });
    expect(applied.status).toBe(200);
    expect(applied.json.status.observedGeneration).toBe(4);
    expect(applied.json.spec.replicas).toBe(2);
    const entry = applied.json.metadata.managedFields.find((item: any) => item.manager === 'controller');
    expect([entry.operation, entry.subresource, entry.fieldsV1]).toEqual(['Apply', 'status', { 'f:status': { 'f:observedGeneration': {} } }]);
  });

  it('strategic-patches status through /status', async () => {
    await api('PATCH', `${deployments()}/sp?fieldManager=kubectl`, { body: deploymentConfig('sp'), headers: applyYaml });
    await api('PATCH', `${deployments()}/sp/status`, { body: { status: { observedGeneration: 4 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    const patch = { status: { conditions: [{ type: 'Available', status: 'True' }] } };
    const patched = await api('PATCH', `${deployments()}/sp/status`, { body: patch, headers: { 'content-type': 'application/strategic-merge-patch+json' } });
    expect(patched.status).toBe(200);
    expect(patched.json.status).toMatchObject({ observedGeneration: 4, conditions: [{ type: 'Available', status: 'True' }] });
  });

  it('applies replicas through /scale, answering a Scale', async () => {
    await api('PATCH', `${deployments()}/sc?fieldManager=kubectl`, { body: deploymentConfig('sc'), headers: applyYaml });
    const body = JSON.stringify({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'sc' }, spec: { replicas: 6 } });
    const applied = await api('PATCH', `${deployments()}/sc/scale?fieldManager=hpa&force=true`, { body, headers: applyYaml });
    expect(applied.status).toBe(200);
    expect([applied.json.kind, applied.json.spec.replicas]).toEqual(['Scale', 6]);
    const deployment = (await api('GET', `${deployments()}/sc`)).json;
    expect(deployment.spec.replicas).toBe(6);
    const owners = deployment.metadata.managedFields.filter((item: any) => item.fieldsV1?.['f:spec']?.['f:replicas']);
    // ScaleHandler.ToParent gives a manager new to the parent the parent's time for it: none.
    expect(owners).toEqual([{ manager: 'hpa', operation: 'Apply', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:replicas': {} } }, subresource: 'scale' }]);
  });

  it('records an Update through /scale that takes replicas from the parent\'s applier', async () => {
    await api('PATCH', `${deployments()}/up?fieldManager=kubectl`, { body: deploymentConfig('up'), headers: applyYaml });
    const patched = await api('PATCH', `${deployments()}/up/scale?fieldManager=kubectl-scale`, { body: { spec: { replicas: 4 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(patched.status).toBe(200);
    const entries = (await api('GET', `${deployments()}/up`)).json.metadata.managedFields;
    expect(entries.map((item: any) => [item.manager, item.operation, item.subresource, Boolean(item.fieldsV1['f:spec']['f:replicas'])])).toEqual([
      ['kubectl', 'Apply', undefined, false],
      ['kubectl-scale', 'Update', 'scale', true],
    ]);
  });

  it('conflicts on /scale when another manager owns replicas and force is not set', async () => {
    await api('PATCH', `${deployments()}/cf?fieldManager=kubectl`, { body: deploymentConfig('cf'), headers: applyYaml });
    const scale = (replicas: number) => JSON.stringify({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'cf' }, spec: { replicas } });
    expect((await api('PATCH', `${deployments()}/cf/scale?fieldManager=hpa&force=true`, { body: scale(6), headers: applyYaml })).status).toBe(200);
    const body = scale(3);
    const conflict = await api('PATCH', `${deployments()}/cf/scale?fieldManager=other`, { body, headers: applyYaml });
    expect(conflict.status).toBe(409);
    expect(conflict.json.message).toBe('Apply failed with 1 conflict: conflict with "hpa" with subresource "scale": .spec.replicas');
  });
});
