/**
 * applyConfiguration around SMD's Apply, as kube's FieldManager wraps it
 * (k8s.io/apimachinery/pkg/util/managedfields/internal): versioncheck.go, structuredmerge.go
 * (managedFields must be nil), skipnonapplied.go (before-first-apply), managedfieldsupdater.go (time
 * only when the object changed), lastappliedmanager.go / lastappliedupdater.go (kubectl interop),
 * conflict.go (printManager), and fieldmanager_test.go: TestUpdateApplyConflict, TestVersionCheck,
 * TestVersionCheckDoesNotPanic, TestApplyFailsWithManagedFields, TestNoOpChanges,
 * TestApplyDoesNotChangeManagedFields, TestNoTrackManagedFieldsForClientSideApply,
 * TestInteropForClientSideApplyAndServerSideApply, TestServerSideApplyWithInvalidLastApplied.
 */
import { describe, expect, it } from 'vitest';
import {
  applyConfiguration, builtinManagedFieldsSchema, customResourceManagedFieldsSchema, ignoreManagedFieldsTimestamps, lastAppliedConfigAnnotation,
  updateManagedFields, type ApplyConfigurationInput, type ManagedFieldsEntry,
} from '../../src/apply/index.js';
import { StatusError } from '../../src/apimachinery/status.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const configMaps = builtinManagedFieldsSchema('', 'v1', 'ConfigMap');
const deployments = builtinManagedFieldsSchema('apps', 'v1', 'Deployment');
const now = '2024-01-01T00:00:00Z';
const later = '2024-01-01T00:05:00Z';

const configMap = (data: Record<string, string>, metadata: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', ...metadata }, data });

const apply = (input: Partial<ApplyConfigurationInput> & { config: KubeObject; manager: string }) =>
  applyConfiguration({ live: null, force: false, apiVersion: 'v1', kind: 'ConfigMap', now, schema: configMaps, ...input });

function statusOf(run: () => unknown): StatusError['status'] {
  try {
    run();
  } catch (error) {
    if (error instanceof StatusError) return error.status;
    throw error;
  }
  throw new Error('expected a StatusError');
}

const nginx = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment', labels: { app: 'nginx' } },
  spec: { replicas: 3, selector: { matchLabels: { app: 'nginx' } }, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } } },
};

describe('apply creating a built-in object (Go\'s empty object as live)', () => {
  const result = applyConfiguration({ live: null, config: nginx, manager: 'm', force: false, apiVersion: 'apps/v1', kind: 'Deployment', now, schema: deployments });

  it('owns what the configuration names: leaves and list items, no "." for structs or maps', () => {
    expect(JSON.stringify(result.managedFields[0]!.fieldsV1)).toBe(
      '{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:replicas":{},"f:selector":{},"f:template":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:name":{}}}}}}}',
    );
  });

  it('returns the object as Go encodes it: value structs present, in the configuration\'s order first', () => {
    expect(Object.keys(result.object)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
    expect(result.object.status).toEqual({});
    expect(result.object.spec).toMatchObject({ strategy: {}, template: { metadata: { creationTimestamp: null } } });
  });
});

describe('ownership against earlier writers', () => {
  it('changing what an update created conflicts (TestUpdateApplyConflict)', () => {
    const managedFields = updateManagedFields({ live: null, updated: nginx, manager: 'fieldmanager_test', apiVersion: 'apps/v1', now, schema: deployments, resetFields: [['status']] });
    const live = { ...nginx, metadata: { ...nginx.metadata, uid: 'u', managedFields } };
    const status = statusOf(() => applyConfiguration({
      live, config: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deployment' }, spec: { replicas: 101 } },
      manager: 'fieldmanager_conflict', force: false, apiVersion: 'apps/v1', kind: 'Deployment', now, schema: deployments,
    }));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "fieldmanager_test" using apps/v1: .spec.replicas');
  });

  it('an object that tracked nothing gives its fields to "before-first-apply", listed after the applier; unchanged values are shared', () => {
    const live = configMap({ a: '1' }, { uid: 'u' });
    const result = apply({ live, config: configMap({ a: '1', b: '2' }), manager: 'applier' });
    expect(result.managedFields.map((entry) => [entry.operation, entry.manager, entry.fieldsV1])).toEqual([
      ['Apply', 'applier', { 'f:data': { 'f:a': {}, 'f:b': {} } }],
      ['Update', 'before-first-apply', { 'f:data': { '.': {}, 'f:a': {} } }],
    ]);
  });

  it('…and changing one of those fields conflicts with it', () => {
    const status = statusOf(() => apply({ live: configMap({ a: '1' }, { uid: 'u' }), config: configMap({ a: '2' }), manager: 'applier' }));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.a');
  });

  it('an apply through a subresource is its own entry and prints as such in conflicts', () => {
    const things = customResourceManagedFieldsSchema({ type: 'object', properties: { status: { type: 'object', properties: { phase: { type: 'string' } } } } });
    const thing = (phase: string): KubeObject => ({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 't' }, status: { phase } });
    const first = applyConfiguration({ live: null, config: thing('Running'), manager: 'kubelet', subresource: 'status', force: false, apiVersion: 'example.com/v1', now, schema: things });
    expect(first.managedFields[0]).toMatchObject({ manager: 'kubelet', operation: 'Apply', subresource: 'status' });
    const status = statusOf(() => applyConfiguration({ live: first.object, config: thing('Done'), manager: 'other', force: false, apiVersion: 'example.com/v1', now, schema: things }));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "kubelet" with subresource "status": .status.phase');
  });

  it('reset fields are not owned by the applier (a main-resource apply never owns status)', () => {
    const pods = builtinManagedFieldsSchema('', 'v1', 'Pod');
    const pod: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] }, status: { phase: 'Running' } };
    const result = applyConfiguration({ live: null, config: pod, manager: 'm', force: false, apiVersion: 'v1', kind: 'Pod', now, schema: pods, resetFields: [['status']] });
    expect(Object.keys(result.managedFields[0]!.fieldsV1!)).toEqual(['f:spec']);
  });
});

