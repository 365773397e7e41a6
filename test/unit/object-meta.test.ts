// Cases follow staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta_test.go
// (TestValidateObjectMetaNamespaces, ...OwnerReferences, ...TrimsTrailingDash, TestValidateAnnotations,
// TestValidateFinalizersUpdate, ...PreventsDeletionFieldMutation, TestObjectMetaGenerationUpdate)
// with kube v1.32's texts; golden 019/020 give the create texts for ConfigMap.
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import {
  checkObjectMetaTypes,
  validateName,
  validateObjectMetaAccessorUpdate,
  validateObjectMetaCreate,
  validateObjectMetaUpdate,
  type NameValidation,
  type ObjectMetaOptions,
} from '../../src/apimachinery/validation/object-meta.js';

const subdomain1123 =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const labelValue =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const qualifiedSyntax =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

const configMap: ObjectMetaOptions = { namespaced: true, nameValidation: 'subdomain', standardFinalizers: true };
const namespace: ObjectMetaOptions = { namespaced: false, nameValidation: 'label', standardFinalizers: true };
const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const owner = (fields: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', name: 'p', uid: '1', ...fields });

describe('validateName', () => {
  it.each<[string, NameValidation, string, boolean, string[]]>([
    ['subdomain prefix may end in a dash', 'subdomain', 'foo-', true, []],
    ['subdomain name may not', 'subdomain', 'foo-', false, [subdomain1123]],
    ['masking drops the character before the dash', 'label', 'a.-', true, []],
    ['a lone dash is checked as "a"', 'subdomain', '-', true, []],
    ['label refuses dots', 'label', 'a.b', false, ['must not contain dots']],
    ['dns1035 prefix', 'dns1035', 'web-', true, []],
    ['path segment name', 'pathSegment', '..', false, ["may not be '..'"]],
    ['path segment prefix', 'pathSegment', '..', true, []],
    ['none accepts anything', 'none', 'A/B%', false, []],
  ])('%s', (_name, kind, value, prefix, want) => {
    expect(validateName(kind, value, prefix)).toEqual(want);
  });
});

describe('validateObjectMetaCreate texts', () => {
  it.each<[string, Record<string, unknown>, ObjectMetaOptions, string[]]>([
    ['valid', { name: 'a', namespace: 'ns', labels: { app: 'x' } }, configMap, []],
    ['golden 019', { name: 'Bad_Name', namespace: 'golden' }, configMap, [`metadata.name: Invalid value: "Bad_Name": ${subdomain1123}`]],
    ['golden 020', { name: 'badlabel', namespace: 'golden', labels: { x: '-bad-' } }, configMap, [`metadata.labels: Invalid value: "-bad-": ${labelValue}`]],
    ['bad label key', { name: 'a', namespace: 'ns', labels: { '-k': 'v' } }, configMap, [`metadata.labels: Invalid value: "-k": name part ${qualifiedSyntax}`]],
    ['no name', { namespace: 'ns' }, configMap, ['metadata.name: Required value: name or generateName is required']],
    ['generateName needs a generated name', { generateName: 'a-', namespace: 'ns' }, configMap, ['metadata.name: Required value: name or generateName is required']],
    ['trailing dash in generateName', { generateName: 'foo-', name: 'foo-x1b2c', namespace: 'ns' }, configMap, []],
    ['bad generateName', { generateName: 'Foo-', name: 'foo-x1b2c', namespace: 'ns' }, configMap, [`metadata.generateName: Invalid value: "Foo-": ${subdomain1123}`]],
    ['namespace required', { name: 'a' }, configMap, ['metadata.namespace: Required value']],
    ['namespace is a DNS label', { name: 'a', namespace: 'foo.bar' }, configMap, ['metadata.namespace: Invalid value: "foo.bar": must not contain dots']],
    ['namespace forbidden on cluster scope', { name: 'a', namespace: 'ns' }, namespace, ['metadata.namespace: Forbidden: not allowed on this type']],
    ['negative generation', { name: 'a', namespace: 'ns', generation: -1 }, configMap, ['metadata.generation: Invalid value: -1: must be greater than or equal to 0']],
    ['annotation keys ignore case', { name: 'a', namespace: 'ns', annotations: { 'Example.COM/Key': '' } }, configMap, []],
    ['annotation key keeps its case in the error', { name: 'a', namespace: 'ns', annotations: { 'Bad_Prefix/k': '' } }, configMap, [`metadata.annotations: Invalid value: "Bad_Prefix/k": prefix part ${subdomain1123}`]],
    ['annotation key with two slashes', { name: 'a', namespace: 'ns', annotations: { 'only/one/slash': '' } }, configMap, [`metadata.annotations: Invalid value: "only/one/slash": a qualified name ${qualifiedSyntax} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`]],
    ['finalizer is a qualified name', { name: 'a', namespace: 'ns', finalizers: ['example.com/x y'] }, configMap, [`metadata.finalizers: Invalid value: "example.com/x y": name part ${qualifiedSyntax}`]],
    ['standard finalizer rule', { name: 'a', namespace: 'ns', finalizers: ['kubernetes', 'custom'] }, configMap, ['metadata.finalizers[1]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified']],
    ['no standard finalizer rule without core validation', { name: 'a', namespace: 'ns', finalizers: ['custom'] }, { namespaced: true, nameValidation: 'subdomain' }, []],
    ['errors in kube order', { name: 'A', labels: { k: '-' }, generation: -2 }, configMap, [
      `metadata.name: Invalid value: "A": ${subdomain1123}`,
      'metadata.namespace: Required value',
      'metadata.generation: Invalid value: -2: must be greater than or equal to 0',
      `metadata.labels: Invalid value: "-": ${labelValue}`,
    ]],
  ])('%s', (_name, meta, options, want) => {
    expect(texts(validateObjectMetaCreate(meta, options))).toEqual(want);
  });
});

describe('ownerReferences and managedFields', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ['custom resource owner', { ownerReferences: [owner({ apiVersion: 'customresourceVersion', kind: 'customresourceKind' })] }, []],
    ['too many slashes', { ownerReferences: [owner({ apiVersion: 'a/b/c' })] }, ['metadata.ownerReferences.apiVersion: Invalid value: "a/b/c": version must not be empty']],
    ['empty version', { ownerReferences: [owner({ apiVersion: 'foo/' })] }, ['metadata.ownerReferences.apiVersion: Invalid value: "foo/": version must not be empty']],
    ['missing fields', { ownerReferences: [{ apiVersion: 'v1' }] }, [
      'metadata.ownerReferences.kind: Invalid value: "": must not be empty',
      'metadata.ownerReferences.name: Invalid value: "": must not be empty',
      'metadata.ownerReferences.uid: Invalid value: "": must not be empty',
    ]],
    ['bad operation and fieldsType', { managedFields: [{ manager: 'm', operation: 'Bogus', fieldsType: 'FieldsV2' }] }, [
      'metadata.managedFields[0].operation: Invalid value: "Bogus": must be `Apply` or `Update`',
      'metadata.managedFields[0].fieldsType: Invalid value: "FieldsV2": must be `FieldsV1`',
    ]],
    ['unprintable manager', { managedFields: [{ manager: 'é\u0007', operation: 'Apply' }] }, ['metadata.managedFields[0].manager: Invalid value: "é\\a": invalid character U+0007 (at position 2)']],
  ])('%s', (_name, fields, want) => {
    expect(texts(validateObjectMetaCreate({ name: 'a', namespace: 'ns', ...fields }, configMap))).toEqual(want);
  });

  // Kube renders these bad values with Go's %#v (structs, slices); the error fields are asserted instead.
  it.each<[string, Record<string, unknown>, Partial<FieldError>]>([
    ['core v1 Event cannot own', { ownerReferences: [owner({ kind: 'Event' })] }, { field: 'metadata.ownerReferences', detail: '/v1, Kind=Event is disallowed from being an owner' }],
    ['two controllers', { ownerReferences: [owner({ kind: 'K1', controller: false }), owner({ kind: 'K2', controller: true }), owner({ kind: 'K3', controller: true })] }, {
      field: 'metadata.ownerReferences',
      detail: 'Only one reference can have Controller set to true. Found "true" in references for K2/p and K3/p',
    }],
    ['orphan and foreground', { finalizers: ['orphan', 'foregroundDeletion'] }, {
      field: 'metadata.finalizers',
      badValue: ['orphan', 'foregroundDeletion'],
      detail: 'finalizer orphan and foregroundDeletion cannot be both set',
    }],
    ['annotations over 256 KiB', { annotations: { a: 'b'.repeat(256 * 1024) } }, { type: 'FieldValueTooLong', field: 'metadata.annotations' }],
    ['fieldManager over 128 bytes', { managedFields: [{ manager: 'm'.repeat(129), operation: 'Update' }] }, { type: 'FieldValueTooLong', field: 'metadata.managedFields[0].manager' }],
  ])('%s', (_name, fields, want) => {
    const errors = validateObjectMetaCreate({ name: 'a', namespace: 'ns', ...fields }, configMap);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject(want);
  });

  it('annotations of exactly 256 KiB pass', () => {
    expect(validateObjectMetaCreate({ name: 'a', namespace: 'ns', annotations: { a: 'b'.repeat(256 * 1024 - 1) } }, configMap)).toEqual([]);
  });

  it('TooLong detail is v1.32 "may not be more than 262144 bytes"', () => {
    const errors = validateObjectMetaCreate({ name: 'a', namespace: 'ns', annotations: { a: 'b'.repeat(256 * 1024) } }, configMap);
    expect(texts(errors)).toEqual(['metadata.annotations: Too long: may not be more than 262144 bytes']);
  });
});

