/**
 * kubectl 1.32 against a real local server: client-side apply (three-way strategic patch with
 * the last-applied annotation), server-side apply with managers, conflicts and force, diff and
 * server dry run, and the patch-based verbs (edit, scale, set image, patch of subresources).
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';

const serverUrl = inject('serverUrl');
let k: Kubectl;
const ns = `apply-${Date.now().toString(36)}`;
const scratch = mkdtempSync(path.join(tmpdir(), 'edge-apply-'));

/** Writes `text` to a scratch file and returns its path. */
function file(name: string, text: string): string {
  const target = path.join(scratch, name);
  writeFileSync(target, text);
  return target;
}

const configMap = (name: string, data: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: ${ns}}\ndata: {${data}}\n`;

const jsonpath = async (expression: string, ...target: string[]) =>
  (await k('get', ...target, '-n', ns, '-o', `jsonpath=${expression}`)).stdout;

const managedFields = async (...target: string[]) =>
  JSON.parse((await k('get', ...target, '-n', ns, '--show-managed-fields', '-o', 'json')).stdout).metadata.managedFields as any[];

const deployment = (name: string) => file(`${name}.yaml`, [
  'apiVersion: apps/v1', 'kind: Deployment', `metadata: {name: ${name}, namespace: ${ns}}`, 'spec:', '  replicas: 2',
  `  selector: {matchLabels: {app: ${name}}}`, '  template:', `    metadata: {labels: {app: ${name}}}`, '    spec:', '      containers:',
  '      - {name: web, image: nginx:1.25}', '      - {name: side, image: busybox:1.36}', '',
].join('\n'));

beforeAll(async () => {
  k = kubectlFor(serverUrl);
  expect((await k('create', 'namespace', ns)).code).toBe(0);
});

describe('client-side apply', () => {
  it('creates, updates, and removes a field dropped from the file', async () => {
    expect((await k('apply', '-f', file('csa.yaml', configMap('csa', 'key: one, other: x')))).stdout).toContain('configmap/csa created');
    expect((await k('apply', '-f', file('csa.yaml', configMap('csa', 'key: two, other: x')))).stdout).toContain('configmap/csa configured');
    expect(await jsonpath('{.metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration}', 'cm', 'csa')).toContain('"key":"two"');
    expect((await k('apply', '-f', file('csa.yaml', configMap('csa', 'key: two')))).stdout).toContain('configmap/csa configured');
    expect(await jsonpath('{.data}', 'cm', 'csa')).toBe('{"key":"two"}');
    expect((await k('apply', '-f', file('csa.yaml', configMap('csa', 'key: two')))).stdout).toContain('configmap/csa unchanged');
  });

  it('keeps fields set by others, merging containers by name', async () => {
    expect((await k('apply', '-f', deployment('csa-web'))).stdout).toContain('deployment.apps/csa-web created');
    expect((await k('set', 'image', 'deployment/csa-web', 'side=busybox:1.37', '-n', ns)).stdout).toContain('deployment.apps/csa-web image updated');
    expect((await k('label', 'deployment', 'csa-web', 'extra=yes', '-n', ns)).stdout).toContain('deployment.apps/csa-web labeled');
    expect((await k('set', 'env', 'deployment/csa-web', '-c', 'side', 'MODE=debug', '-n', ns)).stdout).toContain('deployment.apps/csa-web env updated');
    const state = '{.spec.template.spec.containers[*].name} {.spec.template.spec.containers[*].image} {.spec.template.spec.containers[1].env} {.metadata.labels.extra}';
    expect(await jsonpath(state, 'deployment', 'csa-web')).toBe('web side nginx:1.25 busybox:1.37 [{"name":"MODE","value":"debug"}] yes');
    expect((await k('apply', '-f', deployment('csa-web'))).stdout).toContain('deployment.apps/csa-web configured');
    // As kube v1.32.13: the file's image comes back, while the env another writer put into the side
    // container stays (the container is merged by name, not replaced), and so does the label.
    expect(await jsonpath(state, 'deployment', 'csa-web')).toBe('web side nginx:1.25 busybox:1.36 [{"name":"MODE","value":"debug"}] yes');
  });
});

/** A ConfigMap `name` whose data.key "kubectl" applied as `one` (server-side). */
async function appliedByKubectl(name: string): Promise<void> {
  expect((await k('apply', '--server-side', '-f', file(`${name}.yaml`, configMap(name, 'key: one')))).stdout).toContain(`configmap/${name} serverside-applied`);
}

/** A ConfigMap `name` whose data.key "other" took from kubectl with force, as `theirs`. */
async function takenByOther(name: string): Promise<void> {
  await appliedByKubectl(name);
  expect((await k('apply', '--server-side', '--field-manager=other', '--force-conflicts', '-f', file(`${name}-theirs.yaml`, configMap(name, 'key: theirs')))).code).toBe(0);
}

const keyOwners = async (name: string) =>
  (await managedFields('cm', name)).filter((entry) => entry.fieldsV1?.['f:data']?.['f:key']).map((entry) => entry.manager).sort();

describe('server-side apply', () => {
  it('records kubectl as the Apply manager of the fields it sent', async () => {
    await appliedByKubectl('ssa');
    const [entry] = await managedFields('cm', 'ssa');
    expect([entry.manager, entry.operation, entry.fieldsV1]).toEqual(['kubectl', 'Apply', { 'f:data': { 'f:key': {} } }]);
  });

  it('refuses another manager\'s change with kube\'s conflict text, and force takes ownership', async () => {
    await appliedByKubectl('ssa-conflict');
    const theirs = file('ssa-conflict-theirs.yaml', configMap('ssa-conflict', 'key: theirs'));
    const conflict = await k('apply', '--server-side', '--field-manager=other', '-f', theirs);
    expect(conflict.code).not.toBe(0);
    expect(conflict.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl": .data.key');
    expect(await jsonpath('{.data.key}', 'cm', 'ssa-conflict')).toBe('one');
    expect((await k('apply', '--server-side', '--field-manager=other', '--force-conflicts', '-f', theirs)).stdout).toContain('serverside-applied');
    expect(await jsonpath('{.data.key}', 'cm', 'ssa-conflict')).toBe('theirs');
    expect(await keyOwners('ssa-conflict')).toEqual(['other']);
  });

  it('shares a field two managers apply with the same value', async () => {
    await takenByOther('ssa-shared');
    expect((await k('apply', '--server-side', '--field-manager=third', '-f', file('ssa-shared-third.yaml', configMap('ssa-shared', 'key: theirs')))).code).toBe(0);
    expect(await keyOwners('ssa-shared')).toEqual(['other', 'third']);
  });

  it('diffs and dry-runs without changing the object', async () => {
    await takenByOther('ssa-dry');
    const changed = file('ssa-dry-changed.yaml', configMap('ssa-dry', 'key: changed'));
    const diff = await k('diff', '--server-side', '--field-manager=other', '--force-conflicts', '-f', changed);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toMatch(/^\+ {2}key: changed$/m);
    expect(diff.stdout).toMatch(/^- {2}key: theirs$/m);
    const dry = await k('apply', '--server-side', '--field-manager=other', '--force-conflicts', '--dry-run=server', '-f', changed);
    expect(dry.stdout).toContain('configmap/ssa-dry serverside-applied (server dry run)');
    expect(await jsonpath('{.data.key}', 'cm', 'ssa-dry')).toBe('theirs');
  });

  it('records an Update entry for an imperative write', async () => {
    await k('create', 'configmap', 'upd', '-n', ns, '--from-literal=a=1');
    await k('label', 'configmap', 'upd', 'x=y', '-n', ns);
    const entries = (await managedFields('cm', 'upd')).map((entry) => [entry.manager, entry.operation]);
    expect(entries).toEqual([['kubectl-create', 'Update'], ['kubectl-label', 'Update']]);
  });
});

/** A Deployment `name` (containers web nginx:1.25 and side busybox:1.36) applied server-side. */
async function freshDeployment(name: string): Promise<void> {
  expect((await k('apply', '--server-side', '-f', deployment(name))).stdout).toContain(`deployment.apps/${name} serverside-applied`);
}

const images = (name: string) => jsonpath('{.spec.template.spec.containers[*].image}', 'deployment', name);

describe('patch-based verbs', () => {
  it('strategic patch merges containers by name', async () => {
    await freshDeployment('web-smp');
    const patch = '{"spec":{"template":{"spec":{"containers":[{"name":"web","image":"nginx:1.26"}]}}}}';
    expect((await k('patch', 'deployment', 'web-smp', '-n', ns, '-p', patch)).stdout).toContain('deployment.apps/web-smp patched');
    expect(await images('web-smp')).toBe('nginx:1.26 busybox:1.36');
  });

  it('deletes a container with $patch: delete and sets an image with kubectl set image', async () => {
    await freshDeployment('web-delete');
    expect((await k('set', 'image', 'deployment/web-delete', 'web=nginx:1.27', '-n', ns)).stdout).toContain('deployment.apps/web-delete image updated');
    expect(await images('web-delete')).toBe('nginx:1.27 busybox:1.36');
    const patch = '{"spec":{"template":{"spec":{"containers":[{"name":"side","$patch":"delete"}]}}}}';
    expect((await k('patch', 'deployment', 'web-delete', '-n', ns, '-p', patch)).code).toBe(0);
    expect(await images('web-delete')).toBe('nginx:1.27');
  });

  it('scales through the scale subresource, moving generation', async () => {
    await freshDeployment('web-scale');
    const before = Number(await jsonpath('{.metadata.generation}', 'deployment', 'web-scale'));
    expect((await k('scale', 'deployment', 'web-scale', '-n', ns, '--replicas=5')).stdout).toContain('deployment.apps/web-scale scaled');
    expect(await jsonpath('{.spec.replicas} {.metadata.generation}', 'deployment', 'web-scale')).toBe(`5 ${before + 1}`);
    const patched = await k('patch', 'deployment', 'web-scale', '-n', ns, '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":1}}');
    expect(patched.stdout).toContain('scale.autoscaling/web-scale patched');
    expect(await jsonpath('{.spec.replicas}', 'deployment', 'web-scale')).toBe('1');
  });

  it('patches status through the status subresource only', async () => {
    await freshDeployment('web-status');
    const patch = '{"status":{"observedGeneration":7}}';
    expect((await k('patch', 'deployment', 'web-status', '-n', ns, '--subresource=status', '--type=merge', '-p', patch)).code).toBe(0);
    expect(await jsonpath('{.status.observedGeneration}', 'deployment', 'web-status')).toBe('7');
  });

  it('edits with KUBE_EDITOR', async () => {
    await freshDeployment('web-edit');
    const editor = file('editor.sh', '#!/bin/sh\nsed -i "s/image: nginx:1.25/image: nginx:1.28/" "$1"\n');
    chmodSync(editor, 0o755);
    const edited = await k.withEnv({ KUBE_EDITOR: editor }, 'edit', 'deployment', 'web-edit', '-n', ns);
    expect(edited.stdout).toContain('deployment.apps/web-edit edited');
    expect(await images('web-edit')).toBe('nginx:1.28 busybox:1.36');
  });

  it('applies a JSON patch, and refuses one whose path is missing', async () => {
    await freshDeployment('web-json');
    const patch = '[{"op":"add","path":"/metadata/labels","value":{"tier":"front"}}]';
    expect((await k('patch', 'deployment', 'web-json', '-n', ns, '--type=json', '-p', patch)).code).toBe(0);
    expect(await jsonpath('{.metadata.labels.tier}', 'deployment', 'web-json')).toBe('front');
    const missing = await k('patch', 'deployment', 'web-json', '-n', ns, '--type=json', '-p', '[{"op":"remove","path":"/metadata/annotations/nope"}]');
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('The request is invalid: the server rejected our request due to an error in our request');
  });
});
