// Server-side apply cost: two managers alternately apply the same 5 KB Deployment (shared
// ownership of every field, each also bumping an annotation of its own), against a merge patch
// sending the same 5 KB body to the same object, in the same run. One client, so each figure is
// a plain round trip.
import { closedLoop, fmt, summarize } from './stats.mjs';

const json = { 'content-type': 'application/json' };

async function call(url, init) {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (response.status >= 300) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status}`);
}

/** A Deployment of about 5 KB: three containers with env, ports, probes and resources. */
export function deployment(name, annotations) {
  const container = (index) => ({
    name: `c${index}`, image: `registry.example.com/team/app-${index}:1.2.${index}`,
    args: ['--port=8080', '--log-level=info', `--instance=${index}`],
    ports: [{ name: 'http', containerPort: 8080 + index }, { name: 'metrics', containerPort: 9090 + index }],
    env: Array.from({ length: 22 }, (_, e) => ({ name: `SETTING_${index}_${e}`, value: `value-${e}-${'v'.repeat(12)}` })),
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
    readinessProbe: { httpGet: { path: '/ready', port: 8080 + index }, periodSeconds: 5 },
    volumeMounts: [{ name: 'config', mountPath: `/etc/app-${index}` }],
  });
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name, labels: { app: name, tier: 'backend' }, annotations },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name, tier: 'backend' } },
        spec: { containers: [0, 1, 2].map(container), volumes: [{ name: 'config', configMap: { name: `${name}-config` } }] },
      },
    },
  };
}

/** Runs both phases on their own Deployments and prints ops/s and p99, merge patch as baseline. */
export async function runApplyCost(server, durationMs) {
  const namespace = `bench-apply-${Date.now().toString(36)}`;
  await call(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: namespace } }) });
  const base = `${server}/apis/apps/v1/namespaces/${namespace}/deployments`;
  const size = JSON.stringify(deployment('applied', { 'alpha-rev': '0' })).length;

  await call(base, { method: 'POST', headers: json, body: JSON.stringify(deployment('patched', {})) });
  const merge = await closedLoop({
    concurrency: 1, durationMs,
    operation: async (_worker, iteration) => {
      const body = JSON.stringify(deployment('patched', { rev: String(iteration) }));
      await call(`${base}/patched`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body });
      return 'merge';
    },
  });

  const apply = await closedLoop({
    concurrency: 1, durationMs,
    operation: async (_worker, iteration) => {
      const manager = iteration % 2 === 0 ? 'alpha' : 'beta';
      const body = JSON.stringify(deployment('applied', { [`${manager}-rev`]: String(iteration) }));
      await call(`${base}/applied?fieldManager=${manager}`, { method: 'PATCH', headers: { 'content-type': 'application/apply-patch+yaml' }, body });
      return 'apply';
    },
  });

  const mergeStats = summarize(merge.byOp.merge);
  const applyStats = summarize(apply.byOp.apply);
  console.log(`server-side apply of a ${fmt(size / 1024, 1)} KB Deployment, two managers alternating (one client)`);
  console.log(`  merge patch (baseline): ${fmt(merge.opsPerSecond)} ops/s, p50 ${fmt(mergeStats.p50, 2)} ms, p99 ${fmt(mergeStats.p99, 2)} ms`);
  console.log(`  apply:                  ${fmt(apply.opsPerSecond)} ops/s, p50 ${fmt(applyStats.p50, 2)} ms, p99 ${fmt(applyStats.p99, 2)} ms`);
  console.log(`  apply / merge patch: throughput ${fmt(apply.opsPerSecond / merge.opsPerSecond, 2)}x, p99 ${fmt(applyStats.p99 / mergeStats.p99, 2)}x`);
  return {
    conditions: `one client (closed loop), ${durationMs / 1000} s per phase; merge patch of a ${size}-byte Deployment (3 containers, 66 env vars) first, then server-side apply of the same body by two managers alternately (shared ownership, each bumping its own annotation) to another Deployment`,
    bodyBytes: size,
    mergePatch: { opsPerSecond: merge.opsPerSecond, ...mergeStats },
    apply: { opsPerSecond: apply.opsPerSecond, ...applyStats },
    ratios: { throughput: apply.opsPerSecond / merge.opsPerSecond, p50: applyStats.p50 / mergeStats.p50, p99: applyStats.p99 / mergeStats.p99 },
  };
}
