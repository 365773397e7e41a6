// managedFields across /scale (managedfields ScaleHandler, scalehandler_test.go's rules): the
// Scale sees only the owners of the parent's replicas; folding back steals replicas from parent
// managers the Scale no longer lists, keeps the others, and adds the Scale's new owners.
import { describe, expect, it } from 'vitest';
import { fieldElement, parentManagedFields, scaleManagedFields } from '../../src/apply/index.js';

const mapping = { apiVersion: 'apps/v1', path: [fieldElement('spec'), fieldElement('replicas')] };
const entry = (manager: string, operation: 'Apply' | 'Update', fieldsV1: object, extra: object = {}) =>
  ({ manager, operation, apiVersion: 'apps/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1, ...extra });
const replicas = { 'f:spec': { 'f:replicas': {} } };
const replicasAndImage = { 'f:spec': { 'f:replicas': {}, 'f:template': {} } };

describe('ToSubresource', () => {
  it('lists only the owners of replicas, each owning the Scale\'s .spec.replicas', () => {
    const parent = [entry('kubectl', 'Apply', replicasAndImage), entry('labeler', 'Update', { 'f:metadata': { 'f:labels': {} } })];
    expect(scaleManagedFields(parent, mapping)).toEqual([
      { manager: 'kubectl', operation: 'Apply', apiVersion: 'autoscaling/v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: replicas },
    ]);
  });

  it('skips entries of another apiVersion', () => {
    expect(scaleManagedFields([{ ...entry('old', 'Apply', replicas), apiVersion: 'apps/v1beta2' }], mapping)).toEqual([]);
  });
});

describe('ToParent', () => {
  it('steals replicas from a parent owner the Scale no longer lists, keeping its other fields', () => {
    const parent = [entry('kubectl', 'Apply', replicasAndImage)];
    const scale = [{ manager: 'hpa', operation: 'Apply', apiVersion: 'autoscaling/v1', fieldsType: 'FieldsV1', fieldsV1: replicas, subresource: 'scale' }];
    expect(parentManagedFields(parent, scale, mapping)).toEqual([
      { manager: 'hpa', operation: 'Apply', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: replicas, subresource: 'scale' },
      entry('kubectl', 'Apply', { 'f:spec': { 'f:template': {} } }),
    ]);
  });

  it('drops a parent owner left with nothing, and keeps an owner the Scale still lists as it was', () => {
    const parent = [entry('only-replicas', 'Update', replicas), entry('kubectl', 'Apply', replicasAndImage)];
    const scale = scaleManagedFields(parent, mapping).filter((item) => item.manager === 'kubectl');
    expect(parentManagedFields(parent, scale, mapping)).toEqual([entry('kubectl', 'Apply', replicasAndImage)]);
  });

  it('drops parent entries of another apiVersion', () => {
    expect(parentManagedFields([{ ...entry('old', 'Update', { 'f:metadata': {} }), apiVersion: 'apps/v1beta2' }], [], mapping)).toEqual([]);
  });
});
