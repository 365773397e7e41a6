/**
 * managedFields on the wire (src/apply/managed-fields.ts): decoding refuses what kube's
 * DecodeManagedFields refuses, encoding writes only the fields an entry has, in kube's order of
 * entries (operation, time in seconds, manager, apiVersion, subresource), and the reset forms.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeManagedFields, encodeManagedFields, isResetManagedFields, ManagedFieldsDecodeError, unixSeconds,
} from '../../src/apply/managed-fields.js';

const entry = (extra: Record<string, unknown> = {}) =>
  ({ manager: 'm', operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } }, ...extra });

const roundTrip = (entries: unknown[]) => encodeManagedFields(decodeManagedFields(entries));

describe('decodeManagedFields', () => {
  it('reads nothing from null or an absent list', () => {
    expect(roundTrip(null as never)).toEqual([]);
    expect(encodeManagedFields(decodeManagedFields(undefined))).toEqual([]);
  });

  it.each([
    ['a list is required', { not: 'a list' }, 'managedFields must be a list'],
    ['each entry is an object', ['entry'], 'managed fields entry 0 must be an object'],
    ['the operation is Apply or Update', [entry({ operation: 'Patch' })], 'operation must be `Apply` or `Update`'],
    ['the apiVersion is set', [entry({ apiVersion: '' })], 'apiVersion must not be empty'],
    ['the apiVersion is a string', [entry({ apiVersion: 1 })], 'apiVersion must not be empty'],
    ['the fieldsType is set', [entry(), entry({ fieldsType: '' })], 'missing fieldsType in managed fields entry 1'],
    ['the fieldsType is present', [entry({ fieldsType: undefined })], 'missing fieldsType in managed fields entry 0'],
    ['the fieldsType is FieldsV1', [entry({ fieldsType: 'FieldsV2' })], 'invalid fieldsType "FieldsV2" in managed fields entry 0'],
  ])('refuses: %s', (_name, entries, message) => {
    expect(() => decodeManagedFields(entries)).toThrow(ManagedFieldsDecodeError);
    expect(() => decodeManagedFields(entries)).toThrow(message);
  });
});

describe('encodeManagedFields', () => {
  it('writes the fields an entry has, in Go order, and leaves out an empty manager, time and subresource', () => {
    expect(roundTrip([entry({ time: '2024-01-01T00:00:00Z', subresource: 'status' })])).toEqual([
      { manager: 'm', operation: 'Apply', apiVersion: 'v1', time: '2024-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } }, subresource: 'status' },
    ]);
    const bare = roundTrip([entry({ manager: '', subresource: '' })]);
    expect(bare).toEqual([{ operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }]);
    expect(Object.keys(roundTrip([entry({ time: '2024-01-01T00:00:00Z' })])[0]!)).toEqual(['manager', 'operation', 'apiVersion', 'time', 'fieldsType', 'fieldsV1']);
    expect(roundTrip([entry({ manager: 7, subresource: 8, time: 9 })])).toEqual([{ operation: 'Apply', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }]);
  });

  // An Apply manager is one entry whatever its apiVersion; Update managers are kept per apiVersion.
  it('sorts by operation, then time in whole seconds, then manager, apiVersion and subresource', () => {
    const sorted = roundTrip([
      entry({ manager: 'z', operation: 'Update', time: '2024-01-01T00:00:09Z' }),
      entry({ manager: 'u', operation: 'Update', time: '2024-01-01T00:00:05Z', apiVersion: 'v2' }),
      entry({ manager: 'u', operation: 'Update', time: '2024-01-01T00:00:05.700Z', apiVersion: 'v1' }),
      entry({ manager: 'b', time: '2024-01-01T00:00:05.900Z' }),
      entry({ manager: 'a', time: '2024-01-01T00:00:05.100Z', subresource: 'status' }),
      entry({ manager: 'a', time: '2024-01-01T00:00:05Z' }),
      entry({ manager: 'c' }),
    ]);
    expect(sorted.map((item) => [item.operation, item.manager, item.apiVersion, item.subresource ?? ''])).toEqual([
      ['Apply', 'c', 'v1', ''],
      ['Apply', 'a', 'v1', ''],
      ['Apply', 'a', 'v1', 'status'],
      ['Apply', 'b', 'v1', ''],
      ['Update', 'u', 'v1', ''],
      ['Update', 'u', 'v2', ''],
      ['Update', 'z', 'v1', ''],
    ]);
  });
});

describe('unixSeconds', () => {
  it.each([
    [undefined, 0], ['not a time', 0], ['1970-01-01T00:00:01.999Z', 1], ['2024-01-01T00:00:00Z', 1704067200],
  ])('%s -> %d', (time, seconds) => {
    expect(unixSeconds(time)).toBe(seconds);
  });
});

describe('isResetManagedFields', () => {
  it.each([
    ['an empty list', [], true],
    ['one empty entry', [{}], true],
    ['one entry of empty values', [{ manager: '', operation: null }], true],
    ['one real entry', [{ manager: 'm' }], false],
    ['two empty entries', [{}, {}], false],
    ['one entry that is not an object', ['x'], false],
    ['null (unchanged)', null, false],
    ['absent (unchanged)', undefined, false],
  ])('%s: %s', (_name, managedFields, reset) => {
    expect(isResetManagedFields(managedFields)).toBe(reset);
  });
});
