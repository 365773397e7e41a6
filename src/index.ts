/**
 * The Worker entry point: the Hono app for HTTP, the Durable Object class that stores each
 * resource type's objects (storage shards), and the one that runs the controllers (partitions).
 */
import { createApp } from './http/app.js';

export { StorageShard } from './durable/storage-shard.js';
export { ControllerPartition } from './controllers/controller-partition.js';

export default createApp();
