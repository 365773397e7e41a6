/**
 * The Worker entry point: the Hono app for HTTP (behind the routing of `/clusters/NAME/` and
 * tenant host names to their control plane), the Durable Object class that stores each
 * resource type's objects (storage shards), and the one that runs the controllers (partitions).
 */
import { settingsOf } from './cluster/settings.js';
import type { Env } from './server/env.js';
import { createApp } from './server/app.js';
import { hasBadEscape } from './apimachinery/request-url.js';
import { badRequestTarget } from './endpoints/handlers/status-responses.js';
import { routeToPlane, withPlanePrefix } from './server/cluster-routing.js';
import { provideSeeds } from './durable/seeds.js';
import { bootstrapSeed } from './registry/bootstrap-seeds.js';

export { StorageShard } from './durable/storage-shard.js';
export { ControllerPartition } from './durable/partition/controller-partition.js';

const app = createApp();
// A tenant's storage shards are born with its bootstrap objects (system namespaces, RBAC policy).
provideSeeds(bootstrapSeed);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (hasBadEscape(request)) return badRequestTarget();
    const plane = routeToPlane(request, { tenantDomain: settingsOf(env).tenantDomain, tlsInFront: env.TLS_IN_FRONT === 'true' });
    return withPlanePrefix(await app.fetch(request, env, ctx), plane);
  },
} satisfies ExportedHandler<Env>;
