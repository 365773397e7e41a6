// ValidateCustomResourceDefinition (apiextensions-apiserver pkg/apis/apiextensions/validation/
// validation.go, kube v1.32) on a create: names, group, scope, versions, printer columns,
// subresources, conversion, API approval. Each case names the kube function whose rule it
// checks; the texts are kube's `field.Error`s as kubectl prints them, with the internal version's
// paths (a schema shared by all versions is reported at spec.validation, see internal-spec.ts).
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinition as semantics } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

type Spec = Record<string, any>; // fixtures are edited freely
const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } } };
const version = (name: string, extra: Spec = {}): Spec => ({ name, served: true, storage: name === 'v1', schema, ...extra });

function errorsOf(change: (spec: Spec, object: KubeObject) => void): string[] {
  const spec: Spec = { group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced', versions: [version('v1')] };
  const object: KubeObject = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec };
  change(spec, object);
  semantics.default!(object);
  semantics.prepareForCreate!(object);
  return semantics.validate!(object).map(fieldErrorText);
}

/** %#v of an internal CustomResourceDefinitionVersion with nil pointers and slices. */
const goVersion = (name: string, storage: boolean) => `apiextensions.CustomResourceDefinitionVersion{Name:"${name}", Served:true, Storage:${storage}, `
  + 'Deprecated:false, DeprecationWarning:(*string)(nil), Schema:(*apiextensions.CustomResourceValidation)(nil), '
  + 'Subresources:(*apiextensions.CustomResourceSubresources)(nil), AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition(nil), '
  + 'SelectableFields:[]apiextensions.SelectableField(nil)}';
const dns1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

