/**
 * Scheduled backups (src/backup/scheduled.ts) in miniflare's R2: a run writes every cluster's snapshot
 * (the default plane and each tenant) as parts, resumable across invocations that each stop at
 * their budget (here one part of 40 objects per invocation), each cluster's parts concatenated
 * being one snapshot file that checks whole; the Cron Trigger's handler starts a run; the newest
 * BACKUP_RETENTION complete runs are kept.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { checkSnapshot } from '../../src/backup/client.js';
import { gzipLines } from '../../src/backup/lines.js';
import { statePath } from '../../src/backup/scheduled.js';
import worker from '../../src/index.js';
import { scheduledBackups } from '../../src/server/scheduled-backups.js';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

vi.setConfig({ testTimeout: 180_000 });

const bucket = (env as any).BACKUPS as R2Bucket;
const tenancy = 'tenancy.edge-apiserver.dev';

async function keys(prefix: string): Promise<string[]> {
  const listed = await bucket.list({ prefix });
  return listed.objects.map((object) => object.key);
}

/** A cluster's run, its parts' lines in order (each part a gzip file of whole lines). */
async function* runLines(prefix: string): AsyncGenerator<string> {
  const parts = (await keys(prefix)).filter((key) => key.includes('/part-')).sort();
  for (const key of parts) yield* gzipLines((await bucket.get(key))!.body);
}

async function completeRun(overrides: { maxParts?: number; partObjects?: number; retention?: number }): Promise<number> {
  for (let invocation = 1; ; invocation++) {
    const state = await scheduledBackups(env as any, overrides);
    if (!state!.current && !state!.pending.length) return invocation;
  }
}

describe('scheduled backups', () => {
  it('writes every cluster in resumable parts, each run one checked snapshot per cluster, and keeps the newest runs', async () => {
    const namespace = await freshNamespace('sched');
    for (let index = 0; index < 30; index++) expect((await api('POST', `/api/v1/namespaces/${namespace}/configmaps`, { body: configMap(`c${index}`) })).status).toBe(201);
    const tenant = `sb${Date.now().toString(36)}`;
    const created = await api('POST', `/apis/${tenancy}/v1alpha1/controlplanes`, { body: { apiVersion: `${tenancy}/v1alpha1`, kind: 'ControlPlane', metadata: { name: tenant } } });
    expect(created.status).toBe(201);
    await eventually(async () => (await api('GET', `/clusters/${tenant}/api/v1/namespaces`)).status === 200);

    // The Cron Trigger's handler begins a run (one invocation, its default budget).
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' });
    const context = createExecutionContext();
    await worker.scheduled(controller, env as any, context);
    await waitOnExecutionContext(context);
    expect(await bucket.head(statePath)).not.toBeNull();
    await completeRun({ maxParts: 1, partObjects: 40, retention: 2 });

    const invocations = await completeRun({ maxParts: 1, partObjects: 40, retention: 2 });
    const clusters = ['default', `${tenant}:${created.json.metadata.uid}`];
    const runs = await Promise.all(clusters.map(async (cluster) => (await bucket.list({ prefix: `snapshots/${cluster}/`, delimiter: '/' })).delimitedPrefixes.sort()));
    expect(runs.map((list) => list.length)).toEqual([2, 2]);
    const latest = runs[0]![1]!;
    const manifest = await (await bucket.get(`${latest}manifest.json`))!.json<any>();
    expect(manifest.parts).toBeGreaterThan(1);
    expect(invocations).toBeGreaterThanOrEqual(manifest.parts);
    const lines: string[] = [];
    for await (const line of runLines(latest)) lines.push(line);
    const header = await checkSnapshot(async function* () {
      yield* lines;
    });
    expect(header.cluster).toBe('default');
    expect(header.types.reduce((sum, type) => sum + type.count, 0)).toBe(manifest.objects);
    expect(lines.filter((line) => line.includes(`"namespace":"${namespace}"`) && line.includes('"kind":"ConfigMap"'))).toHaveLength(30);

    // A third run with retention 2: the oldest complete run goes.
    await completeRun({ maxParts: 1, partObjects: 40, retention: 2 });
    const after = (await bucket.list({ prefix: 'snapshots/default/', delimiter: '/' })).delimitedPrefixes.sort();
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(latest);
  });
});
