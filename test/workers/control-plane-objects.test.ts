/**
 * The objects kube-apiserver keeps for itself, kept as kube keeps them: API Priority and
 * Fairness' bootstrap configuration (reference/bootstrap-kube-v1.32.13: the same names, specs,
 * annotations and field managers; mandatory objects restored, suggested ones reverted while their
 * autoupdate annotation says so, unwanted auto-updated ones deleted) and the aggregator's Local
 * APIServices (one per built-in group-version and per custom resource group-version). The pool
 * keeps the isolate between files while storage starts empty, so the file first writes to both
 * groups, which makes the isolate ensure them at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import bootstrap from '../../data/bootstrap-flowcontrol.json';
import { api } from './api-client.js';
import { eventually } from './eventually.js';

const flowcontrol = '/apis/flowcontrol.apiserver.k8s.io/v1';
const apiregistration = '/apis/apiregistration.k8s.io/v1';

function flowSchema(name: string, extra: Record<string, unknown> = {}, annotations?: Record<string, string>) {
  return {
    apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name, ...(annotations ? { annotations } : {}) },
    spec: { priorityLevelConfiguration: { name: 'global-default' }, rules: [{ subjects: [{ kind: 'User', user: { name: 'bob' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }], ...extra },
  };
}

const names = (list: { items: { metadata: { name: string } }[] }) => list.items.map((item) => item.metadata.name).sort();

beforeAll(async () => {
  expect((await api('POST', `${flowcontrol}/flowschemas`, { body: flowSchema('file-setup') })).status).toBe(201);
  const local = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.setup.example.io' }, spec: { group: 'setup.example.io', version: 'v1', groupPriorityMinimum: 100, versionPriority: 10 } };
  expect((await api('POST', `${apiregistration}/apiservices`, { body: local })).status).toBe(201);
});

describe('API Priority and Fairness configuration', () => {
  it("creates kube's mandatory and suggested objects, annotated and managed as kube does", async () => {
    const schemas = (await api('GET', `${flowcontrol}/flowschemas`)).json;
    const levels = (await api('GET', `${flowcontrol}/prioritylevelconfigurations`)).json;
    expect(names(schemas)).toEqual([...bootstrap.flowSchemas.map((item) => item.name), 'file-setup'].sort());
    expect(names(levels)).toEqual(bootstrap.priorityLevels.map((item) => item.name).sort());
    const catchAll = schemas.items.find((item: any) => item.metadata.name === 'catch-all');
    expect(catchAll.spec).toEqual(bootstrap.flowSchemas.find((item) => item.name === 'catch-all')!.spec);
    expect(catchAll.metadata.annotations).toEqual({ 'apf.kubernetes.io/autoupdate-spec': 'true' });
    expect(catchAll.metadata.managedFields.map((entry: any) => [entry.manager, entry.operation, entry.subresource])).toEqual([
      ['api-priority-and-fairness-config-consumer-v1', 'Apply', 'status'],
      ['api-priority-and-fairness-config-producer-v1', 'Update', undefined],
    ]);
    expect(catchAll.status.conditions).toEqual([expect.objectContaining({
      type: 'Dangling', status: 'False', reason: 'Found', message: 'This FlowSchema references the PriorityLevelConfiguration object named "catch-all" and it exists',
    })]);
  });

  it('marks a FlowSchema whose priority level does not exist as Dangling', async () => {
    const body = flowSchema('dangler', { priorityLevelConfiguration: { name: 'nope' } });
    expect((await api('POST', `${flowcontrol}/flowschemas`, { body })).status).toBe(201);
    const dangler = (await api('GET', `${flowcontrol}/flowschemas/dangler`)).json;
    expect(dangler.status.conditions).toEqual([expect.objectContaining({
      type: 'Dangling', status: 'True', reason: 'NotFound', message: 'This FlowSchema references the PriorityLevelConfiguration object named "nope" but there is no such object',
    })]);
  });

  it('restores a deleted mandatory FlowSchema, as a new object', async () => {
    const before = (await api('GET', `${flowcontrol}/flowschemas/exempt`)).json;
    expect((await api('DELETE', `${flowcontrol}/flowschemas/exempt`)).status).toBe(200);
    const after = (await api('GET', `${flowcontrol}/flowschemas/exempt`)).json;
    expect(after.metadata.uid).not.toBe(before.metadata.uid);
    expect(after.spec).toEqual(before.spec);
  });

  it("refuses a change to a mandatory object's spec with kube's text", async () => {
    const response = await api('PATCH', `${flowcontrol}/prioritylevelconfigurations/catch-all`, {
      body: { spec: { limited: { nominalConcurrencyShares: 7 } } }, headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(response.status).toBe(422);
    expect(response.json.message).toMatch(/^PriorityLevelConfiguration\.flowcontrol\.apiserver\.k8s\.io "catch-all" is invalid: spec: Invalid value: flowcontrol\.PriorityLevelConfigurationSpec\{Type:"Limited", Limited:\(\*flowcontrol\.LimitedPriorityLevelConfiguration\)\(0x[0-9a-f]+\), Exempt:\(\*flowcontrol\.ExemptPriorityLevelConfiguration\)\(nil\)\}: spec of 'catch-all' must equal the fixed value$/);
  });

  it('reverts a suggested object while its annotation says autoupdate, and keeps the change once it says false', async () => {
    const merge = { 'content-type': 'application/merge-patch+json' };
    await api('PATCH', `${flowcontrol}/flowschemas/global-default`, { body: { spec: { matchingPrecedence: 9800 } }, headers: merge });
    expect((await api('GET', `${flowcontrol}/flowschemas/global-default`)).json.spec.matchingPrecedence).toBe(9900);
    const body = { metadata: { annotations: { 'apf.kubernetes.io/autoupdate-spec': 'false' } }, spec: { matchingPrecedence: 9800 } };
    await api('PATCH', `${flowcontrol}/flowschemas/global-default`, { body, headers: merge });
    expect((await api('GET', `${flowcontrol}/flowschemas/global-default`)).json.spec.matchingPrecedence).toBe(9800);
  });

  it('deletes an object outside the bootstrap set that asks to be auto-updated', async () => {
    const body = flowSchema('auto-deleted', {}, { 'apf.kubernetes.io/autoupdate-spec': 'true' });
    expect((await api('POST', `${flowcontrol}/flowschemas`, { body })).status).toBe(201);
    expect((await api('GET', `${flowcontrol}/flowschemas/auto-deleted`)).status).toBe(404);
  });
});

describe('X-Kubernetes-PF headers', () => {
  const uidOf = async (path: string) => (await api('GET', path)).json.metadata.uid as string;

  it('name the exempt FlowSchema and level for system:masters, probes for health checks, global-default for others', async () => {
    const admin = await api('GET', '/api/v1/namespaces/default');
    expect(admin.headers.get('x-kubernetes-pf-flowschema-uid')).toBe(await uidOf(`${flowcontrol}/flowschemas/exempt`));
    expect(admin.headers.get('x-kubernetes-pf-prioritylevel-uid')).toBe(await uidOf(`${flowcontrol}/prioritylevelconfigurations/exempt`));
    const probe = await api('GET', '/livez', { as: null });
    expect(probe.headers.get('x-kubernetes-pf-flowschema-uid')).toBe(await uidOf(`${flowcontrol}/flowschemas/probes`));
    const alice = await api('GET', '/api/v1/namespaces/default/configmaps', { as: 'alice' });
    expect(alice.status).toBe(403);
    expect(alice.headers.get('x-kubernetes-pf-flowschema-uid')).toBe(await uidOf(`${flowcontrol}/flowschemas/global-default`));
    expect(alice.headers.get('x-kubernetes-pf-prioritylevel-uid')).toBe(await uidOf(`${flowcontrol}/prioritylevelconfigurations/global-default`));
  });

  it('are absent from a request that does not authenticate', async () => {
    const response = await api('GET', '/api/v1/namespaces', { headers: { authorization: 'Bearer wrong' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-kubernetes-pf-flowschema-uid')).toBeNull();
  });
});

describe('Local APIServices', () => {
  it('exist for every built-in group-version, Available as Local, with kube-apiserver as manager', async () => {
    const list = (await api('GET', `${apiregistration}/apiservices`)).json;
    expect(names(list)).toEqual(expect.arrayContaining(['v1.', 'v1.apps', 'v2.autoscaling', 'v1.flowcontrol.apiserver.k8s.io', 'v1.setup.example.io']));
    const apps = list.items.find((item: any) => item.metadata.name === 'v1.apps');
    expect(apps.spec).toEqual({ group: 'apps', version: 'v1', groupPriorityMinimum: 17800, versionPriority: 15 });
    expect(apps.metadata.labels).toEqual({ 'kube-aggregator.kubernetes.io/automanaged': 'onstart' });
    expect(apps.metadata.managedFields.map((entry: any) => entry.manager)).toEqual(['kube-apiserver']);
    expect(apps.status.conditions).toEqual([expect.objectContaining({ type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' })]);
  });

  it('are recreated when deleted, and given their spec back', async () => {
    expect((await api('DELETE', `${apiregistration}/apiservices/v1.batch`)).status).toBe(200);
    expect((await api('GET', `${apiregistration}/apiservices/v1.batch`)).status).toBe(200);
    await api('PATCH', `${apiregistration}/apiservices/v1.batch`, { body: { spec: { versionPriority: 1 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect((await api('GET', `${apiregistration}/apiservices/v1.batch`)).json.spec.versionPriority).toBe(15);
  });

  it('follow the served versions of custom resources', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'things.local.example.io' },
      spec: {
        group: 'local.example.io', scope: 'Namespaced', names: { plural: 'things', singular: 'thing', kind: 'Thing' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    };
    expect((await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd })).status).toBe(201);
    await eventually(async () => (await api('GET', `${apiregistration}/apiservices/v1.local.example.io`)).status === 200);
    const apiService = (await api('GET', `${apiregistration}/apiservices/v1.local.example.io`)).json;
    expect(apiService.spec).toEqual({ group: 'local.example.io', version: 'v1', groupPriorityMinimum: 1000, versionPriority: 100 });
    expect(apiService.metadata.labels).toEqual({ 'kube-aggregator.kubernetes.io/automanaged': 'true' });
  });
});

describe('priority level limits', () => {
  it("rejects a Reject level's requests beyond its seats with 429 and the flow's headers, and nobody else's", async () => {
    const level = {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', metadata: { name: 'tiny' },
      spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, limitResponse: { type: 'Reject' } } },
    };
    expect((await api('POST', `${flowcontrol}/prioritylevelconfigurations`, { body: level })).status).toBe(201);
    const schema = {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', metadata: { name: 'bob-is-tiny' },
      spec: { priorityLevelConfiguration: { name: 'tiny' }, matchingPrecedence: 50, rules: [{ subjects: [{ kind: 'User', user: { name: 'bob' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], clusterScope: true, namespaces: ['*'] }] }] },
    };
    expect((await api('POST', `${flowcontrol}/flowschemas`, { body: schema })).status).toBe(201);
    const rbac = '/apis/rbac.authorization.k8s.io/v1';
    await api('POST', `${rbac}/clusterroles`, { body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'apf-lister' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['list'] }] } });
    await api('POST', `${rbac}/clusterrolebindings`, { body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'apf-lister' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'apf-lister' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }] } });
    const tinyUid = (await api('GET', `${flowcontrol}/prioritylevelconfigurations/tiny`)).json.metadata.uid;
    const answers = await Promise.all(Array.from({ length: 40 }, () => api('GET', '/api/v1/configmaps', { as: 'bob' })));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    expect(refused[0]!.json).toMatchObject({ code: 429, reason: 'TooManyRequests', message: 'Too many requests, please try again later.' });
    expect(refused.every((answer) => answer.headers.get('x-kubernetes-pf-prioritylevel-uid') === tinyUid && answer.headers.get('retry-after') === '1')).toBe(true);
    const alice = await Promise.all(Array.from({ length: 10 }, () => api('GET', '/api/v1/namespaces/default/configmaps', { as: 'alice' })));
    expect(alice.every((answer) => answer.status === 403)).toBe(true);
  });
});
