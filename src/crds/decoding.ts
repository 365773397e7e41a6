/**
 * Decoding a custom resource from a request (kube's unstructured decoder plus the CRD's
 * structural pruning): there are no Go types, so no type errors at this stage (the schema
 * reports them as 422 later); fields the schema does not know are pruned and reported, with
 * repeated keys, as the strict decoding errors the fieldValidation directive acts on.
 */
import { fieldValidationErrors, pruneStructural, type StrictDecoded } from '../schema/index.js';
import type { SchemaNode } from '../schema/types.js';

/** The same shape as checkObject's answer for built-in kinds. */
export function checkCustomResource(schema: SchemaNode, object: unknown, strict?: StrictDecoded): { typeError?: string; strictErrors: string[] } {
  const pruned = pruneStructural(schema, object, { isResourceRoot: true, resolve: () => undefined });
  return { strictErrors: fieldValidationErrors(strict?.duplicates ?? [], pruned) };
}
