/**
 * Everything a resource handler needs about one request, resolved once by the router: what
 * admission sees of it (the cluster, parsed request info, catalog entry, namespace, user, clock,
 * warnings), the raw request, and the Store of the type.
 */
import type { AdmissionRequest } from '../../admission/plugins.js';
import type { Store } from '../../registry/store.js';

export interface RequestScope extends AdmissionRequest {
  request: Request;
  store: Store;
  /** Called once when a watch this request opened ends (gives back the user's watch slot). */
  onWatchStop?: () => void;
  /** The request's audit, when it records one: the object the request decoded (src/audit, kube's LogRequestObject). */
  auditRequestObject?: AuditRequestObject;
}

/** kube's LogRequestObject seen from a handler: `object` is read only when `wantsObject` (level Request and up). */
export interface AuditRequestObject {
  wantsObject: boolean;
  log(metadata: { name?: string; namespace?: string } | undefined, object?: unknown): void;
}

/** A handler for one verb: the request in, the response out; failures are thrown StatusErrors. */
export type Handler = (scope: RequestScope) => Promise<Response>;
