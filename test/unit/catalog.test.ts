import { afterAll, describe, expect, it } from 'vitest';
import {
  builtinCatalog, findResource, groupVersions, groups, preferredVersion, resourcesOf,
  type CatalogData, type ResourceType,
} from '../../src/api/catalog.js';

// Node built-ins are loaded untyped: tsconfig types the Worker runtime only, and a
// `reference types="node"` here would put Node globals into every src file's typecheck.
const nodeModule = (name: string): Promise<any> => import(name);
const { execFileSync } = await nodeModule('node:child_process');
const { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = await nodeModule('node:fs');
const { tmpdir } = await nodeModule('node:os');
const { dirname, join } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');

const PROJECT: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../..');
const GOLDEN = join(PROJECT, 'reference/golden/kube-v1.26.0');
const SCRIPT = join(PROJECT, 'scripts/build-catalog.mjs');
const body = (file: string): any => JSON.parse(readFileSync(join(GOLDEN, file), 'utf8')).response.body;

interface GoldenResource {
  resource: string;
  responseKind: { group: string; version: string; kind: string };
  scope: 'Namespaced' | 'Cluster';
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: { subresource: string; responseKind: { group: string; version: string; kind: string }; verbs: string[] }[];
}
interface GoldenGroup { metadata: { name?: string }; versions: { version: string; resources: GoldenResource[] }[] }

const aggregated: GoldenGroup[] = [...body('005-discovery-aggregated-api.json').items, ...body('006-discovery-aggregated-apis.json').items];
// Every GA group-version of the recordings is served (apiregistration.k8s.io/v1 from kube v1.32's
// own document); flowcontrol.apiserver.k8s.io/v1 went GA after v1.26, so the recordings lack it.
const NOT_BUILT_IN: string[] = [];
const NEWER_GROUP_VERSIONS = ['flowcontrol.apiserver.k8s.io/v1'];
// GA after v1.26, so absent from the recordings (reference/overlays/v1.32-types.json; checked in
// test/unit/admissionregistration-catalog.test.ts).
const NEWER_THAN_RECORDINGS = ['authentication.k8s.io/v1/selfsubjectreviews',
  'admissionregistration.k8s.io/v1/validatingadmissionpolicies', 'admissionregistration.k8s.io/v1/validatingadmissionpolicybindings'];
const gaVersions = aggregated.flatMap((g) =>
  g.versions.filter((v) => /^v\d+$/.test(v.version)).map((v) => ({ group: g.metadata.name ?? '', ...v })),
);
const servedGVs = gaVersions.filter((gv) => !NOT_BUILT_IN.includes(`${gv.group}/${gv.version}`));
const goldenRows = servedGVs.flatMap((gv) =>
  gv.resources.map((r) => [`${gv.group}/${gv.version}/${r.resource}`, gv.group, gv.version, r] as const),
);

describe('catalog vs. aggregated discovery (kube v1.26)', () => {
  it.each(servedGVs.map((gv) => [`${gv.group}/${gv.version}`, gv] as const))('%s serves the same resources, in order', (_gv, gv) => {
    const recorded = resourcesOf(gv.group, gv.version).filter((r) => !NEWER_THAN_RECORDINGS.includes(`${r.group}/${r.version}/${r.resource}`));
    expect(recorded.map((r) => r.resource)).toEqual(gv.resources.map((r) => r.resource));
  });

  it.each(goldenRows)('%s', (_key, group, version, want) => {
    const got = findResource(group, version, want.resource);
    expect(got).toBeDefined();
    const r = got as ResourceType;
    expect(r.kind).toBe(want.responseKind.kind);
    expect(r.listKind).toBe(want.verbs.includes('list') ? `${want.responseKind.kind}List` : undefined);
    expect(r.singularName).toBe(want.responseKind.kind.toLowerCase());
    expect(r.namespaced).toBe(want.scope === 'Namespaced');
    expect(r.verbs).toEqual(want.verbs);
    expect(r.shortNames).toEqual(want.shortNames);
    expect(r.categories).toEqual(want.categories);
    expect(r.virtual).toBe(want.verbs.includes('watch') ? undefined : true);
    const subs = (want.subresources ?? []).map((s) => ({
      name: s.subresource,
      kind: s.responseKind.kind,
      ...(s.responseKind.group || s.responseKind.version ? { group: s.responseKind.group, version: s.responseKind.version } : {}),
      verbs: s.verbs,
    }));
    expect(r.subresources ?? []).toStrictEqual(subs);
  });

  it('serves every recorded GA group-version, and the one that went GA since', () => {
    const all = gaVersions.map((gv) => `${gv.group}/${gv.version}`);
    const ours = groupVersions().map((gv) => `${gv.group}/${gv.version}`);
    expect(all.filter((gv) => !ours.includes(gv))).toEqual(NOT_BUILT_IN);
    expect(ours.filter((gv) => !all.includes(gv))).toEqual(NEWER_GROUP_VERSIONS);
  });
});

describe('catalog vs. legacy discovery (003 /api/v1, 004 /apis/apps/v1)', () => {
  const legacy = (file: string, group: string) =>
    (body(file).resources as any[]).map((r) => [`${group}/${r.name}`, group, r] as const);
  it.each([...legacy('003-discovery-api-v1.json', ''), ...legacy('004-discovery-apps-v1.json', 'apps')])('%s', (_key, group, want) => {
    const [resource, sub] = (want.name as string).split('/');
    const r = findResource(group, 'v1', resource as string) as ResourceType;
    expect(r.namespaced).toBe(want.namespaced);
    if (sub === undefined) {
      expect(r.kind).toBe(want.kind);
      expect(r.storageVersionHash).toBe(want.storageVersionHash);
      return;
    }
    const s = r.subresources?.find((x) => x.name === sub);
    expect(s).toStrictEqual({ name: sub, kind: want.kind, ...(want.group ? { group: want.group, version: want.version } : {}), verbs: want.verbs });
  });
});

describe('storageVersionHash of resources the legacy recordings do not show', () => {
  // Values from kube's test/integration/etcd storageversionhashdata (v1.32 storage versions):
  // both HPA versions hash as autoscaling/v2, events.k8s.io events as core v1 Event.
  it.each([
    ['autoscaling', 'v1', 'horizontalpodautoscalers', 'qwQve8ut294='],
    ['autoscaling', 'v2', 'horizontalpodautoscalers', 'qwQve8ut294='],
    ['events.k8s.io', 'v1', 'events', 'r2yiGXH7wu8='],
    ['batch', 'v1', 'jobs', 'mudhfqk/qZY='],
    ['storage.k8s.io', 'v1', 'csistoragecapacities', 'xeVl+2Ly1kE='],
    ['admissionregistration.k8s.io', 'v1', 'validatingwebhookconfigurations', 'B0wHjQmsGNk='],
    ['authorization.k8s.io', 'v1', 'subjectaccessreviews', undefined],
  ])('%s/%s %s', (group, version, resource, hash) => {
    expect(findResource(group, version, resource)?.storageVersionHash).toBe(hash);
  });
});

describe('groups', () => {
  it('follow /apis order (002) with GA versions only, core first', () => {
    expect(groups().map((g) => [g.name, g.versions.join(','), g.preferredVersion])).toEqual([
      ['', 'v1', 'v1'], ['apiregistration.k8s.io', 'v1', 'v1'], ['apps', 'v1', 'v1'], ['events.k8s.io', 'v1', 'v1'], ['authentication.k8s.io', 'v1', 'v1'],
      ['authorization.k8s.io', 'v1', 'v1'], ['autoscaling', 'v2,v1', 'v2'], ['batch', 'v1', 'v1'],
      ['certificates.k8s.io', 'v1', 'v1'], ['networking.k8s.io', 'v1', 'v1'], ['policy', 'v1', 'v1'],
      ['rbac.authorization.k8s.io', 'v1', 'v1'], ['storage.k8s.io', 'v1', 'v1'], ['admissionregistration.k8s.io', 'v1', 'v1'],
      ['apiextensions.k8s.io', 'v1', 'v1'], ['scheduling.k8s.io', 'v1', 'v1'], ['coordination.k8s.io', 'v1', 'v1'],
      ['node.k8s.io', 'v1', 'v1'], ['discovery.k8s.io', 'v1', 'v1'], ['flowcontrol.apiserver.k8s.io', 'v1', 'v1'],
    ]);
    const apis = (body('002-discovery-apis.json').groups as any[]).map((g) => g.name);
    const ours = builtinCatalog.namedGroups().map((g) => g.name);
    expect(apis.filter((n) => ours.includes(n))).toEqual(ours);
  });

  it.each([['', 'v1'], ['autoscaling', 'v2'], ['apps', 'v1'], ['flowcontrol.apiserver.k8s.io', 'v1'], ['resource.k8s.io', undefined]])('preferredVersion(%j)', (g, v) => {
    expect(preferredVersion(g)).toBe(v);
  });

  it('lists group-versions in kube order with apiVersion strings', () => {
    const gvs = groupVersions();
    expect(gvs.slice(0, 3).map((gv) => [gv.groupVersion, gv.preferred, gv.resources.length])).toEqual([['v1', true, 17], ['apiregistration.k8s.io/v1', true, 1], ['apps/v1', true, 5]]);
    expect(gvs.filter((gv) => gv.group === 'autoscaling').map((gv) => [gv.groupVersion, gv.preferred])).toEqual([['autoscaling/v2', true], ['autoscaling/v1', false]]);
  });
});

describe('Catalog.extend (custom resources over the built-ins)', () => {
  const widget: ResourceType = {
    group: 'example.com', version: 'v1beta1', resource: 'widgets', kind: 'Widget', listKind: 'WidgetList',
    singularName: 'widget', namespaced: true, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
  };
  it('adds new groups after the built-ins and keeps the static catalog unchanged', () => {
    const view = builtinCatalog.extend([widget, { ...widget, version: 'v1' }]);
    expect(view.groups().map((g) => g.name).slice(-2)).toEqual(['flowcontrol.apiserver.k8s.io', 'example.com']);
    expect(view.group('example.com')).toEqual({ name: 'example.com', versions: ['v1', 'v1beta1'], preferredVersion: 'v1' });
    expect(view.findResource('example.com', 'v1beta1', 'widgets')).toBe(widget);
    expect(view.findResource('', 'v1', 'pods')?.kind).toBe('Pod');
    expect(findResource('example.com', 'v1beta1', 'widgets')).toBeUndefined();
  });
});

describe('scripts/build-catalog.mjs', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'catalog-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const run = (...args: string[]) => execFileSync(process.execPath, [SCRIPT, ...args], { cwd: PROJECT, stdio: 'pipe' });

  it('regenerates data/catalog.json byte for byte', () => {
    run(join(tmp, 'again.json'));
    expect(readFileSync(join(tmp, 'again.json'), 'utf8')).toBe(readFileSync(join(PROJECT, 'data/catalog.json'), 'utf8'));
  });

  it('takes newer group-versions from dropped-in OpenAPI documents (v1.32 flowcontrol v1, VAP v1)', () => {
    const dir = join(tmp, 'openapi');
    cpSync(join(PROJECT, 'reference/openapi/v3'), dir, { recursive: true });
    writeFileSync(join(dir, 'apis__flowcontrol.apiserver.k8s.io__v1_openapi.json'), JSON.stringify(crudDoc('flowcontrol.apiserver.k8s.io', 'flowschemas', 'FlowSchema')));
    writeFileSync(join(dir, 'apis__admissionregistration.k8s.io__v1_vap_openapi.json'), JSON.stringify(crudDoc('admissionregistration.k8s.io', 'validatingadmissionpolicies', 'ValidatingAdmissionPolicy')));
    run(join(tmp, 'newer.json'), `--openapi=${dir}`);
    const data = JSON.parse(readFileSync(join(tmp, 'newer.json'), 'utf8')) as CatalogData;
    expect(data.groups.map((g) => g.name).slice(-2)).toEqual(['discovery.k8s.io', 'flowcontrol.apiserver.k8s.io']);
    const find = (g: string, r: string) => data.resources.find((x) => x.group === g && x.resource === r);
    expect(find('flowcontrol.apiserver.k8s.io', 'flowschemas')).toStrictEqual({
      group: 'flowcontrol.apiserver.k8s.io', version: 'v1', resource: 'flowschemas', kind: 'FlowSchema', listKind: 'FlowSchemaList',
      singularName: 'flowschema', namespaced: false, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
      storageVersionHash: 'GJVAJZSZBIw=', subresources: [{ name: 'status', kind: 'FlowSchema', verbs: ['get', 'patch', 'update'] }],
    });
    const vap = find('admissionregistration.k8s.io', 'validatingadmissionpolicies');
    expect([vap?.categories, vap?.storageVersionHash]).toEqual([['api-extensions'], '6OxvlMmQ6is=']);
  });
});

/** A minimal OpenAPI v3 document for a cluster-scoped v1 resource with a status subresource. */
function crudDoc(group: string, plural: string, kind: string) {
  const base = `/apis/${group}/v1`;
  const gvk = { group, version: 'v1', kind };
  const op = (action: string) => ({ 'x-kubernetes-action': action, 'x-kubernetes-group-version-kind': gvk });
  const list = { ...op('list'), responses: { 200: { content: { 'application/json': { schema: { $ref: `#/components/schemas/x.${kind}List` } } } } } };
  return {
    paths: {
      [`${base}/${plural}`]: { get: list, post: op('post'), delete: op('deletecollection') },
      [`${base}/${plural}/{name}`]: { get: op('get'), put: op('put'), patch: op('patch'), delete: op('delete') },
      [`${base}/${plural}/{name}/status`]: { get: op('get'), put: op('put'), patch: op('patch') },
      [`${base}/watch/${plural}`]: { get: op('watchlist') },
    },
    components: { schemas: { [`x.${kind}List`]: { 'x-kubernetes-group-version-kind': [{ ...gvk, kind: `${kind}List` }] } } },
  };
}
