// The Worker's bindings, as `env` from cloudflare:workers sees them in tests (src/env.ts).
declare namespace Cloudflare {
  interface Env {
    RESOURCE_STORE: DurableObjectNamespace<import('../../src/durable/resource-store.js').ResourceStore>;
    LIFECYCLE: DurableObjectNamespace<import('../../src/lifecycle/controller.js').LifecycleController>;
    LIFECYCLE_SHARDS?: string;
    HISTORY_WINDOW_SECONDS?: string;
    WATCH_HEARTBEAT_SECONDS?: string;
  }
}
