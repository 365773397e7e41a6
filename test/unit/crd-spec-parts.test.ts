// ValidateCustomResourceDefinition (apiextensions validation.go, kube v1.32) on the parts of a
// CRD spec: printer columns, subresources, selectable fields, conversion and its webhook, API
// approval of protected groups, preserveUnknownFields. Each case names the kube function whose
// rule it checks; paths are the internal version's (`spec.additionalPrinterColumns` when every
// version has the same columns, `spec.conversion.webhookClientConfig`).
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinition as semantics } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

type Spec = Record<string, any>; // fixtures are edited freely
const properties = { spec: { type: 'object', properties: { size: { type: 'integer' }, tags: { type: 'object' }, color: { type: 'string' } } } };
const schema = { openAPIV3Schema: { type: 'object', properties } };

function errorsOf(change: (spec: Spec, object: KubeObject) => void): string[] {
  const spec: Spec = {
    group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema }],
  };
  const object: KubeObject = { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec };
  change(spec, object);
  semantics.default!(object);
  semantics.prepareForCreate!(object);
  return semantics.validate!(object).map(fieldErrorText);
}

const webhook = (clientConfig: Spec, conversionReviewVersions: unknown = ['v1']) => ({ strategy: 'Webhook', webhook: { clientConfig, conversionReviewVersions } });
const urlForm = '; desired format: https://host[/path]';

describe('columns, subresources, selectable fields', () => {
  it.each<[string, (spec: Spec) => void, string[]]>([
    // ValidateCustomResourceColumnDefinition: the JSONPath field keeps its internal Go name
    ['column without name and jsonPath', (spec) => (spec.versions[0].additionalPrinterColumns = [{ type: 'integer' }]), [
      'spec.additionalPrinterColumns[0].name: Required value', 'spec.additionalPrinterColumns[0].JSONPath: Required value',
    ]],
    ['column of an unknown type and format', (spec) => (spec.versions[0].additionalPrinterColumns = [{ name: 'Size', type: 'int', format: 'uint', jsonPath: 'spec.size' }]), [
      'spec.additionalPrinterColumns[0].type: Invalid value: "int": must be one of boolean,date,integer,number,string',
      'spec.additionalPrinterColumns[0].format: Invalid value: "uint": must be one of byte,date,date-time,double,float,int32,int64,password',
      'spec.additionalPrinterColumns[0].JSONPath: Invalid value: "spec.size": must be a simple json path starting with .',
    ]],
    ['column without type, on one version only (not hoisted)', (spec) => {
      spec.versions.push({ name: 'v2', served: true, storage: false, schema, additionalPrinterColumns: [{ name: 'Size', jsonPath: '.spec.size' }] });
    }, ['spec.versions[1].additionalPrinterColumns[0].type: Required value: must be one of boolean,date,integer,number,string']],
    // ValidateCustomResourceDefinitionSubresources: scale paths
    ['scale paths outside spec and status', (spec) => (spec.versions[0].subresources = { scale: { specReplicasPath: '.status.replicas', labelSelectorPath: '.metadata.labels' } }), [
      'spec.subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec',
      'spec.subresources.scale.statusReplicasPath: Required value',
      'spec.subresources.scale.labelSelectorPath: Invalid value: ".metadata.labels": should be a json path under either .spec or .status',
    ]],
    // ValidateCustomResourceSelectableFields
    ['selectable fields', (spec) => (spec.versions[0].selectableFields = [
      { jsonPath: '.spec.tags' }, { jsonPath: '.spec.nope' }, { jsonPath: 'spec.size' }, { jsonPath: '.spec.color' }, { jsonPath: ".spec['color']" }, {},
    ]), [
      'spec.selectableFields[0].jsonPath: Invalid value: ".spec.tags": must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.',
      'spec.selectableFields[1].jsonPath: Invalid value: ".spec.nope": is an invalid path: does not refer to a valid field',
      'spec.selectableFields[2].jsonPath: Invalid value: "spec.size": is an invalid path: expected [ or . but got: spec',
      'spec.selectableFields[4].jsonPath: Duplicate value: ".spec[\'color\']"',
      'spec.selectableFields[5].jsonPath: Required value',
    ]],
  ])('%s', (_, change, expected) => {
    expect(errorsOf(change)).toEqual(expected);
  });
});

