/**
 * The resource types a CustomResourceDefinition serves: one per served version, as kube's CRD
 * handler installs them (apiextensions-apiserver pkg/apiserver/customresource_handler.go and
 * customresource_discovery_controller.go): verbs in the handler's order, the status and scale
 * subresources the version declares, short names and categories, and the storage version hash.
 * A CRD serves only once Established; a terminating one still serves what exists.
 */
import { compareKubeVersions, type ConversionWebhookConfig, type PrinterColumn, type ResourceType, type ScalePaths, type SubresourceType, type Verb } from '../api/catalog.js';
import type { SchemaNode } from '../schema/types.js';
import { asRecord, asRecords, asText, asTexts } from '../kinds/json-values.js';
import type { KubeObject } from '../apimachinery/object.js';

/** kube's CRD handler verbs, in its discovery order (golden 081). */
const customVerbs: Verb[] = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];
const subresourceVerbs: Verb[] = ['get', 'patch', 'update'];

/** Established (condition True) CRDs serve. */
export function isEstablished(crd: KubeObject): boolean {
  const conditions = asRecords(asRecord(crd.status)?.conditions);
  return conditions.some((condition) => condition.type === 'Established' && condition.status === 'True');
}

/** The types `crd` serves (none until it is established). */
export async function customTypes(crd: KubeObject): Promise<ResourceType[]> {
  return isEstablished(crd) ? definitionTypes(crd, true) : [];
}

/** The types of every version of `crd` (only the served ones if `servedOnly`), established or not. */
export async function definitionTypes(crd: KubeObject, servedOnly = false): Promise<ResourceType[]> {
  const spec = asRecord(crd.spec) ?? {};
  const group = asText(spec.group);
  const names = asRecord(asRecord(crd.status)?.acceptedNames) ?? asRecord(spec.names) ?? {};
  const versions = asRecords(spec.versions);
  const storageVersion = asText(versions.find((version) => version.storage === true)?.name);
  const kind = asText(names.kind);
  const conversion = asText(asRecord(spec.conversion)?.strategy) === 'Webhook' ? 'Webhook' : 'None';
  const webhook = conversion === 'Webhook' ? conversionWebhook(crd) : undefined;
  const hash = await storageVersionHash(group, storageVersion, kind);
  const schemas = Object.fromEntries(versions.map((version) => [asText(version.name), versionSchema(version)]));
  return versions.filter((version) => !servedOnly || version.served === true).map((version) => {
    const subresources = asRecord(version.subresources) ?? {};
    const scale = asRecord(subresources.scale);
    const type: ResourceType = {
      group, version: asText(version.name), resource: asText(names.plural), kind, listKind: asText(names.listKind) || `${kind}List`,
      singularName: asText(names.singular) || kind.toLowerCase(), namespaced: asText(spec.scope) !== 'Cluster', verbs: customVerbs,
      storageVersionHash: hash,
      custom: {
        crdName: crd.metadata.name ?? '',
        crdUid: crd.metadata.uid ?? '',
        schema: versionSchema(version),
        schemas,
        storageVersion,
        status: asRecord(subresources.status) !== undefined,
        printerColumns: asRecords(version.additionalPrinterColumns).map(printerColumn),
        deprecated: version.deprecated === true,
        terminating: !!crd.metadata.deletionTimestamp,
        conversion,
        ...(webhook ? { webhook } : {}),
      },
    };
    const shortNames = asTexts(names.shortNames);
    const categories = asTexts(names.categories);
    if (shortNames.length) type.shortNames = shortNames;
    if (categories.length) type.categories = categories;
    if (version.deprecated === true) {
      const explicit = version.deprecationWarning;
      type.custom!.deprecationWarning = typeof explicit === 'string' ? explicit : defaultDeprecationWarning(group, asText(version.name), kind, versions);
    }
    if (scale) type.custom!.scale = scalePaths(scale);
    const selectableFields = asRecords(version.selectableFields).map((field) => asText(field.jsonPath));
    if (selectableFields.length) type.custom!.selectableFields = selectableFields;
    const subs = subresourceTypes(type.custom!.status, !!scale, kind);
    if (subs.length) type.subresources = subs;
    return type;
  });
}

/** The v1 conversion webhook of `crd` (service port defaulted to 443 as the v1 API does). */
function conversionWebhook(crd: KubeObject): ConversionWebhookConfig {
  const webhook = asRecord(asRecord(asRecord(crd.spec)?.conversion)?.webhook) ?? {};
  const config = asRecord(webhook.clientConfig) ?? {};
  const service = asRecord(config.service);
  const clientConfig: ConversionWebhookConfig['clientConfig'] = {};
  if (typeof config.url === 'string') clientConfig.url = config.url;
  if (service) {
    clientConfig.service = { namespace: asText(service.namespace), name: asText(service.name), port: typeof service.port === 'number' ? service.port : 443 };
    if (typeof service.path === 'string') clientConfig.service.path = service.path;
  }
  return { clientConfig, conversionReviewVersions: asTexts(webhook.conversionReviewVersions), crdUid: crd.metadata.uid ?? '' };
}

function versionSchema(version: Record<string, unknown>): SchemaNode {
  return (asRecord(asRecord(version.schema)?.openAPIV3Schema) ?? {}) as SchemaNode;
}

/** defaultDeprecationWarning: `g/v1beta1 Widget is deprecated; use g/v1 Widget` (the newest served, non-deprecated version above it). */
function defaultDeprecationWarning(group: string, deprecated: string, kind: string, versions: Record<string, unknown>[]): string {
  const message = `${group}/${deprecated} ${kind} is deprecated`;
  const newer = versions
    .filter((version) => version.served === true && version.deprecated !== true && compareKubeVersions(asText(version.name), deprecated) < 0)
    .map((version) => asText(version.name))
    .sort(compareKubeVersions);
  return newer.length ? `${message}; use ${group}/${newer[0]} ${kind}` : message;
}

function subresourceTypes(status: boolean, scale: boolean, kind: string): SubresourceType[] {
  const subs: SubresourceType[] = [];
  if (scale) subs.push({ name: 'scale', group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: subresourceVerbs });
  if (status) subs.push({ name: 'status', kind, verbs: subresourceVerbs });
  return subs;
}

function printerColumn(column: Record<string, unknown>): PrinterColumn {
  return {
    name: asText(column.name), type: asText(column.type), format: asText(column.format),
    description: asText(column.description), priority: typeof column.priority === 'number' ? column.priority : 0, jsonPath: asText(column.jsonPath),
  };
}

function scalePaths(scale: Record<string, unknown>): ScalePaths {
  const paths: ScalePaths = { specReplicasPath: asText(scale.specReplicasPath), statusReplicasPath: asText(scale.statusReplicasPath) };
  if (typeof scale.labelSelectorPath === 'string') paths.labelSelectorPath = scale.labelSelectorPath;
  return paths;
}

/** discovery.StorageVersionHash: the first 8 bytes of sha256("group/version/kind"), base64. */
export async function storageVersionHash(group: string, version: string, kind: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${group}/${version}/${kind}`)));
  return btoa(String.fromCharCode(...digest.slice(0, 8)));
}
