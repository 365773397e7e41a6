/**
 * kubectl 1.32 against the groups kube-apiserver serves for itself: `get apiservices` and
 * `get flowschemas` / `prioritylevelconfigurations` print kube's tables of kube's bootstrap
 * objects, an APIService applies from a manifest, and `get --raw /metrics` reads the Prometheus
 * text that kube's role system:monitoring grants.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';

const serverUrl = inject('serverUrl');
let k: Kubectl;

beforeAll(() => {
  k = kubectlFor(serverUrl);
});

const columns = (line: string) => line.trim().split(/\s{2,}/);

describe('kubectl get', () => {
  it('apiservices: the Local ones for every built-in group-version, Available', async () => {
    const result = await k('get', 'apiservices');
    expect(result.stderr).toBe('');
    const lines = result.stdout.trim().split('\n');
    expect(columns(lines[0]!)).toEqual(['NAME', 'SERVICE', 'AVAILABLE', 'AGE']);
    expect(columns(lines.find((line) => line.startsWith('v1.apps '))!).slice(0, 3)).toEqual(['v1.apps', 'Local', 'True']);
    expect(lines.filter((line) => / Local +True /.test(line)).length).toBeGreaterThanOrEqual(20);
  });

  it("flowschemas in kube's order of precedence, and prioritylevelconfigurations", async () => {
    const schemas = (await k('get', 'flowschemas')).stdout.trim().split('\n');
    expect(columns(schemas[0]!)).toEqual(['NAME', 'PRIORITYLEVEL', 'MATCHINGPRECEDENCE', 'DISTINGUISHERMETHOD', 'AGE', 'MISSINGPL']);
    expect(schemas.slice(1, 4).map((line) => columns(line)[0])).toEqual(['exempt', 'probes', 'system-leader-election']);
    expect(columns(schemas.at(-1)!)).toEqual(['catch-all', 'catch-all', '10000', 'ByUser', expect.any(String), 'False']);
    const levels = (await k('get', 'prioritylevelconfigurations')).stdout.trim().split('\n');
    expect(columns(levels.find((line) => line.startsWith('global-default '))!).slice(0, 6)).toEqual(['global-default', 'Limited', '20', '128', '6', '50']);
  });

  it('applies an APIService manifest and shows its availability', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edge-apiservice-'));
    const manifest = path.join(dir, 'apiservice.yaml');
    writeFileSync(manifest, [
      'apiVersion: apiregistration.k8s.io/v1', 'kind: APIService', 'metadata: {name: v1beta1.metrics.example.io}',
      'spec:', '  group: metrics.example.io', '  version: v1beta1', '  groupPriorityMinimum: 100', '  versionPriority: 100',
      '  service: {namespace: kube-system, name: metrics-server}', '',
    ].join('\n'));
    expect((await k('apply', '-f', manifest)).stdout).toBe('apiservice.apiregistration.k8s.io/v1beta1.metrics.example.io created\n');
    let row: string[] = [];
    for (let attempt = 0; attempt < 100 && row[2] !== 'False (ServiceNotFound)'; attempt++) {
      row = columns((await k('get', 'apiservice', 'v1beta1.metrics.example.io', '--no-headers')).stdout);
      if (row[2] !== 'False (ServiceNotFound)') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row.slice(0, 3)).toEqual(['v1beta1.metrics.example.io', 'kube-system/metrics-server', 'False (ServiceNotFound)']);
  });
});

describe('/metrics', () => {
  it('is Prometheus text with the request counters, for a user with get on /metrics only', async () => {
    const metrics = await k('get', '--raw', '/metrics');
    expect(metrics.stdout).toContain('# TYPE apiserver_request_total counter\n');
    expect(metrics.stdout).toMatch(/^apiserver_request_total\{code="200",component="apiserver",[^}]*resource="apiservices",[^}]*verb="LIST",version="v1"\} \d+$/m);
    const refused = await k('get', '--raw', '/metrics', '--as', 'nobody');
    expect(refused.stderr.trim()).toBe('Error from server (Forbidden): forbidden: User "nobody" cannot get path "/metrics"');
    expect((await k('create', 'clusterrolebinding', 'nobody-monitoring', '--clusterrole=system:monitoring', '--user=nobody')).code).toBe(0);
    expect((await k('get', '--raw', '/metrics', '--as', 'nobody')).stdout).toContain('apiserver_request_total');
  });
});
