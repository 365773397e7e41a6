/**
 * Everything a resource handler needs about one request, resolved once by the router: the
 * parsed request info, the catalog entry, the Store of the type, and the clock.
 */
import type { ResourceType } from '../../api/catalog.js';
import type { RequestInfo } from '../../apimachinery/request-info.js';
import type { ClusterContext } from '../../cluster/context.js';
import type { UserInfo } from '../../rbac/index.js';
import type { Store } from '../../registry/store.js';

export interface RequestScope {
  /** The control plane the request acts in. */
  cluster: ClusterContext;
  request: Request;
  url: URL;
  info: RequestInfo;
  type: ResourceType;
  /** The namespace objects live in: the URL's for namespaced types, "" for cluster-scoped ones. */
  namespace: string;
  store: Store;
  /** The request's time: one clock reading for timestamps and ages within a request. */
  now: Date;
  /** Warnings for the client, sent as `Warning: 299 - "..."` headers with the response. */
  warnings: string[];
  /** The authenticated (or impersonated) user the request acts as. */
  user: UserInfo;
  /** Called once when a watch this request opened ends (gives back the user's watch slot). */
  onWatchStop?: () => void;
}

/** A handler for one verb: the request in, the response out; failures are thrown StatusErrors. */
export type Handler = (scope: RequestScope) => Promise<Response>;
