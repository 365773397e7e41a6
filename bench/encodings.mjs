// A list of 5,000 Pods served as JSON, CBOR and Protobuf in the same run: response bytes and
// time to the last byte (median of 5 reads each, interleaved), plus the same list gzipped for a
// client that accepts gzip (JSON). Pods look like kubectl-created ones with server defaults
// (two containers, probes, resources, env, volumes; about 4 KB of JSON each).
import http from 'node:http';
import { fmt } from './stats.mjs';

const json = { 'content-type': 'application/json' };

const pod = (name) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, labels: { app: 'bench', tier: 'web' }, annotations: { 'example.com/owner': 'team-a' } },
  spec: {
    containers: ['app', 'sidecar'].map((container) => ({
      name: container, image: `registry.example.com/${container}:1.2.3`, ports: [{ containerPort: 8080, name: 'http' }],
      env: [{ name: 'MODE', value: 'production' }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
      resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
      readinessProbe: { httpGet: { path: '/ready', port: 'http' }, periodSeconds: 5 },
      volumeMounts: [{ name: 'config', mountPath: '/etc/app' }],
    })),
    volumes: [{ name: 'config', configMap: { name: 'app-config' } }],
  },
});

async function fill(base, count) {
  const batch = 32;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, offset) => fetch(base, {
      method: 'POST', headers: json, body: JSON.stringify(pod(`pod-${start + offset}`)),
    }).then((response) => response.arrayBuffer())));
  }
}

/** Reads a response's bytes as they come off the wire (fetch would decompress gzip). */
function read(url, headers) {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`list failed: ${response.statusCode}`));
        else resolve({ ms: performance.now() - began, bytes });
      });
    }).on('error', reject);
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runEncodings(server, count = 5000) {
  const namespace = `bench-enc-${Date.now().toString(36)}`;
  await fetch(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ metadata: { name: namespace } }) });
  const base = `${server}/api/v1/namespaces/${namespace}/pods`;
  await fill(base, count);
  const formats = [
    ['JSON (baseline)', { accept: 'application/json', 'accept-encoding': 'identity' }],
    ['CBOR', { accept: 'application/cbor', 'accept-encoding': 'identity' }],
    ['Protobuf', { accept: 'application/vnd.kubernetes.protobuf', 'accept-encoding': 'identity' }],
    ['JSON, gzip', { accept: 'application/json', 'accept-encoding': 'gzip' }],
  ];
  const runs = new Map(formats.map(([name]) => [name, []]));
  for (let round = 0; round < 5; round++) {
    for (const [name, headers] of formats) runs.get(name).push(await read(base, headers));
  }
  const baseline = median(runs.get('JSON (baseline)').map((run) => run.ms));
  const baselineBytes = runs.get('JSON (baseline)')[0].bytes;
  console.log(`list of ${count} Pods by encoding (median of 5, time to last byte)`);
  const results = [];
  for (const [name] of formats) {
    const ms = median(runs.get(name).map((run) => run.ms));
    const { bytes } = runs.get(name)[0];
    results.push({ format: name, bytes, ms, bytesRatio: bytes / baselineBytes, timeRatio: ms / baseline });
    console.log(`  ${name.padEnd(16)} ${fmt(bytes / 1024 / 1024, 2).padStart(6)} MiB (${fmt(bytes / baselineBytes, 2)}x)  ${fmt(ms).padStart(7)} ms (${fmt(ms / baseline, 2)}x)`);
  }
  return {
    conditions: `a list of ${count} Pods (two containers each) read over HTTP by one client in each format, interleaved, median of 5 reads, time to the last byte on the wire`,
    count, formats: results,
  };
}
