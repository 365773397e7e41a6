/**
 * Serving discovery: legacy documents by default, aggregated discovery when the Accept header asks
 * for `as=APIGroupDiscoveryList;g=apidiscovery.k8s.io;v=v2` (or v2beta1). Aggregated documents
 * carry an ETag and answer If-None-Match with 304, as kube's do.
 */
import { aggregatedDiscovery, apiGroup, apiGroupList, apiResourceList, apiVersions } from './discovery.js';
import type { Catalog } from '../../api/catalog.js';
import { renderJson } from '../../codecs/json.js';
import { parseAccept } from '../../codecs/media-type.js';
import { notAcceptable } from '../../apimachinery/status.js';
import { pageNotFound } from '../handlers/status-responses.js';
import { requestUrl } from '../../apimachinery/request-url.js';

type AggregatedVersion = 'v2' | 'v2beta1';

/** The aggregated discovery version the client accepts first, or null for legacy documents. */
export function aggregatedVersion(accept: string | null): AggregatedVersion | null {
  for (const clause of parseAccept(accept)) {
    const { as, g, v } = clause.params;
    const json = (clause.type === 'application' && clause.subtype === 'json') || clause.type === '*';
    if (!json) continue;
    if (as === 'APIGroupDiscoveryList' && g === 'apidiscovery.k8s.io' && (v === 'v2' || v === 'v2beta1')) return v;
    if (as === undefined && g === undefined && v === undefined) return null;
  }
  throw notAcceptable(['application/json', 'application/yaml']);
}

/** /api and /apis, from `catalog` (the built-in types and the served custom resources). */
export async function serveRootDiscovery(request: Request, legacyCore: boolean, catalog: Catalog): Promise<Response> {
  const version = aggregatedVersion(request.headers.get('accept'));
  if (!version) {
    const host = requestUrl(request).host;
    return json(legacyCore ? apiVersions(host) : apiGroupList(catalog));
  }
  const body = renderJson(aggregatedDiscovery(catalog, legacyCore, version));
  const etag = `"${await sha512Hex(body)}"`;
  const headers = {
    'content-type': `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`,
    'cache-control': 'public',
    etag,
    vary: 'Accept',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}

/** /apis/G and /apis/G/V, /api/v1. */
export function serveGroupDiscovery(catalog: Catalog, group: string, version: string | undefined): Response {
  const entry = catalog.group(group);
  if (!entry || (version !== undefined && !entry.versions.includes(version))) return pageNotFound();
  if (version === undefined) return json({ kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(entry) });
  return json(apiResourceList(catalog, group, version));
}

function json(body: unknown): Response {
  return new Response(renderJson(body), { headers: { 'content-type': 'application/json' } });
}

async function sha512Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase();
}
