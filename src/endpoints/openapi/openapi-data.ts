/**
 * kube's OpenAPI v3 documents (data/openapi-documents.js, 5.7 MB, most of the bundle), loaded on
 * first use. Every isolate, Durable Objects included, would otherwise evaluate the whole module
 * at start (about 140 ms of CPU and 14 MB of heap), while only /openapi needs it. The bundlers
 * (esbuild in scripts/server.mjs, wrangler's esbuild) turn the dynamic import into a module
 * initialized on first call, so start-up only scans its text. Each call imports again: the
 * module is evaluated once, and no promise is shared across requests (workerd forbids awaiting
 * another request's promise).
 */
import type { OpenApiDocuments } from './openapi.js';

/** Kube's documents by path (`api/v1`, `apis/apps/v1`). */
export type BuiltinDocuments = OpenApiDocuments;

/** kube's OpenAPI v3 documents, evaluated the first time they are asked for. */
export async function builtinOpenApiDocuments(): Promise<BuiltinDocuments> {
  return (await import('../../../data/openapi-documents.js')).default;
}
