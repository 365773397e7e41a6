// The Worker as it was before kube's OpenAPI documents were loaded on first use: the same entry,
// with data/openapi-documents.js evaluated when the isolate starts. Only the cold-start
// benchmark's baseline (bench/cold-start.mjs) uses it.
import documents from '../data/openapi-documents.js';

export { StorageShard, ControllerPartition, default } from '../src/index.js';

(globalThis as { evaluatedAtStart?: unknown }).evaluatedAtStart = documents;
