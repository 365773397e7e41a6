/**
 * managedFields after every write of the golden recordings (reference/golden/kube-v1.32.13), reproduced
 * exactly: entries, their order, FieldsV1 keys in kube's order with `".": {}` where kube writes
 * it. Times are compared apart (the recordings' clock is not ours). Each `updated` object is the
 * request body as kube's field manager sees it: decoded and defaulted, before PrepareForCreate and
 * admission (which add what the recordings show untracked: Pod status, tolerations, priority).
 */
import { describe, expect, it } from 'vitest';
import {
  applyConfiguration, builtinManagedFieldsSchema, customResourceManagedFieldsSchema, updateManagedFields, type ManagedFieldsEntry,
} from '../../src/apply/index.js';
import { StatusError } from '../../src/apimachinery/status.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { SchemaNode } from '../../src/schema/types.js';

type Recording = { request: { body: unknown }; response: { status: number; body: KubeObject & Record<string, unknown> } };

// Node built-ins are loaded untyped: tsconfig types the Worker runtime only (as in catalog.test.ts).
const nodeModule = (name: string): Promise<any> => import(name);
const { readdirSync, readFileSync } = await nodeModule('node:fs');
const { dirname, join } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');
const goldenDirectory: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../../reference/golden/kube-v1.32.13');

/** The recording whose file name starts with `prefix` (`038` -> 038-configmap-apply-create.json). */
function golden(prefix: string): Recording {
  const file = (readdirSync(goldenDirectory) as string[]).find((name) => name.startsWith(`${prefix}-`))!;
  return JSON.parse(readFileSync(join(goldenDirectory, file), 'utf8')) as Recording;
}

// The time the recordings were made at (whole seconds), so entries sort as kube sorted them.
const now = '2026-11-26T00:16:53Z';

/** The time the recording gave the entry this write produced (entry order depends on times). */
function recordedTime(recording: Recording): string {
  const times = (recording.response.body.metadata.managedFields as ManagedFieldsEntry[]).map((entry) => entry.time!);
  return times.sort().at(-1)!;
}
const core = builtinManagedFieldsSchema('', 'v1', 'ConfigMap');
const withoutTimes = (entries: readonly ManagedFieldsEntry[] | unknown) =>
  (entries as ManagedFieldsEntry[]).map(({ time: _time, ...rest }) => rest);

/** The response object as the field manager saw it before the server filled in its own fields. */
function asRequested(object: KubeObject, drop: string[] = []): KubeObject {
  const { uid: _u, resourceVersion: _r, creationTimestamp: _c, managedFields: _m, generation: _g, ...metadata } = object.metadata;
  const copy: Record<string, unknown> = { ...structuredClone(object), metadata };
  for (const path of drop) {
    const parts = path.split('.');
    let node = copy;
    for (const part of parts.slice(0, -1)) node = node[part] as Record<string, unknown>;
    delete node[parts.at(-1)!];
  }
  return copy as KubeObject;
}

function expectManagedFields(actual: readonly ManagedFieldsEntry[], recording: Recording) {
  const expected = recording.response.body.metadata.managedFields;
  expect(JSON.stringify(withoutTimes(actual))).toBe(JSON.stringify(withoutTimes(expected)));
}

describe('updateManagedFields reproduces the recorded creates (Updater.Update against Go\'s empty object)', () => {
  it.each([
    // 013: the namespace label comes from defaulting (tracked, its map is new: "."); status.phase
    // from defaulting too but status is a reset field; spec.finalizers comes from PrepareForCreate.
    ['013 namespace', '013', 'v1', 'Namespace', '', (body: KubeObject) => ({ ...asRequested(body, ['spec']), status: { phase: 'Active' } }), [['status']]],
    // 015: data and labels are new maps ("."), fieldManager names the entry.
    ['015 configmap', '015', 'v1', 'ConfigMap', 'kubectl-create', (body: KubeObject) => asRequested(body), []],
    // 025: the unknown field was dropped by decoding; no fieldManager: "unknown".
    ['025 configmap, unknown field', '025', 'v1', 'ConfigMap', '', (body: KubeObject) => asRequested(body), []],
    // 027: generateName is owned, the generated name is not (metadata.name is stripped).
    ['027 configmap, generateName', '027', 'v1', 'ConfigMap', '', (body: KubeObject) => asRequested(body), []],
    // 062: an atomic map (selector) is one leaf; ports are keyed by [port, protocol].
    ['062 service', '062', 'v1', 'Service', '', (body: KubeObject) => asRequested(body, ['spec.clusterIP', 'spec.clusterIPs', 'spec.ipFamilies', 'spec.ipFamilyPolicy', 'status']), [['status']]],
    // 065: k:{"name":"c"} items and a two-key k:{"containerPort":80,"protocol":"TCP"}; spec and
    // containers existed in the empty Pod (no "."), labels/ports/items did not.
    ['065 pod', '065', 'v1', 'Pod', '', (body: KubeObject) => asRequested(body, ['status', 'spec.tolerations', 'spec.priority', 'spec.preemptionPolicy']), [['status']]],
    // 072: value structs (spec, strategy, template, template.metadata) exist in the empty
    // Deployment, the pointer rollingUpdate does not; the atomic selector is a leaf.
    ['072 deployment', '072', 'apps/v1', 'Deployment', 'kubectl-create', (body: KubeObject) => asRequested(body), [['status']]],
  ] as const)('%s', (_name, prefix, apiVersion, kind, manager, requested, resetFields) => {
    const recording = golden(prefix);
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const managedFields = updateManagedFields({
      live: null, updated: requested(recording.response.body), manager, apiVersion, now,
      schema: builtinManagedFieldsSchema(group!, version!, kind), resetFields: resetFields.map((path) => [...path]),
    });
    expectManagedFields(managedFields, recording);
  });

  it('082 custom resource: unstructured, so spec is new and gets "." (the CRD default color is tracked)', () => {
    const crd = golden('079').request.body as { spec: { versions: Array<{ schema: { openAPIV3Schema: SchemaNode } }> } };
    const schema = customResourceManagedFieldsSchema(crd.spec.versions[0]!.schema.openAPIV3Schema);
    const recording = golden('082');
    const managedFields = updateManagedFields({ live: null, updated: asRequested(recording.response.body), manager: '', apiVersion: 'golden.example.com/v1', now, schema, resetFields: [['status']] });
    expectManagedFields(managedFields, recording);
  });
});

