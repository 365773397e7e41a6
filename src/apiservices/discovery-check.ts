/**
 * The aggregator's discovery check of a service-backed APIService: GET
 * https://<host>:<port>/apis/<group>/<version> (`/api/v1` for the `v1.` APIService) as the
 * aggregator (X-Remote-User system:kube-aggregator, X-Remote-Group system:masters), redirects not
 * followed, 5 s at most; any 2xx passes. kube's texts: `failing or missing response from URL:
 * bad status from URL: 404`, `failing or missing response from URL: <the transport's error>`,
 * `timed out waiting for URL`.
 */
import type { KubeObject } from '../apimachinery/object.js';
import type { ServiceReference } from './types.js';
import { serviceBaseUrl } from '../webhooks/service-url.js';

const timeoutMillis = 5_000;

/** The discovery path of an APIService. */
export function discoveryPath(apiService: KubeObject): string {
  const spec = (apiService.spec ?? {}) as { group?: string; version?: string };
  return apiService.metadata.name === 'v1.' ? `/api/${spec.version ?? ''}` : `/apis/${spec.group ?? ''}/${spec.version ?? ''}`;
}

/** null when the backend answers discovery, else kube's message for the condition. */
export async function discoveryCheck(apiService: KubeObject, service: KubeObject, reference: ServiceReference): Promise<string | null> {
  const base = serviceBaseUrl(service, reference.port);
  if (typeof base !== 'string') return base.error;
  const url = `${base}${discoveryPath(apiService)}`;
  const headers = { 'X-Remote-User': 'system:kube-aggregator', 'X-Remote-Group': 'system:masters' };
  try {
    const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMillis) });
    await response.body?.cancel();
    if (response.status < 200 || response.status >= 300) return `failing or missing response from ${url}: bad status from ${url}: ${response.status}`;
    return null;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return `timed out waiting for ${url}`;
    return `failing or missing response from ${url}: Get "${url}": ${(error as Error).message}`;
  }
}
