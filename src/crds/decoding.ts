/**
 * Decoding a custom resource from a request (kube's unstructured decoder plus the CRD's
 * structural pruning): there are no Go types, so no type errors at this stage (the schema
 * reports them as 422 later); fields the schema does not know are pruned and reported, with
 * repeated keys, as the strict decoding errors the fieldValidation directive acts on; then nulls
 * the schema neither allows nor defaults are dropped (kube's PruneNonNullableNullsWithoutDefaults:
 * `spec: {source: {helm: }}` creates the object without `helm`).
 */
import { fieldValidationErrors, pruneNonNullableNulls, pruneStructural, type StrictDecoded } from '../schema/index.js';
import type { SchemaNode } from '../schema/types.js';

const noRefs = () => undefined;

/** The same shape as checkObject's answer for built-in kinds. */
export function checkCustomResource(schema: SchemaNode, object: unknown, strict?: StrictDecoded): { typeError?: string; strictErrors: string[] } {
  const pruned = pruneStructural(schema, object, { isResourceRoot: true, resolve: noRefs });
  pruneNonNullableNulls(schema, object, noRefs);
  return { strictErrors: fieldValidationErrors(strict?.duplicates ?? [], pruned) };
}
