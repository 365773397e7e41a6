/**
 * What a request is about, parsed from method, path and query exactly as kube-apiserver's
 * RequestInfoFactory does (staging/src/k8s.io/apiserver/pkg/endpoints/request/requestinfo.go).
 * Pure: no catalog lookups here; whether the resource exists is the router's question.
 */

export type Verb =
  | 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection' | 'proxy' | string;

export interface RequestInfo {
  isResourceRequest: boolean;
  path: string;
  verb: Verb;
  /** `api` or `apis`; empty for non-resource requests. */
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  /** The path parts from the resource on: resource/name/subresource/... */
  parts: string[];
}

const apiPrefixes = new Set(['api', 'apis']);
const grouplessApiPrefixes = new Set(['api']);
/** Verbs spelled as a path segment before the resource: /api/v1/watch/pods (deprecated forms). */
const specialVerbs = new Set(['proxy', 'watch']);
const specialVerbsWithoutSubresources = new Set(['proxy']);
/** Subresources of a namespace itself, not namespaced resources: /api/v1/namespaces/x/status. */
const namespaceSubresources = new Set(['status', 'finalize']);

const methodVerbs: Record<string, Verb> = {
  POST: 'create', GET: 'get', HEAD: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete',
};

/** Parses a request the way kube-apiserver does; `null` means the path is malformed (kube answers 404). */
export function parseRequestInfo(method: string, path: string, query: URLSearchParams): RequestInfo | null {
  const info: RequestInfo = {
    isResourceRequest: false, path, verb: method.toLowerCase(), apiPrefix: '', apiGroup: '', apiVersion: '',
    namespace: '', resource: '', subresource: '', name: '', parts: [],
  };
  let parts = splitPath(path);
  if (parts.length < 3 || !apiPrefixes.has(parts[0]!)) return info;
  info.apiPrefix = parts[0]!;
  parts = parts.slice(1);
  if (!grouplessApiPrefixes.has(info.apiPrefix)) {
    if (parts.length < 3) return info;
    info.apiGroup = parts[0]!;
    parts = parts.slice(1);
  }
  info.isResourceRequest = true;
  info.apiVersion = parts[0]!;
  parts = parts.slice(1);

  if (specialVerbs.has(parts[0]!)) {
    if (parts.length < 2) return null;
    info.verb = parts[0]!;
    parts = parts.slice(1);
  } else {
    info.verb = methodVerbs[method.toUpperCase()] ?? '';
  }
  parts = consumeNamespace(info, parts);
  info.parts = parts;
  assignResourceParts(info, parts);
  refineCollectionVerb(info, query);
  return info;
}

function consumeNamespace(info: RequestInfo, parts: string[]): string[] {
  if (parts[0] !== 'namespaces') return parts;
  if (parts.length > 1) {
    info.namespace = parts[1]!;
    if (parts.length > 2 && !namespaceSubresources.has(parts[2]!)) return parts.slice(2);
  }
  return parts;
}

function assignResourceParts(info: RequestInfo, parts: string[]): void {
  if (parts.length >= 3 && !specialVerbsWithoutSubresources.has(info.verb)) info.subresource = parts[2]!;
  if (parts.length >= 2) info.name = parts[1]!;
  if (parts.length >= 1) info.resource = parts[0]!;
}

/** A GET without a name is list or watch (any `watch` value but false/0 is true); DELETE is deletecollection. */
function refineCollectionVerb(info: RequestInfo, query: URLSearchParams): void {
  if (info.name) return;
  if (info.verb === 'get') {
    const watch = query.getAll('watch')[0];
    info.verb = watch === undefined || ['false', '0'].includes(watch.toLowerCase()) ? 'list' : 'watch';
  } else if (info.verb === 'delete') {
    info.verb = 'deletecollection';
  }
}

function splitPath(path: string): string[] {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

/** The path with percent-escapes decoded, as Go's URL.Path is; null if the escapes are malformed (kube answers 404). */
export function decodeRequestPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}
