/**
 * Unknown and repeated fields in a server-side apply (application/apply-patch+yaml), as
 * kube-apiserver v1.32.13 answers them (asked of ../shared/kube): an unknown field is refused by
 * the apply's typing whatever fieldValidation says, 500 `failed to create typed patch object
 * (/x; /v1, Kind=ConfigMap): .unknownField: field not declared in schema` (the namespace is the
 * configuration's) (several structs
 * with one: `errors:\n  .a: ...\n  .b: ...`; list items named by their keys:
 * `.spec.template.spec.containers[name="c"].bar`); for a custom resource too (the conformance spec
 * "FieldValidation should create/apply an invalid CR with extra properties for CRD with validation
 * schema"; an x-kubernetes-embedded-resource object's metadata is ObjectMeta:
 * `.spec.template.metadata.unknownSubMeta`), but not under x-kubernetes-preserve-unknown-fields. A repeated key: Strict 400 `error
 * strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "a"
 * already set in map`, Warn (and no directive) a warning `line 7: key "a" already set in map`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

let ns = '';
const applyYaml = { 'content-type': 'application/apply-patch+yaml' };
const apply = (path: string, yaml: string, query = '') => api('PATCH', `${path}?fieldManager=m&dryRun=All${query}`, { body: yaml, headers: applyYaml });

beforeAll(async () => {
  ns = await freshNamespace('apply-unknown');
});

describe('server-side apply of unknown fields', () => {
  it.each(['Strict', 'Warn', 'Ignore', ''])('refuses a ConfigMap with an unknown field whatever the directive (%s)', async (directive) => {
    const answer = await apply(`/api/v1/namespaces/${ns}/configmaps/x`, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\nunknownField: 1\ndata:\n  a: b\n', `&fieldValidation=${directive}`);
    expect(answer.status).toBe(500);
    expect(answer.json.message).toBe(`failed to create typed patch object (/x; /v1, Kind=ConfigMap): .unknownField: field not declared in schema`);
  });

  it('names list items by their keys and reports every struct with an unknown field', async () => {
    const yaml = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: x\nspec:\n  template:\n    spec:\n      containers:\n      - name: c\n        ports:\n        - containerPort: 80\n          zed: 1\n      tolerations:\n      - key: a\n        zz: 1\n';
    const answer = await apply(`/apis/apps/v1/namespaces/${ns}/deployments/x`, yaml);
    expect(answer.json.message).toBe('failed to create typed patch object (/x; apps/v1, Kind=Deployment): errors:\n'
      + '  .spec.template.spec.containers[name="c"].ports[containerPort=80,protocol="TCP"].zed: field not declared in schema\n'
      + '  .spec.template.spec.tolerations[0].zz: field not declared in schema');
  });

  it('refuses a custom resource\'s unknown field, but not under x-kubernetes-preserve-unknown-fields', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'noxus.unknown.example.com' },
      spec: {
        group: 'unknown.example.com', scope: 'Cluster', names: { plural: 'noxus', singular: 'noxu', kind: 'Noxu', listKind: 'NoxuList' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: {
          type: 'object', properties: {
            spec: { type: 'object', properties: { foo: { type: 'string' }, template: { type: 'object', 'x-kubernetes-embedded-resource': true, properties: { spec: { type: 'object' } } } } },
            free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
          },
        } } }],
      },
    };
    expect((await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: crd })).status).toBe(201);
    const path = '/apis/unknown.example.com/v1/noxus/mytest';
    await eventually(async () => (await api('GET', '/apis/unknown.example.com/v1/noxus')).status === 200);
    const refused = await apply(path, 'apiVersion: unknown.example.com/v1\nkind: Noxu\nmetadata:\n  name: mytest\nunknownField: unknown\nspec:\n  foo: foo1\n', '&fieldValidation=Strict');
    expect(refused.status).toBe(500);
    expect(refused.json.message).toBe('failed to create typed patch object (/mytest; unknown.example.com/v1, Kind=Noxu): .unknownField: field not declared in schema');
    const embedded = await apply(path, 'apiVersion: unknown.example.com/v1\nkind: Noxu\nmetadata:\n  name: mytest\nspec:\n  template:\n    kind: Sub\n    metadata:\n      unknownSubMeta: unknown\n', '&fieldValidation=Strict');
    expect(embedded.json.message).toBe('failed to create typed patch object (/mytest; unknown.example.com/v1, Kind=Noxu): .spec.template.metadata.unknownSubMeta: field not declared in schema');
    const preserved = await apply(path, 'apiVersion: unknown.example.com/v1\nkind: Noxu\nmetadata:\n  name: mytest\nfree:\n  anything: 1\n', '&fieldValidation=Strict');
    expect(preserved.status, preserved.text).toBe(201);
    expect(preserved.json.free).toEqual({ anything: 1 });
  });
});

describe('server-side apply of repeated keys', () => {
  const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n  a: c\n';

  it('refuses them with Strict in the applyPatcher\'s words', async () => {
    const answer = await apply(`/api/v1/namespaces/${ns}/configmaps/x`, yaml, '&fieldValidation=Strict');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ reason: 'BadRequest', message: 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "a" already set in map' });
  });

  it.each(['Warn', ''])('warns of them with %s', async (directive) => {
    const answer = await apply(`/api/v1/namespaces/${ns}/configmaps/x`, yaml, `&fieldValidation=${directive}`);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('warning')).toBe('299 - "line 7: key \\"a\\" already set in map"');
  });
});
