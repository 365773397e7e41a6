/**
 * CustomResourceDefinitions served live, against the recorded kube exchanges 079-090: the CRD's
 * defaults and status (names accepted, established), discovery, custom resources validated by
 * schema and CEL, pruning, tables from printer columns, the patch types, OpenAPI, status and
 * scale subresources, versions, and deletion of the definition with its objects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
let ns = '';
let group = '';

let groups = 0;
/** A group of its own, so that tests do not see each other's definitions (any order works). */
const newGroup = () => `t${Date.now().toString(36)}${groups++}.example.com`;

/** golden 079's Widget CRD (with a Color column too), in `inGroup` (default: the suite's group). */
function widgetDefinition(extra: Record<string, unknown> = {}, inGroup = group) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `widgets.${inGroup}` },
    spec: {
      group: inGroup, scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget', shortNames: ['wd'] },
      versions: [{
        name: 'v1', served: true, storage: true, subresources: { status: {} },
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }, { name: 'Color', type: 'string', jsonPath: '.spec.color' }],
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object', required: ['size'],
                'x-kubernetes-validations': [{ rule: 'self.size <= 10', message: 'size must be at most 10' }],
                properties: { size: { type: 'integer', minimum: 1 }, color: { type: 'string', enum: ['red', 'blue'], default: 'red' } },
              },
              status: { type: 'object', properties: { phase: { type: 'string' } } },
            },
          },
        },
      }],
      ...extra,
    },
  };
}

async function establish(definition: Record<string, any>): Promise<any> {
  const created = await api('POST', crds, { body: definition });
  expect(created.status).toBe(201);
  await eventually(async () => {
    const crd = (await api('GET', `${crds}/${definition.metadata.name}`)).json;
    return (crd.status?.conditions ?? []).some((c: any) => c.type === 'Established' && c.status === 'True');
  });
  return created.json;
}

const widgets = (namespace = ns, inGroup = group) => `/apis/${inGroup}/v1/namespaces/${namespace}/widgets`;
const widget = (name: string, spec: Record<string, unknown>, inGroup = group) => ({ apiVersion: `${inGroup}/v1`, kind: 'Widget', metadata: { name }, spec });
const merge = { 'content-type': 'application/merge-patch+json' };

beforeAll(async () => {
  ns = await freshNamespace('cr');
  group = newGroup();
  await establish(widgetDefinition());
});