describe('no-op applies (TestNoOpChanges, TestApplyDoesNotChangeManagedFields)', () => {
  const first = apply({ config: configMap({ a: '1' }), manager: 'applier' });

  it('re-applying the same configuration changes nothing, not even the time', () => {
    const again = apply({ live: first.object, config: configMap({ a: '1' }), manager: 'applier', now: later });
    expect(again.changed).toBe(false);
    expect(again.managedFields).toEqual(first.managedFields);
  });

  it('a new applier of the same values gets an entry, without a time (the object did not change)', () => {
    const other = apply({ live: first.object, config: configMap({ a: '1' }), manager: 'other', now: later });
    expect(other.changed).toBe(false);
    expect(other.managedFields.find((entry) => entry.manager === 'other')).toEqual({
      manager: 'other', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } },
    });
  });

  it('the applier\'s time moves when its apply changes the object; an entry without a time sorts first (as 0)', () => {
    const two = apply({ live: first.object, config: configMap({ a: '1' }), manager: 'other', now: later });
    const changed = apply({ live: two.object, config: configMap({ a: '1', b: '2' }), manager: 'applier', now: later });
    expect(changed.managedFields.map((entry) => [entry.manager, entry.time])).toEqual([['other', undefined], ['applier', later]]);
  });
});

describe('requests kube refuses', () => {
  it.each([
    ['another version (TestVersionCheck)', { apiVersion: 'apps/v1beta1', kind: 'Deployment', metadata: { name: 'd' } }, 'invalid object type: apps/v1beta1, Kind=Deployment'],
    ['no version or kind (TestVersionCheckDoesNotPanic)', {} as KubeObject, 'invalid object type: /, Kind='],
    ['managedFields in the configuration (TestApplyFailsWithManagedFields)', { ...nginx, metadata: { name: 'd', managedFields: [{ manager: 'test' }] } }, 'metadata.managedFields must be nil'],
  ])('%s: 400', (_name, config, message) => {
    const status = statusOf(() => applyConfiguration({ live: null, config: config as KubeObject, manager: 'm', force: false, apiVersion: 'apps/v1', kind: 'Deployment', now, schema: deployments }));
    expect(status).toMatchObject({ code: 400, reason: 'BadRequest', message });
  });

  it('a null managedFields decodes as nil and is accepted', () => {
    expect(() => apply({ config: { ...configMap({ a: '1' }), metadata: { name: 'c', managedFields: null as unknown as [] } }, manager: 'm' })).not.toThrow();
  });
});

