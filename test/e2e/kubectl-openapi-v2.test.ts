/**
 * Clients that read /openapi/v2 in Protobuf (gnostic's openapi.v2.Document): kubectl 1.27 and
 * 1.28 validate, compute client-side apply patches (merge keys from the v2 models) and explain
 * from it; kubectl 1.32 falls back to it for a `kind: List` file, whose kind /openapi/v3 lacks.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';

const serverUrl = inject('serverUrl');
const scratch = mkdtempSync(path.join(tmpdir(), 'edge-openapi-v2-'));
let admin: Kubectl;

function file(name: string, text: string): string {
  const target = path.join(scratch, name);
  writeFileSync(target, text);
  return target;
}

const deployment = (ns: string, image: string) => file(`deployment-${ns}-${image.replace(/\W/g, '')}.yaml`, [
  'apiVersion: apps/v1', 'kind: Deployment', `metadata: {name: web, namespace: ${ns}}`, 'spec:', '  replicas: 1',
  '  selector: {matchLabels: {app: web}}', '  template:', '    metadata: {labels: {app: web}}', '    spec:', '      containers:',
  `      - {name: web, image: "${image}"}`, '',
].join('\n'));

beforeAll(() => {
  admin = kubectlFor(serverUrl);
});

describe.each(['1.27', '1.28'])('kubectl %s', (minor) => {
  const ns = `v2-${minor.replace('.', '-')}-${Date.now().toString(36)}`;
  let k: Kubectl;

  beforeAll(async () => {
    k = kubectlFor(serverUrl, 'admin', minor);
    expect((await admin('create', 'namespace', ns)).code).toBe(0);
  });

  it('applies with the merge keys of the v2 models: a container added by someone else survives', async () => {
    expect((await k('apply', '-f', deployment(ns, 'nginx:1.25'))).stdout).toContain('deployment.apps/web created');
    const added = await admin('patch', 'deployment', 'web', '-n', ns, '--type=strategic', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"extra","image":"busybox:1.36"}]}}}}');
    expect(added.code).toBe(0);
    const applied = await k('apply', '-f', deployment(ns, 'nginx:1.26'));
    expect([applied.code, applied.stderr, applied.stdout]).toEqual([0, '', 'deployment.apps/web configured\n']);
    const containers = await admin('get', 'deployment', 'web', '-n', ns, '-o', 'jsonpath={range .spec.template.spec.containers[*]}{.name}={.image} {end}');
    expect(containers.stdout.trim().split(' ').sort()).toEqual(['extra=busybox:1.36', 'web=nginx:1.26']);
  });

  it('diffs a changed manifest against the live object', async () => {
    const diff = await k('diff', '-f', deployment(ns, 'nginx:1.27'));
    expect(diff.code).toBe(1);
    expect(diff.stdout).toMatch(/^-\s+- image: nginx:1\.26$/m);
    expect(diff.stdout).toMatch(/^\+\s+- image: nginx:1\.27$/m);
  });

  it('explains a field', async () => {
    const explained = await k('explain', 'deployment.spec.replicas');
    expect(explained.code).toBe(0);
    expect(explained.stdout).toContain('FIELD: replicas <integer>');
  });

  it('asks for strict field validation, which it finds declared in the v2 paths', async () => {
    const bad = file(`bad-${ns}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: bad, namespace: ${ns}}\ndata: {a: "1"}\nbogus: 1\n`);
    const result = await k('apply', '-f', bad);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"');
  });
});

describe('kubectl 1.32', () => {
  it('applies a kind: List manifest with validation on', async () => {
    const ns = `v2-list-${Date.now().toString(36)}`;
    expect((await admin('create', 'namespace', ns)).code).toBe(0);
    const list = file('list.yaml', [
      'apiVersion: v1', 'kind: List', 'items:',
      `- {apiVersion: v1, kind: ConfigMap, metadata: {name: one, namespace: ${ns}}, data: {a: "1"}}`,
      `- {apiVersion: v1, kind: ConfigMap, metadata: {name: two, namespace: ${ns}}, data: {b: "2"}}`, '',
    ].join('\n'));
    const applied = await admin('apply', '--validate=true', '-f', list);
    expect([applied.code, applied.stderr]).toEqual([0, '']);
    expect(applied.stdout).toBe('configmap/one created\nconfigmap/two created\n');
  });
});
