/**
 * How a custom resource's stored revision becomes the object a request sees, as kube's CRD
 * storage codec decodes from etcd (apiextensions-apiserver customresource_handler.go:
 * crdConversionRESTOptionsGetter): the schema of the version the object is stored in prunes
 * unknown fields, drops nulls the schema does not allow (PruneNonNullableNullsWithoutDefaults)
 * and applies its defaults; then the object is served in the request's version (conversion
 * `None`: only apiVersion changes). So a default added to a CRD later shows on objects stored
 * before it, a field removed from the schema goes from them, and a write starts from the
 * defaulted object, for get, list, watch, delete and every update alike. Decoded objects take
 * the stored form's key order again (maps sorted, as kube encodes unstructured objects), so a
 * default lands where kube prints it.
 */
import { apiVersionOf } from '../api/catalog.js';
import type { StoredObject } from '../storage/types.js';
import { applyDefaults, pruneNonNullableNulls, pruneStructural } from '../schema/index.js';
import type { SchemaNode } from '../schema/types.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { StoredCodec } from './stored-codec-type.js';
import { fromStored, storedJson, unstructuredOrder } from './stored-object.js';

/** What the codec of one served version of a custom resource needs. */
export interface CustomCodecSpec {
  group: string;
  /** The version requests are served in. */
  servedVersion: string;
  storageVersion: string;
  /** The structural schema of every version of the CRD, by version name. */
  schemas: Readonly<Record<string, SchemaNode>>;
  /** Converted by webhook: writes keep the served version, the storage converts them (crds/conversion/). */
  webhook?: boolean;
}

const noRefs = () => undefined;

/** The version part of an apiVersion (`example.com/v1` -> `v1`). */
const versionPart = (apiVersion: unknown): string => (typeof apiVersion === 'string' ? apiVersion.slice(apiVersion.lastIndexOf('/') + 1) : '');

/** Prunes, drops disallowed nulls and defaults `object` in place with the schema of the version it is in. */
export function coerceStoredObject(object: KubeObject, schemas: Readonly<Record<string, SchemaNode>>): KubeObject {
  const schema = schemas[versionPart(object.apiVersion)];
  if (!schema) return object;
  pruneStructural(schema, object, { isResourceRoot: true, resolve: noRefs });
  pruneNonNullableNulls(schema, object, noRefs);
  applyDefaults(schema, object, noRefs);
  return object;
}

/** The StoredCodec of a custom resource version. */
export function customResourceCodec(spec: CustomCodecSpec): StoredCodec {
  const served = apiVersionOf(spec.group, spec.servedVersion);
  const stored = apiVersionOf(spec.group, spec.storageVersion);
  const decode = (revision: StoredObject): KubeObject => {
    const object = coerceStoredObject(fromStored(revision), spec.schemas);
    if (object.apiVersion !== undefined) object.apiVersion = served;
    return unstructuredOrder(object);
  };
  const toStorage = (object: KubeObject): KubeObject => (object.apiVersion === undefined || spec.webhook ? object : { ...object, apiVersion: stored });
  return {
    decode,
    json: (revision) => JSON.stringify(decode(revision)),
    toStorage,
    canonicalValue: (revision) => storedJson(toStorage(decode(revision)), true),
  };
}