describe('client-side apply interop for the manager "kubectl" (lastappliedmanager.go, lastappliedupdater.go)', () => {
  const csaAnnotation = '{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"name":"c"}}\n';
  const csaLive = (data: Record<string, string>) => {
    const object = configMap(data, { annotations: { [lastAppliedConfigAnnotation]: csaAnnotation } });
    const managedFields = updateManagedFields({ live: null, updated: object, manager: 'kubectl-client-side-apply', apiVersion: 'v1', now, schema: configMaps });
    return { ...object, metadata: { ...object.metadata, uid: 'u', managedFields } };
  };

  it('conflicts on fields the annotation still matches are forced through: kubectl takes them over', () => {
    const result = apply({ live: csaLive({ a: '1' }), config: configMap({ a: '2' }), manager: 'kubectl' });
    expect(result.object.data).toEqual({ a: '2' });
    expect(result.managedFields.find((entry) => entry.manager === 'kubectl')?.fieldsV1).toEqual({ 'f:data': { 'f:a': {} } });
  });

  it('the annotation is rewritten to the applied configuration, as json.Encoder writes it (sorted, HTML-escaped, newline)', () => {
    const result = apply({ live: csaLive({ a: '1' }), config: configMap({ a: '<2>' }), manager: 'kubectl' });
    expect(result.object.metadata.annotations![lastAppliedConfigAnnotation]).toBe('{"apiVersion":"v1","data":{"a":"\\u003c2\\u003e"},"kind":"ConfigMap","metadata":{"name":"c"}}\n');
  });

  it('a field changed since by someone else still conflicts', () => {
    const live = csaLive({ a: '1' });
    const edited = { ...live, data: { a: '5' } };
    edited.metadata = { ...live.metadata, managedFields: updateManagedFields({ live, updated: edited, manager: 'editor', apiVersion: 'v1', now, schema: configMaps }) };
    expect(statusOf(() => apply({ live: edited, config: configMap({ a: '2' }), manager: 'kubectl' })).message).toBe('Apply failed with 1 conflict: conflict with "editor" using v1: .data.a');
  });

  it('an unreadable annotation excuses nothing and is left alone (TestServerSideApplyWithInvalidLastApplied)', () => {
    const live = csaLive({ a: '1' });
    live.metadata.annotations = { [lastAppliedConfigAnnotation]: 'invalid-object' };
    expect(statusOf(() => apply({ live, config: configMap({ a: '2' }), manager: 'kubectl' })).code).toBe(409);
    const forced = apply({ live, config: configMap({ a: '2' }), manager: 'kubectl', force: true });
    expect(forced.object.metadata.annotations![lastAppliedConfigAnnotation]).toContain('"a":"2"');
  });

  it('other managers neither upgrade nor touch the annotation', () => {
    expect(statusOf(() => apply({ live: csaLive({ a: '1' }), config: configMap({ a: '2' }), manager: 'kubectl-other' })).code).toBe(409);
    const result = apply({ live: csaLive({ a: '1' }), config: configMap({ a: '2' }), manager: 'kubectl-other', force: true });
    expect(result.object.metadata.annotations![lastAppliedConfigAnnotation]).toBe(csaAnnotation);
  });
});

describe('ignoreManagedFieldsTimestamps (IgnoreManagedFieldsTimestampsTransformer)', () => {
  const entry = (time: string): ManagedFieldsEntry => ({ manager: 'm', operation: 'Update', apiVersion: 'v1', time, fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } });

  it('keeps the old times when only times changed', () => {
    const live = configMap({ a: '1' }, { managedFields: [entry(now)] });
    const updated = configMap({ a: '1' }, { managedFields: [entry(later)] });
    expect(ignoreManagedFieldsTimestamps(live, updated).metadata.managedFields).toEqual([entry(now)]);
  });

  it('keeps the new times when anything else changed', () => {
    const live = configMap({ a: '1' }, { managedFields: [entry(now)] });
    const updated = configMap({ a: '2' }, { managedFields: [entry(later)] });
    expect(ignoreManagedFieldsTimestamps(live, updated)).toBe(updated);
  });
});
