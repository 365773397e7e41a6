/**
 * The backup endpoints (src/backup/, docs/backups.md), driven by `npm run snapshot`. Not Kubernetes
 * paths: authorized as non-resource URLs, which only cluster-admin's `*` grants by default.
 *   GET  /edge-apiserver/v1/snapshot  the cluster's snapshot, gzip'd NDJSON, streamed;
 *   POST /edge-apiserver/v1/restore   `{step: "begin" | "objects" | "activate", header, items?, t?, after?}`.
 * Under /clusters/NAME/ they act on that tenant, as every path does.
 */
import type { Hono } from 'hono';
import { badRequest } from '../apimachinery/status.js';
import { type SnapshotHeader, type SnapshotItem, SnapshotReader } from '../backup/format.js';
import { activateRestore, beginRestore, restoreObjects } from '../backup/restore.js';
import { planSnapshot, snapshotStream } from '../backup/snapshot.js';
import type { AppEnv } from './guard.js';

export const snapshotPath = '/edge-apiserver/v1/snapshot';
export const restorePath = '/edge-apiserver/v1/restore';

interface RestoreBody {
  step?: string;
  header?: SnapshotHeader;
  items?: SnapshotItem[];
  t?: number;
  s?: number;
  after?: string;
}

export function serveBackups(app: Hono<AppEnv>): void {
  app.get(snapshotPath, async (c) => {
    const plan = await planSnapshot(c.get('cluster'));
    const name = `${plan.header.cluster.replace(/[^a-z0-9-]/g, '_')}-${plan.header.resourceVersion}.ndjson.gz`;
    return new Response(snapshotStream(plan), {
      headers: {
        'content-type': 'application/gzip', 'content-encoding': 'identity', 'content-disposition': `attachment; filename="${name}"`,
        'x-snapshot-resource-version': String(plan.header.resourceVersion),
        'x-snapshot-objects': String(plan.header.types.reduce((sum, type) => sum + type.count, 0)),
      },
    });
  });
  app.post(restorePath, async (c) => {
    const body = await readBody(c.req.raw);
    const cluster = c.get('cluster');
    const { header, items } = checked(body);
    if (body.step === 'begin') {
      await beginRestore(cluster, header);
      return Response.json({ begun: true });
    }
    if (body.step === 'objects') return Response.json(await restoreObjects(cluster, header, items));
    if (body.step === 'activate') return Response.json(await activateRestore(cluster, header, { ...(body.t !== undefined ? { t: body.t, s: body.s ?? 0 } : {}), ...(body.after ? { after: body.after } : {}) }));
    throw badRequest('step must be begin, objects or activate');
  });
}

/** The header and items of a restore request, checked as the snapshot reader checks a file's lines. */
function checked(body: RestoreBody): { header: SnapshotHeader; items: SnapshotItem[] } {
  const reader = new SnapshotReader();
  try {
    const header = reader.line(JSON.stringify(body.header ?? null)) as SnapshotHeader;
    const items = (body.items ?? []).map((item) => reader.line(JSON.stringify(item)) as SnapshotItem);
    return { header, items };
  } catch (error) {
    throw badRequest(`invalid restore request: ${(error as Error).message}`);
  }
}

async function readBody(request: Request): Promise<RestoreBody> {
  try {
    const body = (await request.json()) as RestoreBody;
    if (body && typeof body === 'object') return body;
  } catch {
    // below
  }
  throw badRequest('the body must be a JSON object');
}
