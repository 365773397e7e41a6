// Validation cost per create: the server's create-path decoding of a 2 KB Pod with everything
// (strict parse, Go type checks, pruning, defaulting, kind and ObjectMeta validation) against the
// same create without validation (a plain parse), in one process, as a ratio.
import { build } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../scripts/server.mjs';
import { fmt } from './stats.mjs';

function twoKilobytePod() {
  const container = (i) => ({
    name: `c${i}`, image: `registry.example.com/team/app-${i}:1.2.${i}`,
    ports: [{ name: 'http', containerPort: 8080 + i }],
    env: [{ name: 'MODE', value: 'production' }, { name: 'REGION', value: 'eu-west' }],
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
    readinessProbe: { httpGet: { path: '/healthz', port: 8080 + i }, periodSeconds: 10 },
  });
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bench', namespace: 'default', labels: { app: 'bench', tier: 'web' } }, spec: { containers: [0, 1, 2, 3, 4].map(container) } };
  return JSON.stringify(pod);
}

function timePerCall(fn, text, minimumMillis = 1500) {
  for (let i = 0; i < 200; i++) fn(text);
  let calls = 0;
  const began = performance.now();
  while (performance.now() - began < minimumMillis) {
    for (let i = 0; i < 100; i++) fn(text);
    calls += 100;
  }
  return ((performance.now() - began) * 1000) / calls;
}

export async function runValidationCost() {
  const outfile = path.join(projectRoot, '.wrangler', 'bundle', 'validation-entry.mjs');
  await build({ entryPoints: [path.join(projectRoot, 'bench', 'validation-entry.ts')], bundle: true, format: 'esm', platform: 'node', outfile, logLevel: 'warning' });
  const { decodeWithValidation, decodeWithoutValidation } = await import(pathToFileURL(outfile).href);
  const text = twoKilobytePod();
  const without = timePerCall(decodeWithoutValidation, text);
  const withValidation = timePerCall(decodeWithValidation, text);
  console.log(`validation cost per create (${text.length}-byte Pod, in process)`);
  console.log(`  without validation ${fmt(without, 1)} µs, with validation ${fmt(withValidation, 1)} µs: ${fmt(withValidation / without, 1)}x (+${fmt(withValidation - without, 1)} µs per create)`);
  return {
    conditions: `in process (Node ${process.version}, the server's create-path decoding bundled with esbuild), a ${text.length}-byte Pod, at least 1.5 s of calls each after 200 warm-up calls`,
    podBytes: text.length, withoutMicros: without, withMicros: withValidation, ratio: withValidation / without,
  };
}
