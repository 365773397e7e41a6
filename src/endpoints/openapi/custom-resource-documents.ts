/**
 * The OpenAPI v3 documents of the served custom resource group-versions (`apis/G/V`), with the
 * SHA-512 hash of each text as kube-openapi computes it; built once per serving catalog.
 */
import type { Catalog, ResourceType } from '../../api/catalog.js';
import type { ExtraDocuments, OpenApiText } from './openapi.js';
import { builtinOpenApiDocuments, type BuiltinDocuments } from './openapi-data.js';
import type { ClusterContext } from '../../cluster/context.js';
import { customResourceDocument } from './custom-resources.js';
import { servingCatalog } from '../../crds/serving-catalog.js';

/** Resolved documents only: a promise made by one request must not be awaited by another in workerd. */
const built = new WeakMap<Catalog, ExtraDocuments>();

export async function customOpenApiDocuments(cluster: ClusterContext): Promise<ExtraDocuments> {
  const catalog = await servingCatalog(cluster, 'latest');
  let documents = built.get(catalog);
  if (!documents) built.set(catalog, (documents = await buildDocuments(catalog, await builtinOpenApiDocuments())));
  return documents;
}

async function buildDocuments(catalog: Catalog, builtin: BuiltinDocuments): Promise<ExtraDocuments> {
  const result: Record<string, OpenApiText> = {};
  for (const { group, version, resources } of catalog.groupVersions()) {
    const custom = resources.filter((type: ResourceType) => type.custom);
    if (custom.length === 0) continue;
    const text = customResourceDocument(custom, builtin);
    result[`apis/${group}/${version}`] = { hash: await sha512Hex(text), text };
  }
  return result;
}

async function sha512Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
}
