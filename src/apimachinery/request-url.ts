/**
 * The URL a request is served at, parsed once per request. Routing (cluster-routing.ts) changes
 * it in place where the client's URL differs (a `/clusters/NAME` prefix removed, the client's
 * scheme behind a TLS front) instead of copying the Request: a copy is two more workerd objects
 * (the Request and its Headers) per request, and they, with every parsed URL, are finalized on
 * the isolate's one thread when the garbage collector sweeps, a pause every request in the
 * isolate waits for.
 *
 * Contract: everything below routing reads the path, query and origin through requestUrl, never
 * through `request.url` (the client's form). The URL is shared by the whole request: a reader
 * that changes it changes it for the rest of the request (only the watch of one object does, on
 * purpose: resource-router.ts).
 */
import { getPath } from 'hono/utils/url';

const served = new WeakMap<Request, URL>();

/** The URL `request` is served at (parsed on first use). */
export function requestUrl(request: Request): URL {
  let url = served.get(request);
  if (!url) {
    url = new URL(request.url);
    served.set(request, url);
  }
  return url;
}

/** Whether the path has a `%` that does not start an escape (Go's url.ParseRequestURI refuses it; the query is not checked). */
export function hasBadEscape(request: Request): boolean {
  return /%(?![0-9A-Fa-f]{2})/.test(requestUrl(request).pathname);
}

/** Hono's path of a request (its router's getPath, percent-decoding included), from the URL it is served at. */
export function servedPath(request: Request): string {
  return getPath({ url: requestUrl(request).href } as Request);
}
