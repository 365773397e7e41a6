/**
 * `POST /edge-apiserver/v1/reshard`: one batch of moving a resource type to another shard layout
 * (src/storage/sharding/reshard.ts), driven by `npm run reshard` (scripts/reshard.mjs). Not a Kubernetes
 * path: authorized as a non-resource URL (`post` on /edge-apiserver/v1/reshard, which only
 * cluster-admin's `*` grants by default). Body: `{group, resource, from, to, at?, after?}` with
 * layouts as `count` or `count:namespace|name`; `{..., erase: "from"}` empties the old layout.
 */
import type { Hono } from 'hono';
import type { ClusterContext } from '../cluster/context.js';
import { layoutOrNull, maxShards, ShardMap, type ShardLayout } from '../storage/sharding/shard-map.js';
import { badRequest, invalid } from '../apimachinery/status.js';
import { fieldError } from '../apimachinery/field-errors.js';
import { servingCatalog } from '../crds/serving-catalog.js';
import { strategyFor } from '../registry/registry.js';
import { fromStored } from '../registry/stored-object.js';
import { eraseLayout, reshardBatch } from '../storage/sharding/reshard.js';
import type { AppEnv } from './guard.js';

export const reshardPath = '/edge-apiserver/v1/reshard';

interface ReshardBody {
  group?: string;
  resource?: string;
  from?: string;
  to?: string;
  at?: number;
  after?: string;
  erase?: 'from';
}

export function serveReshard(app: Hono<AppEnv>): void {
  app.post(reshardPath, async (c) => {
    const body = await readBody(c.req.raw);
    const cluster = c.get('cluster');
    const type = await typeOf(cluster, body.group ?? '', body.resource ?? '');
    const from = layout('from', body.from);
    const to = layout('to', body.to);
    if (from.count === to.count && from.key !== to.key && to.count > 1) {
      throw invalid({ group: 'edge-apiserver', kind: 'Reshard' }, type.resource, [fieldError.invalid('to', body.to, 'a new key needs a new shard count (the shards keep their names)')]);
    }
    const stored = { cluster: cluster.name, group: type.group, resource: type.resource };
    const laidOut = (layout: ShardLayout) => {
      const map = new ShardMap(stored, layout);
      return { map, shards: map.shards().map((address) => cluster.shard(address)) };
    };
    if (body.erase === 'from') return Response.json({ erased: await eraseLayout(laidOut(from)) });
    const columns = (stored: Parameters<Parameters<typeof reshardBatch>[3]>[0]) => {
      const object = fromStored(stored);
      return { labels: object.metadata.labels ?? {}, fields: strategyFor(type).selectableFields(object) };
    };
    return Response.json(await reshardBatch(laidOut(from), laidOut(to), { ...(body.at ? { at: body.at } : {}), ...(body.after ? { after: body.after } : {}) }, columns));
  });
}

async function readBody(request: Request): Promise<ReshardBody> {
  try {
    return (await request.json()) as ReshardBody;
  } catch {
    throw badRequest('the body must be a JSON object');
  }
}

/** The served type of (group, resource), in its preferred version. */
async function typeOf(cluster: ClusterContext, group: string, resource: string) {
  const catalog = await servingCatalog(cluster, 'latest');
  const version = catalog.preferredVersion(group);
  const type = version === undefined ? undefined : catalog.findResource(group, version, resource);
  if (!type || type.virtual) throw badRequest(`no stored resource ${resource}${group ? `.${group}` : ''}`);
  return type;
}

function layout(field: string, text: string | undefined): ShardLayout {
  const layout = layoutOrNull(text ?? '');
  if (!layout) throw badRequest(`${field}: a layout is count[:namespace|name], count 1-${maxShards}`);
  return layout;
}
