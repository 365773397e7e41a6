// The resource types kube v1.32 serves that the v1.26 OpenAPI documents lack
// (reference/overlays/v1.32-types.json), merged into a document by the build scripts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const overlayPath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'reference', 'overlays', 'v1.32-types.json');

/**
 * The document with the overlay's paths and component schemas for this document file merged in,
 * where the document lacks them (a newer document set that has them wins), keys sorted as
 * kube-openapi writes them.
 */
export function withTypesOverlay(fileName, document) {
  const add = JSON.parse(readFileSync(overlayPath, 'utf8')).openapi[fileName];
  if (!add) return document;
  const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  document.paths = sorted({ ...add.paths, ...document.paths });
  document.components = { ...document.components, schemas: sorted({ ...add.schemas, ...document.components?.schemas }) };
  return document;
}