describe('names and group', () => {
  it.each<[string, (spec: Spec, object: KubeObject) => void, string[]]>([
    // ValidateCustomResourceDefinition's nameValidationFn
    ['name is not plural.group', (_, object) => (object.metadata.name = 'widget.example.com'), [
      'metadata.name: Invalid value: "widget.example.com": must be spec.names.plural+"."+spec.group',
    ]],
    // validateCustomResourceDefinitionSpec: group required (the name then reads "widgets.")
    ['group missing', (spec, object) => { spec.group = ''; object.metadata.name = 'widgets.'; }, ['spec.group: Required value']],
    // validateCustomResourceDefinitionSpec: a group without a dot
    ['group without a dot', (spec, object) => { spec.group = 'example'; object.metadata.name = 'widgets.example'; }, [
      'spec.group: Invalid value: "example": should be a domain with at least one dot',
    ]],
    // validateCustomResourceDefinitionSpec: IsDNS1123Subdomain(group)
    ['group not a subdomain', (spec, object) => { spec.group = 'Example.com'; object.metadata.name = 'widgets.Example.com'; }, [
      'spec.group: Invalid value: "Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    ]],
    // validateEnumStrings(scope, required)
    ['scope missing', (spec) => delete spec.scope, ['spec.scope: Required value']],
    ['scope unknown', (spec) => (spec.scope = 'Global'), ['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"']],
    // validateCustomResourceDefinitionSpec: required names (singular defaults from kind, listKind only with a kind)
    ['kind missing', (spec) => (spec.names = { plural: 'widgets' }), [
      'spec.names.singular: Required value', 'spec.names.kind: Required value', 'spec.names.listKind: Required value',
    ]],
    // ValidateCustomResourceDefinitionNames: plural is a DNS-1035 label
    ['plural with capitals', (spec, object) => { spec.names.plural = 'Widgets'; object.metadata.name = 'Widgets.example.com'; }, [
      `spec.names.plural: Invalid value: "Widgets": ${dns1035}`,
    ]],
    // ValidateCustomResourceDefinitionNames: kind may have mixed case
    ['kind with an underscore (singular defaults from it)', (spec) => (spec.names.kind = 'Wid_get'), [
      `spec.names.singular: Invalid value: "wid_get": ${dns1035}`,
      `spec.names.kind: Invalid value: "Wid_get": may have mixed case, but should otherwise match: ${dns1035}`,
      `spec.names.listKind: Invalid value: "Wid_getList": may have mixed case, but should otherwise match: ${dns1035}`,
    ]],
    // ValidateCustomResourceDefinitionNames: kind and listKind differ
    ['listKind equal to kind', (spec) => (spec.names.listKind = 'Widget'), ['spec.names.listKind: Invalid value: "Widget": kind and listKind may not be the same']],
    // ValidateCustomResourceDefinitionNames: shortNames and categories are DNS-1035 labels
    ['short name and category', (spec) => Object.assign(spec.names, { shortNames: ['w', '2w'], categories: ['all', 'My'] }), [
      `spec.names.shortNames[1]: Invalid value: "2w": ${dns1035}`, `spec.names.categories[1]: Invalid value: "My": ${dns1035}`,
    ]],
  ])('%s', (_, change, expected) => {
    expect(errorsOf(change)).toEqual(expected);
  });
});

describe('versions', () => {
  it.each<[string, (spec: Spec) => void, string[]]>([
    // validateCustomResourceDefinitionSpec: version names are DNS-1035 labels; spec.version (versions[0].name) again
    ['invalid first version name', (spec) => (spec.versions[0].name = 'V1'), [
      `spec.versions[0].name: Invalid value: "V1": ${dns1035}`, `spec.version: Invalid value: "V1": ${dns1035}`,
    ]],
    // validateCustomResourceDefinitionSpec: unique version names (schemas identical, so hoisted and nil per version)
    ['duplicate version names', (spec) => spec.versions.push(version('v1', { storage: false })), [
      `spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{${goVersion('v1', true)}, ${goVersion('v1', false)}}: must contain unique version names`,
    ]],
    // validateCustomResourceDefinitionSpec: exactly one storage version; ValidateCustomResourceDefinitionStoredVersions
    ['no storage version', (spec) => (spec.versions[0].storage = false), [
      `spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{${goVersion('v1', false)}}: must have exactly one version marked as storage version`,
      'status.storedVersions: Invalid value: []string(nil): must have at least one stored version',
    ]],
    ['two storage versions', (spec) => spec.versions.push(version('v2', { storage: true })), [
      `spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{${goVersion('v1', true)}, ${goVersion('v2', true)}}: must have exactly one version marked as storage version`,
      'status.storedVersions: Invalid value: []string{"v1"}: must have the storage version v2',
    ]],
    // validateCustomResourceDefinitionSpec: requireOpenAPISchema
    ['a version without schema', (spec) => spec.versions.push(version('v2', { schema: undefined })), [
      'spec.versions[1].schema.openAPIV3Schema: Required value: schemas are required',
    ]],
    // validateDeprecationWarning
    ['warning on a version that is not deprecated', (spec) => (spec.versions[0].deprecationWarning = 'old'), [
      'spec.versions[0].deprecationWarning: Invalid value: "old": can only be set for deprecated versions',
    ]],
    ['empty warning', (spec) => Object.assign(spec.versions[0], { deprecated: true, deprecationWarning: '' }), [
      'spec.versions[0].deprecationWarning: Invalid value: "": must not be an empty string',
    ]],
    ['long warning with a tab', (spec) => Object.assign(spec.versions[0], { deprecated: true, deprecationWarning: `é\t${'x'.repeat(256)}` }), [
      `spec.versions[0].deprecationWarning: Invalid value: "é\\t${'x'.repeat(256)}": must be <= 256 characters long`,
      `spec.versions[0].deprecationWarning: Invalid value: "é\\t${'x'.repeat(256)}": must only contain printable UTF-8 characters; non-printable character found at index 2`,
    ]],
  ])('%s', (_, change, expected) => {
    expect(errorsOf(change)).toEqual(expected);
  });
});
