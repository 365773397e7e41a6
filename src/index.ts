/**
 * The Worker entry point: the Hono app for HTTP, the Durable Object class that stores each
 * resource type's objects, and the one that runs the lifecycle controllers.
 */
import { createApp } from './http/app.js';

export { ResourceStore } from './durable/resource-store.js';
export { LifecycleController } from './lifecycle/controller.js';

export default createApp();
