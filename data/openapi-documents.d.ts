/** Kube's OpenAPI v3 documents by path (`api/v1`, `apis/apps/v1`), minified, with their SHA-512. */
declare const documents: Record<string, { hash: string; text: string }>;
export default documents;