describe('the CustomResourceDefinition', () => {
  it('is created with kube\'s defaults (golden 079)', async () => {
    const crd = (await api('GET', `${crds}/widgets.${group}`)).json;
    expect(crd.spec.names).toEqual({ plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList' });
    expect(crd.spec.conversion).toEqual({ strategy: 'None' });
    expect(crd.metadata.generation).toBe(1);
  });

  it('gets its names accepted and becomes Established through /status by kube-apiserver (golden 080)', async () => {
    const crd = (await api('GET', `${crds}/widgets.${group}`)).json;
    expect(crd.status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([
      ['NamesAccepted', 'True', 'NoConflicts', 'no conflicts found'],
      ['Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted'],
    ]);
    expect(crd.status.acceptedNames).toEqual({ plural: 'widgets', singular: 'widget', shortNames: ['wd'], kind: 'Widget', listKind: 'WidgetList' });
    expect(crd.status.storedVersions).toEqual(['v1']);
    expect(crd.metadata.managedFields.map((entry: any) => [entry.manager, entry.subresource])).toContainEqual(['kube-apiserver', 'status']);
  });

  it('is discoverable (golden 081)', async () => {
    const discovery = (await api('GET', `/apis/${group}/v1`)).json;
    expect(discovery.resources[0]).toEqual({
      name: 'widgets', singularName: 'widget', namespaced: true, kind: 'Widget',
      verbs: ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'], shortNames: ['wd'], storageVersionHash: expect.any(String),
    });
    expect(discovery.resources[1]).toEqual({ name: 'widgets/status', singularName: '', namespaced: true, kind: 'Widget', verbs: ['get', 'patch', 'update'] });
    const groups = (await api('GET', '/apis')).json.groups.map((entry: any) => entry.name);
    expect(groups).toContain(group);
  });

  it('refuses a second CRD whose names are taken in the group', async () => {
    const conflicting = widgetDefinition();
    conflicting.metadata.name = `gadgets.${group}`;
    conflicting.spec.names = { plural: 'gadgets', singular: 'gadget', kind: 'Widget', shortNames: [] } as any;
    await api('POST', crds, { body: conflicting });
    await eventually(async () => ((await api('GET', `${crds}/gadgets.${group}`)).json.status?.conditions ?? []).length > 0);
    const status = (await api('GET', `${crds}/gadgets.${group}`)).json.status;
    expect(status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message])).toEqual([
      // Each conflict overwrites the condition: the defaulted listKind comes last (calculateNamesAndConditions).
      ['NamesAccepted', 'False', 'ListKindConflict', '"WidgetList" is already in use'],
      ['Established', 'False', 'NotAccepted', 'not all names are accepted'],
    ]);
    await api('DELETE', `${crds}/gadgets.${group}`);
  });
});

describe('custom resources', () => {
  it('are created with schema defaults, sorted keys and an unstructured managedFields entry (golden 082)', async () => {
    const created = await api('POST', widgets(), { body: widget('w1', { size: 3 }) });
    expect(created.status).toBe(201);
    expect(created.json.spec).toEqual({ color: 'red', size: 3 });
    expect(Object.keys(created.json)).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(created.json.metadata.generation).toBe(1);
    expect(created.json.metadata.managedFields).toEqual([{
      apiVersion: `${group}/v1`, fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { '.': {}, 'f:color': {}, 'f:size': {} } },
      manager: 'unknown', operation: 'Update', time: expect.any(String),
    }]);
  });

  it('are validated by the schema, CEL rules waiting for a valid object (golden 083)', async () => {
    const refused = await api('POST', widgets(), { body: widget('w2', { size: 'big', color: 'green' }) });
    expect([refused.status, refused.json.message]).toEqual([422, `Widget.${group} "w2" is invalid: [spec.color: Unsupported value: "green": supported values: "red", "blue", spec.size: Invalid value: "string": spec.size in body must be of type integer: "string", <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]`]);
  });

  it('are validated by CEL rules (golden 084)', async () => {
    const refused = await api('POST', widgets(), { body: widget('w3', { size: 11 }) });
    expect(refused.json).toMatchObject({ code: 422, message: `Widget.${group} "w3" is invalid: spec: Invalid value: "object": size must be at most 10` });
    expect(refused.json.details.causes).toEqual([{ reason: 'FieldValueInvalid', message: 'Invalid value: "object": size must be at most 10', field: 'spec' }]);
  });

  it('refuse unknown fields under Strict and prune them otherwise (golden 085)', async () => {
    const strict = await api('POST', `${widgets()}?fieldValidation=Strict`, { body: widget('w4', { size: 2, bogus: 1 }) });
    expect([strict.status, strict.json.message]).toEqual([400, 'Widget in version "v1" cannot be handled as a Widget: strict decoding error: unknown field "spec.bogus"']);
    const warned = await api('POST', widgets(), { body: widget('w4', { size: 2, bogus: 1 }) });
    expect(warned.headers.get('warning')).toBe('299 - "unknown field \\"spec.bogus\\""');
    expect(warned.json.spec).toEqual({ color: 'red', size: 2 });
  });

  it('print their columns in tables (golden 086)', async () => {
    const own = await freshNamespace('cr-table');
    for (const [name, size] of [['w1', 3], ['w4', 2]] as const) expect((await api('POST', widgets(own), { body: widget(name, { size }) })).status).toBe(201);
    const table = (await api('GET', widgets(own), { headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' } })).json;
    expect(table.columnDefinitions.map((c: any) => [c.name, c.type, c.description])).toEqual([
      ['Name', 'string', expect.stringMatching(/^Name must be unique/)],
      ['Size', 'integer', 'Custom resource definition column (in JSONPath format): .spec.size'],
      ['Color', 'string', 'Custom resource definition column (in JSONPath format): .spec.color'],
    ]);
    expect(table.rows.map((row: any) => row.cells)).toEqual([['w1', 3, 'red'], ['w4', 2, 'red']]);
  });

  it('accept json, merge and apply patches but not strategic merge patches (golden 087)', async () => {
    expect((await api('POST', widgets(), { body: widget('w-patch', { size: 3 }) })).status).toBe(201);
    const refused = await api('PATCH', `${widgets()}/w-patch`, { body: { spec: { size: 2 } }, headers: { 'content-type': 'application/strategic-merge-patch+json' } });
    expect([refused.status, refused.json.message]).toEqual([415, 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml, application/apply-patch+cbor']);
    const merged = await api('PATCH', `${widgets()}/w-patch`, { body: { spec: { size: 4 } }, headers: merge });
    expect([merged.json.spec.size, merged.json.metadata.generation]).toEqual([4, 2]);
  });

  it('change status only through /status, and spec only through the main resource', async () => {
    expect((await api('POST', widgets(), { body: widget('w-status', { size: 4 }) })).status).toBe(201);
    const status = await api('PATCH', `${widgets()}/w-status/status`, { body: { status: { phase: 'Ready' }, spec: { size: 9 } }, headers: merge });
    expect([status.json.status, status.json.spec.size, status.json.metadata.generation]).toEqual([{ phase: 'Ready' }, 4, 1]);
    const main = await api('PATCH', `${widgets()}/w-status`, { body: { status: { phase: 'Hacked' } }, headers: merge });
    expect(main.json.status).toEqual({ phase: 'Ready' });
  });

  it('are described in /openapi/v3 (golden 089)', async () => {
    const index = JSON.parse((await api('GET', '/openapi/v3')).text).paths;
    const url = index[`apis/${group}/v1`].serverRelativeURL;
    const document = JSON.parse((await api('GET', url)).text);
    const prefix = group.split('.').reverse().join('.');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining([`${prefix}.v1.Widget`, `${prefix}.v1.WidgetList`, 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta']));
    expect(Object.keys(document.components.schemas[`${prefix}.v1.Widget`].properties)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    expect(Object.keys(document.paths)).toEqual([
      `/apis/${group}/v1/namespaces/{namespace}/widgets`, `/apis/${group}/v1/namespaces/{namespace}/widgets/{name}`,
      `/apis/${group}/v1/namespaces/{namespace}/widgets/{name}/status`, `/apis/${group}/v1/widgets`,
    ]);
  });
});

describe('versions and subresources', () => {
  it('serves two versions of one stored object, warning about the deprecated one', async () => {
    const group = newGroup();
    const name = `gizmos.${group}`;
    const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } };
    await establish({
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name },
      spec: {
        group, scope: 'Namespaced', names: { plural: 'gizmos', kind: 'Gizmo' },
        versions: [
          { name: 'v1beta1', served: true, storage: false, deprecated: true, schema },
          { name: 'v1', served: true, storage: true, schema },
        ],
      },
    });
    const created = await api('POST', `/apis/${group}/v1beta1/namespaces/${ns}/gizmos`, { body: { apiVersion: `${group}/v1beta1`, kind: 'Gizmo', metadata: { name: 'g1' }, spec: { size: 1 } } });
    expect([created.status, created.json.apiVersion]).toEqual([201, `${group}/v1beta1`]);
    expect(created.headers.get('warning')).toBe(`299 - "${group}/v1beta1 Gizmo is deprecated; use ${group}/v1 Gizmo"`);
    const read = await api('GET', `/apis/${group}/v1/namespaces/${ns}/gizmos/g1`);
    expect([read.json.apiVersion, read.json.spec.size]).toEqual([`${group}/v1`, 1]);
    const updated = await api('PATCH', `/apis/${group}/v1/namespaces/${ns}/gizmos/g1`, { body: { spec: { size: 2 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(updated.json.apiVersion).toBe(`${group}/v1`);
    const listed = await api('GET', `/apis/${group}/v1beta1/namespaces/${ns}/gizmos`);
    expect(listed.json.items.map((item: any) => [item.apiVersion, item.spec.size])).toEqual([[`${group}/v1beta1`, 2]]);
  });

  it('scales through the scale subresource at the CRD\'s paths', async () => {
    const group = newGroup();
    const name = `replicators.${group}`;
    const schema = {
      openAPIV3Schema: {
        type: 'object',
        properties: {
          spec: { type: 'object', properties: { count: { type: 'integer' } } },
          status: { type: 'object', properties: { count: { type: 'integer' }, selector: { type: 'string' } } },
        },
      },
    };
    await establish({
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name },
      spec: {
        group, scope: 'Namespaced', names: { plural: 'replicators', kind: 'Replicator' },
        versions: [{ name: 'v1', served: true, storage: true, schema, subresources: { status: {}, scale: { specReplicasPath: '.spec.count', statusReplicasPath: '.status.count', labelSelectorPath: '.status.selector' } } }],
      },
    });
    const base = `/apis/${group}/v1/namespaces/${ns}/replicators`;
    await api('POST', base, { body: { apiVersion: `${group}/v1`, kind: 'Replicator', metadata: { name: 'r1' }, spec: { count: 1 } } });
    const scaled = await api('PATCH', `${base}/r1/scale`, { body: { spec: { replicas: 4 } }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect([scaled.json.kind, scaled.json.spec.replicas]).toEqual(['Scale', 4]);
    expect((await api('GET', `${base}/r1`)).json.spec.count).toBe(4);
  });
});

describe('deleting the CustomResourceDefinition', () => {
  it('marks it terminating with the cleanup finalizer (golden 090), deletes its objects, then it goes', async () => {
    const doomed = newGroup();
    await establish(widgetDefinition({}, doomed));
    expect((await api('POST', widgets(ns, doomed), { body: widget('w1', { size: 3 }, doomed) })).status).toBe(201);
    const deleted = await api('DELETE', `${crds}/widgets.${doomed}`);
    expect(deleted.json.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    expect(deleted.json.status.conditions.find((c: any) => c.type === 'Terminating')).toMatchObject({
      status: 'True', reason: 'InstanceDeletionPending', message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
    });
    await eventually(async () => (await api('GET', `${crds}/widgets.${doomed}`)).status === 404);
    await eventually(async () => !(await api('GET', `/apis/${doomed}/v1`)).json?.resources?.some((r: any) => r.name === 'widgets'));
    expect((await api('GET', `${widgets(ns, doomed)}/w1`)).status).toBe(404);
  });
});
