/**
 * /openapi/v3 as kube-openapi serves it: an index of documents with `serverRelativeURL`s that
 * carry each document's hash, and the documents themselves, immutable when fetched by hash.
 * The documents are kube's (data/openapi-documents.js), plus one per custom resource
 * group-version (custom-resources.ts), built from the serving catalog.
 */

export interface OpenApiResponse {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

/** A served document: its text and the hash its immutable URL carries. */
export interface OpenApiText {
  hash: string;
  text: string;
}

/** Documents beyond kube's built-in ones (custom resource group-versions), by path. */
/** OpenAPI documents by path (`apis/apps/v1`). */
export type OpenApiDocuments = Readonly<Record<string, OpenApiText>>;

export type ExtraDocuments = OpenApiDocuments;

/** The index: every document path with its hashed URL. kube sends it as text/plain. */
export function openApiIndex(documents: OpenApiDocuments, extra: ExtraDocuments = {}, request: Headers = new Headers(), now = new Date()): OpenApiResponse {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  const all = Object.entries({ ...documents, ...extra }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [path, document] of all) {
    paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${document.hash}` };
  }
  // kube-openapi's HandleDiscovery: http.ServeContent with the time of the request as the
  // modification time and no ETag, so an If-Modified-Since of this very second is a 304
  // (kube-apiserver v1.32.13: Last-Modified, Accept-Ranges, text/plain; 304 within the second).
  const lastModified = now.toUTCString();
  const since = Date.parse(request.get('if-modified-since') ?? '');
  if (!request.has('if-none-match') && Math.floor(now.getTime() / 1000) * 1000 <= since) return { status: 304, body: null, headers: { 'last-modified': lastModified } };
  return { status: 200, body: JSON.stringify({ paths }), headers: { 'accept-ranges': 'bytes', 'content-type': 'text/plain; charset=utf-8', 'last-modified': lastModified } };
}

/**
 * One document. With the current `hash` it is immutable; with a stale one kube redirects to the
 * current URL; without one it is revalidated by ETag.
 */
export function openApiDocument(documents: OpenApiDocuments, path: string, hash: string | null, ifNoneMatch: string | null, extra: ExtraDocuments = {}): OpenApiResponse | null {
  const document = extra[path] ?? documents[path];
  if (!document) return null;
  const etag = `"${document.hash}"`;
  if (hash !== null && hash !== document.hash) {
    return { status: 301, body: null, headers: { location: `/openapi/v3/${path}?hash=${document.hash}` } };
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', etag };
  if (hash !== null) {
    headers['cache-control'] = 'public, immutable';
    headers.expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toUTCString();
  }
  if (ifNoneMatch === etag) return { status: 304, body: null, headers };
  return { status: 200, body: document.text, headers };
}
