/**
 * Responses whose body size is known when they are made, so that response compression
 * (server/compression.ts) need not read a small body to learn its size, and headers set on a
 * response in place (a copy only when its headers are immutable).
 */

/** Upper bounds of the body sizes of responses made by sizedResponse. */
const sizeBounds = new WeakMap<Response, number>();

/** A response whose body size is known (so compression need not read it to learn it). */
export function sizedResponse(body: string | Uint8Array | null, init: ResponseInit): Response {
  const response = new Response(body, init);
  // A string's UTF-8 length is at most three bytes per UTF-16 unit.
  if (body !== null) sizeBounds.set(response, typeof body === 'string' ? body.length * 3 : body.byteLength);
  return response;
}

/**
 * Sets headers on a response: in place when its headers are mutable (made here), else on a copy
 * (which keeps the size known).
 */
export function withHeaders(response: Response, values: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(values)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(values)) headers.set(name, value);
    const copy = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    const bound = sizeBounds.get(response);
    if (bound !== undefined) sizeBounds.set(copy, bound);
    return copy;
  }
}

/** An upper bound of the body size of a response made by sizedResponse, else undefined. */
export function bodySizeBound(response: Response): number | undefined {
  return sizeBounds.get(response);
}
