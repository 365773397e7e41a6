/** Bindings and variables of the Worker (wrangler.toml). */
import type { ResourceStore } from './durable/resource-store.js';
import type { LifecycleController } from './lifecycle/controller.js';

export interface Env {
  RESOURCE_STORE: DurableObjectNamespace<ResourceStore>;
  /** The lifecycle controller shards (garbage collection, namespace termination, grace periods). */
  LIFECYCLE: DurableObjectNamespace<LifecycleController>;
  /** How many lifecycle controller shards (default 4); fixed for the life of a cluster's state. */
  LIFECYCLE_SHARDS?: string;
  /** Seconds of history each Durable Object keeps for past reads (default 300). */
  HISTORY_WINDOW_SECONDS?: string;
  /** Seconds between the newlines an idle watch stream sends to notice a departed client (default 30). */
  WATCH_HEARTBEAT_SECONDS?: string;
}