describe('conversion', () => {
  it.each<[string, Spec, string[]]>([
    // validateCustomResourceConversion: validateEnumStrings(strategy)
    ['unknown strategy', { strategy: 'Auto' }, ['spec.conversion.strategy: Unsupported value: "Auto": supported values: "None", "Webhook"']],
    // validateCustomResourceConversion: a webhook needs a client config and review versions
    ['Webhook without webhook', { strategy: 'Webhook' }, [
      'spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook', 'spec.conversion.conversionReviewVersions: Required value',
    ]],
    ['url and service', webhook({ url: 'https://conv.example.com', service: { name: 'conv', namespace: 'ns' } }), [
      'spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required',
    ]],
    // webhook.ValidateWebhookURL
    ['http URL with user, query and fragment', webhook({ url: 'http://me@conv.example.com/x?a=1#top' }), [
      `spec.conversion.webhookClientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme${urlForm}`,
      'spec.conversion.webhookClientConfig.url: Invalid value: "me": user information is not permitted in the URL',
      'spec.conversion.webhookClientConfig.url: Invalid value: "top": fragments are not permitted in the URL',
      'spec.conversion.webhookClientConfig.url: Invalid value: "a=1": query parameters are not permitted in the URL',
    ]],
    ['URL without host', webhook({ url: 'https:///convert' }), [`spec.conversion.webhookClientConfig.url: Invalid value: "": host must be specified${urlForm}`]],
    // webhook.ValidateWebhookService; quirk: the first character is dropped before splitting, '/' or not
    ['service without name, bad port and path', webhook({ service: { namespace: 'ns', port: 0, path: 'convert//Now' } }), [
      'spec.conversion.webhookClientConfig.service.name: Required value: service name is required',
      'spec.conversion.webhookClientConfig.service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive',
      'spec.conversion.webhookClientConfig.service.path: Invalid value: "convert//Now": must start with a \'/\'',
      'spec.conversion.webhookClientConfig.service.path: Invalid value: "convert//Now": segment[1] may not be empty',
      'spec.conversion.webhookClientConfig.service.path: Invalid value: "convert//Now": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    ]],
    // validateConversionReviewVersions
    ['review versions unknown and repeated', webhook({ url: 'https://conv.example.com' }, ['v2', 'v2']), [
      'spec.conversion.conversionReviewVersions[1]: Invalid value: "v2": duplicate version',
      'spec.conversion.conversionReviewVersions: Invalid value: []string{"v2", "v2"}: must include at least one of v1, v1beta1',
    ]],
    // validateCustomResourceConversion: None with webhook settings
    ['None with a webhook', { strategy: 'None', webhook: { clientConfig: { url: 'https://conv.example.com' }, conversionReviewVersions: ['v1'] } }, [
      'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
      'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook',
    ]],
  ])('%s', (_, conversion, expected) => {
    expect(errorsOf((spec) => (spec.conversion = conversion))).toEqual(expected);
  });
});

describe('API approval and preserveUnknownFields', () => {
  const protectedGroup = (annotation?: string) => (spec: Spec, object: KubeObject) => {
    spec.group = 'widgets.k8s.io';
    object.metadata.name = 'widgets.widgets.k8s.io';
    if (annotation !== undefined) object.metadata.annotations = { 'api-approved.kubernetes.io': annotation };
  };
  it.each<[string, (spec: Spec, object: KubeObject) => void, string[]]>([
    // validateAPIApproval
    ['protected group without approval', protectedGroup(), [
      'metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
    ]],
    ['protected group with a bare reason', protectedGroup('yes'), [
      'metadata.annotations[api-approved.kubernetes.io]: Invalid value: "yes": protected groups must have approval annotation "api-approved.kubernetes.io" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111',
    ]],
    ['protected group approved or bypassed', protectedGroup('unapproved, testing only'), []],
    ['protected group with a URL', protectedGroup('https://github.com/kubernetes/kubernetes/pull/1'), []],
    // validatePreserveUnknownFields and the conversion rule that depends on it
    ['preserveUnknownFields with webhook conversion', (spec) => Object.assign(spec, { preserveUnknownFields: true, ...{ conversion: webhook({ url: 'https://c.example.com' }) } }), [
      'spec.conversion.strategy: Invalid value: "Webhook": must be None if spec.preserveUnknownFields is true',
      'spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
    ]],
  ])('%s', (_, change, expected) => {
    expect(errorsOf(change)).toEqual(expected);
  });
});
