// The Worker's bindings, as `env` from cloudflare:workers sees them in tests (src/server/env.ts).
declare namespace Cloudflare {
  interface Env {
    STORAGE_SHARDS: DurableObjectNamespace<import('../../src/durable/storage-shard.js').StorageShard>;
    CONTROLLERS: DurableObjectNamespace<import('../../src/durable/partition/controller-partition.js').ControllerPartition>;
    CONTROLLER_PARTITIONS?: string;
    HISTORY_WINDOW_SECONDS?: string;
    WATCH_HEARTBEAT_SECONDS?: string;
  }
}
