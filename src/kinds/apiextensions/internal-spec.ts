/**
 * The CRD spec as kube validates it: converted to the internal apiextensions version
 * (pkg/apis/apiextensions/v1/conversion.go), which decides the field paths in kube's errors:
 * - `version` is versions[0].name (so an invalid first version name is reported twice);
 * - each per-version schema, subresources, additionalPrinterColumns and selectableFields that is
 *   identical in every version (always, with one version) moves to the top level and is cleared
 *   in the versions: errors then read `spec.validation.openAPIV3Schema...`,
 *   `spec.subresources...`, `spec.additionalPrinterColumns[0]...`;
 * - conversion.webhook.{clientConfig,conversionReviewVersions} become
 *   conversion.{webhookClientConfig,conversionReviewVersions};
 * - preserveUnknownFields is never nil (false when unset).
 * Equality is on the Go-shaped JSON (defaults.ts), where nil and empty slices are both absent.
 */
import { asList, asOptionalText, asRecord, asRecords, asText, cloneJson, isUnset, type JsonRecord } from '../json-values.js';
import { sameJson } from '../json-equality.js';
import { shapeSpec } from './defaults.js';

export interface InternalVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  /** A *string: undefined when nil. */
  deprecationWarning: string | undefined;
  /** CustomResourceValidation, undefined when nil or hoisted. */
  schema: JsonRecord | undefined;
  subresources: JsonRecord | undefined;
  additionalPrinterColumns: JsonRecord[];
  selectableFields: JsonRecord[];
}

export interface InternalConversion {
  strategy: string;
  webhookClientConfig: JsonRecord | undefined;
  conversionReviewVersions: string[] | undefined;
}

export interface InternalSpec {
  group: string;
  names: JsonRecord;
  scope: string;
  version: string;
  versions: InternalVersion[];
  validation: JsonRecord | undefined;
  subresources: JsonRecord | undefined;
  additionalPrinterColumns: JsonRecord[];
  selectableFields: JsonRecord[];
  conversion: InternalConversion | undefined;
  preserveUnknownFields: boolean;
}

type Hoistable = 'schema' | 'subresources' | 'additionalPrinterColumns' | 'selectableFields';

function versionOf(version: JsonRecord): InternalVersion {
  return {
    name: asText(version.name),
    served: version.served === true,
    storage: version.storage === true,
    deprecated: version.deprecated === true,
    deprecationWarning: asOptionalText(version.deprecationWarning),
    schema: asRecord(version.schema),
    subresources: asRecord(version.subresources),
    additionalPrinterColumns: asRecords(version.additionalPrinterColumns),
    selectableFields: asRecords(version.selectableFields),
  };
}

/** True when every version holds the same value of `field` as the first (the conversion's test). */
function identical(versions: InternalVersion[], field: Hoistable): boolean {
  return versions.every((version) => sameJson(version[field], versions[0]![field]));
}

function conversionOf(value: unknown): InternalConversion | undefined {
  const conversion = asRecord(value);
  if (!conversion) return undefined;
  const webhook = asRecord(conversion.webhook);
  const reviewVersions = webhook?.conversionReviewVersions;
  return {
    strategy: asText(conversion.strategy),
    webhookClientConfig: asRecord(webhook?.clientConfig),
    conversionReviewVersions: isUnset(reviewVersions) ? undefined : asList(reviewVersions).map(asText),
  };
}

/** Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec. */
export function internalSpec(value: unknown): InternalSpec {
  const spec = cloneJson(asRecord(value) ?? {});
  shapeSpec(spec);
  const versions = asRecords(spec.versions).map(versionOf);
  const internal: InternalSpec = {
    group: asText(spec.group),
    names: asRecord(spec.names) ?? {},
    scope: asText(spec.scope),
    version: versions[0]?.name ?? '',
    versions,
    validation: undefined,
    subresources: undefined,
    additionalPrinterColumns: [],
    selectableFields: [],
    conversion: conversionOf(spec.conversion),
    preserveUnknownFields: spec.preserveUnknownFields === true,
  };
  if (versions.length === 0) return internal;
  if (identical(versions, 'schema')) internal.validation = hoistPointer(versions, 'schema');
  if (identical(versions, 'subresources')) internal.subresources = hoistPointer(versions, 'subresources');
  if (identical(versions, 'additionalPrinterColumns')) internal.additionalPrinterColumns = hoistList(versions, 'additionalPrinterColumns');
  if (identical(versions, 'selectableFields')) internal.selectableFields = hoistList(versions, 'selectableFields');
  return internal;
}

/** The versions' common value of a pointer field, cleared in every version. */
function hoistPointer(versions: InternalVersion[], field: 'schema' | 'subresources'): JsonRecord | undefined {
  const value = versions[0]![field];
  for (const version of versions) version[field] = undefined;
  return value;
}

/** The versions' common value of a list field, cleared in every version. */
function hoistList(versions: InternalVersion[], field: 'additionalPrinterColumns' | 'selectableFields'): JsonRecord[] {
  const value = versions[0]![field];
  for (const version of versions) version[field] = [];
  return value;
}

/** The openAPIV3Schemas of a spec: the hoisted one, then each version's. */
export function schemasOf(spec: InternalSpec): JsonRecord[] {
  return [spec.validation, ...spec.versions.map((version) => version.schema)]
    .map((validation) => asRecord(validation?.openAPIV3Schema))
    .filter((schema): schema is JsonRecord => schema !== undefined);
}
