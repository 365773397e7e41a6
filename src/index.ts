/**
 * The Worker entry point: the Hono app for HTTP (behind the routing of `/clusters/NAME/` and
 * tenant host names to their control plane), the Durable Object class that stores each
 * resource type's objects (storage shards), and the one that runs the controllers (partitions),
 * each made with what it needs of the server (server/assembly/).
 */
import type { Env } from './server/env.js';
import { createApp } from './server/app.js';
import { hasBadEscape } from './apimachinery/request-url.js';
import { badRequestTarget } from './endpoints/handlers/status-responses.js';
import { routeToPlane, withPlanePrefix } from './server/cluster-routing.js';
import { settingsFor } from './server/assembly/clusters.js';
import { scheduledBackups } from './server/scheduled-backups.js';
import { timed, withTimeline } from './server/timeline.js';

export { WorkerStorageShard as StorageShard, WorkerControllerPartition as ControllerPartition } from './server/assembly/durable-objects.js';

const app = createApp();

async function serve(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  if (hasBadEscape(request)) return badRequestTarget();
  const plane = routeToPlane(request, { tenantDomain: settingsFor(env).tenantDomain, tlsInFront: env.TLS_IN_FRONT === 'true' });
  return withPlanePrefix(await app.fetch(request, env, ctx), plane);
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    return timed(request, env) ? withTimeline(() => serve(request, env, ctx)) : serve(request, env, ctx);
  },
  /** The Cron Trigger: scheduled backups into the BACKUPS bucket (docs/backups.md). */
  async scheduled(_controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(scheduledBackups(env));
  },
} satisfies ExportedHandler<Env>;
