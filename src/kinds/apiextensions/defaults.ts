/**
 * apiextensions.k8s.io/v1 CustomResourceDefinition defaulting (pkg/apis/apiextensions/v1/defaults.go,
 * kube v1.32), then the object in the shape kube writes it back (CustomResourceDefinitionSpec,
 * Names, Version, Conversion, ... field order; golden 079):
 * - names.singular defaults to the lower-cased kind, names.listKind to kind + "List";
 * - conversion defaults to {strategy: None}; a webhook service's port to 443;
 * - status.storedVersions, when empty, to the first storage version (SetDefaults_CustomResourceDefinition).
 * The schemas get no defaults of their own.
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord, asText, ensureRecord, isUnset, type JsonRecord } from '../json-values.js';
import { type GoStruct, shapeChild, shapeEach, shapeStruct } from './go-struct.js';
import { shapeJsonSchemaProps } from './schema-shape.js';

const specStruct: GoStruct = {
  group: 'text', names: 'struct', scope: 'text', versions: 'list', conversion: 'pointer', preserveUnknownFields: 'bool?',
};
const namesStruct: GoStruct = {
  plural: 'text', singular: 'text?', shortNames: 'list?', kind: 'text', listKind: 'text?', categories: 'list?',
};
const versionStruct: GoStruct = {
  name: 'text', served: 'bool', storage: 'bool', deprecated: 'bool?', deprecationWarning: 'pointer', schema: 'pointer',
  subresources: 'pointer', additionalPrinterColumns: 'list?', selectableFields: 'list?',
};
const validationStruct: GoStruct = { openAPIV3Schema: 'pointer' };
const subresourcesStruct: GoStruct = { status: 'pointer', scale: 'pointer' };
const scaleStruct: GoStruct = { specReplicasPath: 'text', statusReplicasPath: 'text', labelSelectorPath: 'pointer' };
const columnStruct: GoStruct = { name: 'text', type: 'text', format: 'text?', description: 'text?', priority: 'number?', jsonPath: 'text' };
const selectableFieldStruct: GoStruct = { jsonPath: 'text' };
const conversionStruct: GoStruct = { strategy: 'text', webhook: 'pointer' };
const webhookStruct: GoStruct = { clientConfig: 'pointer', conversionReviewVersions: 'list' };
const clientConfigStruct: GoStruct = { url: 'pointer', service: 'pointer', caBundle: 'text?' };
const serviceStruct: GoStruct = { namespace: 'text', name: 'text', path: 'pointer', port: 'pointer' };
const statusStruct: GoStruct = { conditions: 'list', acceptedNames: 'struct', storedVersions: 'list' };
const conditionStruct: GoStruct = { type: 'text', status: 'text', lastTransitionTime: 'pointer', reason: 'text?', message: 'text?' };

/** SetDefaults_CustomResourceDefinitionSpec. */
function defaultSpec(spec: JsonRecord): void {
  const names = ensureRecord(spec, 'names');
  const kind = asText(names.kind);
  if (asText(names.singular) === '') names.singular = kind.toLowerCase();
  if (asText(names.listKind) === '' && kind !== '') names.listKind = `${kind}List`;
  if (isUnset(spec.conversion)) spec.conversion = { strategy: 'None' };
  const service = asRecord(asRecord(asRecord(asRecord(spec.conversion)?.webhook)?.clientConfig)?.service);
  if (service && isUnset(service.port)) service.port = 443;
}

/** SetDefaults_CustomResourceDefinition's storedVersions rule. */
function defaultStoredVersions(object: KubeObject, spec: JsonRecord): void {
  const status = asRecord(object.status);
  if (status && Array.isArray(status.storedVersions) && status.storedVersions.length > 0) return;
  const storage = (Array.isArray(spec.versions) ? spec.versions : []).map(asRecord).find((version) => version?.storage === true);
  if (storage) ensureRecord(object, 'status').storedVersions = [asText(storage.name)];
}

function shapeVersion(version: JsonRecord): void {
  shapeChild(version, 'schema', (validation) => {
    shapeChild(validation, 'openAPIV3Schema', shapeJsonSchemaProps);
    shapeStruct(validation, validationStruct);
  });
  shapeChild(version, 'subresources', (subresources) => {
    shapeChild(subresources, 'scale', (scale) => shapeStruct(scale, scaleStruct));
    shapeStruct(subresources, subresourcesStruct);
  });
  shapeEach(version, 'additionalPrinterColumns', (column) => shapeStruct(column, columnStruct));
  shapeEach(version, 'selectableFields', (field) => shapeStruct(field, selectableFieldStruct));
  shapeStruct(version, versionStruct);
}

/**
 * kube holds the webhook's two fields flat in its internal version and writes `webhook` back only
 * when one of them is set.
 */
function shapeConversion(conversion: JsonRecord): void {
  const webhook = asRecord(conversion.webhook);
  if (webhook && isUnset(webhook.clientConfig) && isUnset(webhook.conversionReviewVersions)) delete conversion.webhook;
  shapeChild(conversion, 'webhook', (webhook) => {
    shapeChild(webhook, 'clientConfig', (clientConfig) => {
      shapeChild(clientConfig, 'service', (service) => shapeStruct(service, serviceStruct));
      shapeStruct(clientConfig, clientConfigStruct);
    });
    shapeStruct(webhook, webhookStruct);
  });
  shapeStruct(conversion, conversionStruct);
}

/** The spec as CustomResourceDefinitionSpec marshals (in place). */
export function shapeSpec(spec: JsonRecord): void {
  shapeChild(spec, 'names', (names) => shapeStruct(names, namesStruct));
  shapeEach(spec, 'versions', shapeVersion);
  shapeChild(spec, 'conversion', shapeConversion);
  shapeStruct(spec, specStruct);
}

/** The status as CustomResourceDefinitionStatus marshals (in place). */
export function shapeStatus(status: JsonRecord): void {
  shapeEach(status, 'conditions', (condition) => shapeStruct(condition, conditionStruct));
  shapeStruct(ensureRecord(status, 'acceptedNames'), namesStruct);
  shapeStruct(status, statusStruct);
}

/** SetObjectDefaults_CustomResourceDefinition, then Go's shape of spec and status. */
export function defaultCustomResourceDefinition(object: KubeObject): void {
  const spec = ensureRecord(object, 'spec');
  defaultSpec(spec);
  defaultStoredVersions(object, spec);
  shapeSpec(spec);
  const status = asRecord(object.status);
  if (status) shapeStatus(status);
}
