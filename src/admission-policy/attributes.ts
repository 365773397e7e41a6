/**
 * admission.Attributes: what every admission step (policies, webhooks) knows of one request.
 * Objects are the JSON of the request's version.
 */
export interface RequestAttributes {
  operation: 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';
  group: string;
  version: string;
  resource: string;
  subresource: string;
  kind: { group: string; version: string; kind: string };
  /** '' for cluster-scoped requests; the namespace's own name for requests on a Namespace. */
  namespace: string;
  name: string;
  /** null on DELETE. */
  object: Record<string, unknown> | null;
  /** null on CREATE. */
  oldObject: Record<string, unknown> | null;
  dryRun: boolean;
  userInfo: { username: string; uid?: string; groups: string[]; extra?: Record<string, string[]> };
  clusterScoped: boolean;
}
