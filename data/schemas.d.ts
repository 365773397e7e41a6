/** Root schema name of each served kind: group -> version -> kind -> schema name. */
export declare const kinds: Record<string, Record<string, Record<string, string>>>;
/** Go package (`io.k8s.api.core.v1`) -> JSON text of its compact schemas keyed by schema name. */
export declare const packages: Record<string, string>;
