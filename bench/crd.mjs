// Custom resources: the time from a CRD's create to the first successful create of one of its
// objects (the client retries every 10 ms), and the create throughput of a custom resource whose
// schema carries 5 CEL rules against one with none (same shape otherwise), in the same run.
import { closedLoop, fmt, summarize } from './stats.mjs';

const json = { 'content-type': 'application/json' };

const rules = [
  { rule: 'self.replicas <= 100', message: 'too many replicas' },
  { rule: 'self.name.startsWith("app-")' },
  { rule: 'self.ports.all(p, p > 0 && p < 65536)' },
  { rule: 'self.tags.size() <= 10' },
  { rule: 'self.replicas >= self.minReplicas' },
];

function definition(group, kind, withRules) {
  const plural = `${kind.toLowerCase()}s`;
  const spec = {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 63 }, replicas: { type: 'integer' }, minReplicas: { type: 'integer' },
      ports: { type: 'array', maxItems: 16, items: { type: 'integer' } }, tags: { type: 'array', maxItems: 32, items: { type: 'string', maxLength: 32 } },
    },
    ...(withRules ? { 'x-kubernetes-validations': rules } : {}),
  };
  return {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `${plural}.${group}` },
    spec: {
      group, scope: 'Namespaced', names: { plural, singular: kind.toLowerCase(), kind },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

const object = (group, kind, name) => ({
  apiVersion: `${group}/v1`, kind, metadata: { name },
  spec: { name: 'app-x', replicas: 3, minReplicas: 1, ports: [80, 443], tags: ['a', 'b'] },
});

async function post(url, body) {
  const response = await fetch(url, { method: 'POST', headers: json, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

/** Creates the CRD; resolves with the ms until an object of it is created. */
async function timeToFirstObject(server, group, kind, namespace, withRules) {
  const started = performance.now();
  if ((await post(`${server}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, definition(group, kind, withRules))) !== 201) throw new Error('CRD create failed');
  const url = `${server}/apis/${group}/v1/namespaces/${namespace}/${kind.toLowerCase()}s`;
  while ((await post(url, object(group, kind, 'first'))) !== 201) await new Promise((resolve) => setTimeout(resolve, 10));
  return performance.now() - started;
}

/**
 * Creates objects of both types alternately from one client, so both see the same warm-up and
 * machine noise; per-type throughput is 1000 / mean latency.
 */
async function alternatingCreates(server, groups, kind, namespace, durationMs) {
  const urls = groups.map((group) => `${server}/apis/${group}/v1/namespaces/${namespace}/${kind.toLowerCase()}s`);
  const result = await closedLoop({
    concurrency: 1, durationMs: durationMs * 2,
    operation: async (_worker, iteration) => {
      const which = iteration % 2;
      if ((await post(urls[which], object(groups[which], kind, `o${iteration}`))) !== 201) throw new Error('create failed');
      return String(which);
    },
  });
  return groups.map((_, which) => {
    const latencies = result.byOp[String(which)];
    const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
    return { opsPerSecond: 1000 / mean, ...summarize(latencies) };
  });
}

export async function runCustomResources(server, durationMs) {
  const stamp = Date.now().toString(36);
  const namespace = `bench-crd-${stamp}`;
  await post(`${server}/api/v1/namespaces`, { metadata: { name: namespace } });
  const plainGroup = `plain${stamp}.bench.io`;
  const celGroup = `cel${stamp}.bench.io`;
  const firstPlain = await timeToFirstObject(server, plainGroup, 'Gadget', namespace, false);
  const firstCel = await timeToFirstObject(server, celGroup, 'Gadget', namespace, true);
  const [plain, cel] = await alternatingCreates(server, [plainGroup, celGroup], 'Gadget', namespace, durationMs);
  console.log('custom resources');
  console.log(`  CRD create -> first object created: ${fmt(firstPlain)} ms (no rules), ${fmt(firstCel)} ms (5 CEL rules)`);
  console.log(`  creates, no rules (baseline): ${fmt(plain.opsPerSecond)} ops/s, p50 ${fmt(plain.p50, 2)} ms, p99 ${fmt(plain.p99, 2)} ms`);
  console.log(`  creates, 5 CEL rules:         ${fmt(cel.opsPerSecond)} ops/s, p50 ${fmt(cel.p50, 2)} ms, p99 ${fmt(cel.p99, 2)} ms`);
  console.log(`  5 CEL rules / none: throughput ${fmt(cel.opsPerSecond / plain.opsPerSecond, 2)}x, p50 ${fmt(cel.p50 / plain.p50, 2)}x`);
  return {
    conditions: `CRD create to the first successful create of an object (client retrying every 10 ms); then creates alternating between a custom resource with 5 CEL rules on its spec and one of the same shape without, one client, ${(durationMs * 2) / 1000} s in all; throughput = 1000 / mean latency`,
    firstObjectMs: { withoutRules: firstPlain, withRules: firstCel },
    createsWithoutRules: plain,
    createsWithRules: cel,
    ratios: { throughput: cel.opsPerSecond / plain.opsPerSecond, p50: cel.p50 / plain.p50 },
  };
}
