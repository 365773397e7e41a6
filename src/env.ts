/** Bindings and variables of the Worker (wrangler.toml). */
import type { ResourceStore } from './durable/resource-store.js';

export interface Env {
  RESOURCE_STORE: DurableObjectNamespace<ResourceStore>;
  /** Seconds of history each Durable Object keeps for past reads (default 300). */
  HISTORY_WINDOW_SECONDS?: string;
}