const base = { name: 'test', namespace: 'ns', resourceVersion: '1' };

describe('validateObjectMetaAccessorUpdate', () => {
  const deleting = { ...base, deletionTimestamp: '2024-01-01T00:00:00Z' };
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string[]]>([
    ['unchanged', base, base, []],
    ['resourceVersion required', { ...base, resourceVersion: '' }, base, ['metadata.resourceVersion: Invalid value: "": must be specified for an update']],
    ['generation decremented', { ...base, generation: 4 }, { ...base, generation: 5 }, ['metadata.generation: Invalid value: 4: must not be decremented']],
    ['generation incremented', { ...base, generation: 2 }, { ...base, generation: 1 }, []],
    ['name immutable', { ...base, name: 'other' }, base, ['metadata.name: Invalid value: "other": field is immutable']],
    ['namespace immutable', { ...base, namespace: 'new-ns' }, base, ['metadata.namespace: Invalid value: "new-ns": field is immutable']],
    ['uid immutable', { ...base, uid: 'b' }, { ...base, uid: 'a' }, ['metadata.uid: Invalid value: "b": field is immutable']],
    ['creationTimestamp set', { ...base, creationTimestamp: '1970-01-01T00:00:10Z' }, base, ['metadata.creationTimestamp: Invalid value: "1970-01-01T00:00:10Z": field is immutable']],
    ['same instant, other spelling', { ...base, creationTimestamp: '1970-01-01T00:00:10+00:00' }, { ...base, creationTimestamp: '1970-01-01T00:00:10Z' }, []],
    ['deletionTimestamp cleared', base, deleting, ['metadata.deletionTimestamp: Invalid value: "null": field is immutable']],
    ['grace period set', { ...base, deletionGracePeriodSeconds: 30 }, base, ['metadata.deletionGracePeriodSeconds: Invalid value: 30: field is immutable']],
    ['grace period cleared', base, { ...base, deletionGracePeriodSeconds: 30 }, ['metadata.deletionGracePeriodSeconds: Invalid value: "null": field is immutable']],
    ['grace period changed', { ...base, deletionGracePeriodSeconds: 40 }, { ...base, deletionGracePeriodSeconds: 30 }, ['metadata.deletionGracePeriodSeconds: Invalid value: 40: field is immutable']],
    ['no new finalizers while deleting', { ...deleting, finalizers: ['z/c', 'x/a', 'y/b'] }, { ...deleting, finalizers: ['x/a'] }, [
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"y/b", "z/c"}',
    ]],
    ['finalizers may be removed while deleting', { ...deleting, finalizers: ['x/a'] }, { ...deleting, finalizers: ['x/a', 'y/b'] }, []],
    ['finalizers may be added before deletion', { ...base, finalizers: ['x/a', 'y/b'] }, { ...base, finalizers: ['x/a'] }, []],
    ['labels of the new object', { ...base, labels: { x: '-bad-' } }, base, [`metadata.labels: Invalid value: "-bad-": ${labelValue}`]],
  ])('%s', (_name, next, old, want) => {
    expect(texts(validateObjectMetaAccessorUpdate(next, old))).toEqual(want);
  });
});