describe('updateManagedFields reproduces the recorded updates and patches', () => {
  it.each([
    // 035 merge patch from no fieldManager: a second entry; data existed, so no "." for it.
    ['035 merge patch', '015', '035', 'v1', 'ConfigMap'],
    // 037 JSON patch by the same manager: its fields join the entry it already has.
    ['037 JSON patch', '035', '037', 'v1', 'ConfigMap'],
    // 074 strategic merge patch: the image moves from kubectl-create to unknown.
    ['074 deployment image', '072', '074', 'apps/v1', 'Deployment'],
    // 075 delete directive: the removed container leaves kubectl-create; unknown takes nothing, its time stays.
    ['075 deployment container removed', '074', '075', 'apps/v1', 'Deployment'],
  ] as const)('%s', (_name, livePrefix, prefix, apiVersion, kind) => {
    const live = golden(livePrefix).response.body;
    const after = golden(prefix).response.body;
    const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
    const updated = { ...structuredClone(after), metadata: { ...after.metadata, managedFields: live.metadata.managedFields } };
    const managedFields = updateManagedFields({ live, updated, manager: '', apiVersion, now: recordedTime(golden(prefix)), schema: builtinManagedFieldsSchema(group!, version!, kind), resetFields: [['status']] });
    expectManagedFields(managedFields, golden(prefix));
    if (prefix === '075') expect(managedFields[1]!.time).toBe(live.metadata.managedFields![1] && (live.metadata.managedFields![1] as ManagedFieldsEntry).time);
  });

  it('071 status patch: an entry of its own with subresource "status"; spec is a reset field there', () => {
    const live = golden('065').response.body;
    const after = golden('071').response.body;
    const managedFields = updateManagedFields({
      live, updated: { ...after, metadata: { ...after.metadata, managedFields: live.metadata.managedFields } }, manager: '', subresource: 'status',
      apiVersion: 'v1', now: recordedTime(golden('071')), schema: builtinManagedFieldsSchema('', 'v1', 'Pod'),
      resetFields: [['spec'], ['metadata', 'deletionTimestamp'], ['metadata', 'ownerReferences']],
    });
    expectManagedFields(managedFields, golden('071'));
    expect(managedFields[1]).toMatchObject({ manager: 'unknown', operation: 'Update', subresource: 'status' });
  });

  it('042 update after apply: a PUT without managedFields keeps the live ones and adds the editor', () => {
    const live = golden('040').response.body;
    const request = golden('042').request.body as KubeObject;
    const managedFields = updateManagedFields({ live, updated: request, manager: 'editor', apiVersion: 'v1', now, schema: core });
    expectManagedFields(managedFields, golden('042'));
  });
});

describe('applyConfiguration reproduces the recorded applies', () => {
  it('038 apply creates the object: one Apply entry, no "." (an applied config owns leaves and items only)', () => {
    const recording = golden('038');
    const result = applyConfiguration({ live: null, config: recording.request.body as KubeObject, manager: 'kubectl', force: false, apiVersion: 'v1', kind: 'ConfigMap', now, schema: core });
    expectManagedFields(result.managedFields, recording);
    expect(result.object.data).toEqual({ key: 'one', other: 'x' });
    expect(result.object.metadata.labels).toEqual({ team: 'a' });
    expect(result.managedFields[0]!.time).toBe(now);
  });

  it('039 a second manager changing both keys: 409 with kube\'s message and causes', () => {
    const recording = golden('039');
    let error: unknown;
    try {
      applyConfiguration({ live: golden('038').response.body, config: recording.request.body as KubeObject, manager: 'other', force: false, apiVersion: 'v1', kind: 'ConfigMap', now, schema: core });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StatusError);
    expect(JSON.stringify((error as StatusError).status)).toBe(JSON.stringify(recording.response.body));
  });

  it('040 force: the forced field moves to the applier, the rest stays with kubectl', () => {
    const recording = golden('040');
    const result = applyConfiguration({ live: golden('038').response.body, config: recording.request.body as KubeObject, manager: 'other', force: true, apiVersion: 'v1', kind: 'ConfigMap', now, schema: core });
    expectManagedFields(result.managedFields, recording);
    expect(result.object.data).toEqual(recording.response.body.data);
  });
});
