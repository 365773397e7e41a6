/**
 * The Worker entry point: the Hono app for HTTP, and the Durable Object class that stores
 * each resource type's objects.
 */
import { createApp } from './http/app.js';

export { ResourceStore } from './durable/resource-store.js';

export default createApp();
