/** Bindings and variables of the Worker (wrangler.toml). */
import type { ResourceStore } from './durable/resource-store.js';

export interface Env {
  RESOURCE_STORE: DurableObjectNamespace<ResourceStore>;
  /** Seconds of history each Durable Object keeps for past reads (default 300). */
  HISTORY_WINDOW_SECONDS?: string;
  /** Seconds between the newlines an idle watch stream sends to notice a departed client (default 30). */
  WATCH_HEARTBEAT_SECONDS?: string;
}
