/**
 * The schema lookup of a built-in kind, from the schemas bundled in data/schemas.js. Custom
 * resources have none: kube answers their strategic merge patches with 415 before merging.
 */
import { schemaNameForKind, schemaNamed } from '../../schema/index.js';
import { schemaLookupFromNode, type SchemaLookup } from './schema-lookup.js';

/** The patch metadata lookups of a served kind's root type, or undefined for kinds without a schema. */
export function schemaLookupForKind(group: string, version: string, kind: string): SchemaLookup | undefined {
  const name = schemaNameForKind(group, version, kind);
  return name === undefined ? undefined : schemaLookupFromNode({ $ref: name }, schemaNamed);
}