describe('validateObjectMetaUpdate', () => {
  it('runs the update rules, the standard finalizer rule, then the create checks', () => {
    const next = { ...base, labels: { x: '-bad-' }, finalizers: ['custom'] };
    expect(texts(validateObjectMetaUpdate(next, base, configMap))).toEqual([
      `metadata.labels: Invalid value: "-bad-": ${labelValue}`,
      'metadata.finalizers[0]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
      `metadata.labels: Invalid value: "-bad-": ${labelValue}`,
      'metadata.finalizers[0]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified',
    ]);
  });

  it('checks the name only as immutable when it changes', () => {
    expect(texts(validateObjectMetaUpdate({ ...base, name: 'B' }, base, configMap))).toEqual([
      'metadata.name: Invalid value: "B": field is immutable',
      `metadata.name: Invalid value: "B": ${subdomain1123}`,
    ]);
  });
});

describe('checkObjectMetaTypes', () => {
  const prefix = 'json: cannot unmarshal';
  it.each<[string, unknown, string | null]>([
    ['valid', { name: 'a', labels: { a: 'b' }, finalizers: ['x/y'], generation: 3, ownerReferences: [owner({ controller: true })] }, null],
    ['nulls are zero values', { name: null, labels: { a: null }, finalizers: [null], ownerReferences: null }, null],
    ['unknown fields are not type-checked here', { bogus: 1 }, null],
    ['label value', { labels: { a: 1 } }, `${prefix} number into Go struct field ObjectMeta.metadata.labels of type string`],
    ['labels not a map', { labels: 'a=b' }, `${prefix} string into Go struct field ObjectMeta.metadata.labels of type map[string]string`],
    ['annotations as a list', { annotations: [] }, `${prefix} array into Go struct field ObjectMeta.metadata.annotations of type map[string]string`],
    ['finalizers not a list', { finalizers: 'x' }, `${prefix} string into Go struct field ObjectMeta.metadata.finalizers of type []string`],
    ['finalizer element', { finalizers: [true] }, `${prefix} bool into Go struct field ObjectMeta.metadata.finalizers of type string`],
    ['generation as string', { generation: '5' }, `${prefix} string into Go struct field ObjectMeta.metadata.generation of type int64`],
    ['fractional generation', { generation: 1.5 }, `${prefix} number 1.5 into Go struct field ObjectMeta.metadata.generation of type int64`],
    ['uid as number', { uid: 5 }, `${prefix} number into Go struct field ObjectMeta.metadata.uid of type types.UID`],
    ['owner reference element', { ownerReferences: [5] }, `${prefix} number into Go struct field ObjectMeta.metadata.ownerReferences of type v1.OwnerReference`],
    ['owner reference field', { ownerReferences: [{ controller: 'yes' }] }, `${prefix} string into Go struct field OwnerReference.metadata.ownerReferences.controller of type bool`],
    ['managed fields operation', { managedFields: [{ operation: 1 }] }, `${prefix} number into Go struct field ManagedFieldsEntry.metadata.managedFields.operation of type v1.ManagedFieldsOperationType`],
    ['first error in document order', { name: 1, labels: { a: 1 } }, `${prefix} number into Go struct field ObjectMeta.metadata.name of type string`],
  ])('%s', (_name, meta, want) => {
    expect(checkObjectMetaTypes(meta)).toBe(want);
  });

  it('names the kind when metadata itself is not an object', () => {
    expect(checkObjectMetaTypes('x', 'ConfigMap')).toBe(`${prefix} string into Go struct field ConfigMap.metadata of type v1.ObjectMeta`);
  });
});
