/**
 * kubectl 1.32 against a real local server: create, read, label, annotate, patch, replace and
 * delete of namespaced objects, with the messages kubectl prints.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';

const serverUrl = inject('serverUrl');
let k: Kubectl;
const ns = `crud-${Date.now().toString(36)}`;
const scratch = mkdtempSync(path.join(tmpdir(), 'edge-crud-'));

const jsonpath = async (expression: string, ...target: string[]) =>
  (await k('get', ...target, '-n', ns, '-o', `jsonpath=${expression}`)).stdout;

beforeAll(async () => {
  k = kubectlFor(serverUrl);
  expect((await k('create', 'namespace', ns)).stdout).toContain(`namespace/${ns} created`);
  expect((await k('create', 'configmap', 'c1', '-n', ns, '--from-literal=a=1')).stdout).toContain('configmap/c1 created');
});

describe('the kubectl under test', () => {
  it('is kubectl 1.32 (the helper refuses any other)', async () => {
    const version = JSON.parse((await k('version', '--client', '-o', 'json')).stdout);
    expect([version.clientVersion.major, version.clientVersion.minor]).toEqual(['1', '32']);
  });
});

describe('kubectl create and get', () => {
  it('reads back data and system metadata', async () => {
    expect(await jsonpath('{.data.a}', 'configmap', 'c1')).toBe('1');
    expect(await jsonpath('{.metadata.uid}', 'configmap', 'c1')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jsonpath('{.metadata.creationTimestamp}', 'configmap', 'c1')).toMatch(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await jsonpath('{.metadata.resourceVersion}', 'configmap', 'c1')).toMatch(/^\d+$/);
  });

  it.each([
    ['duplicate create', ['create', 'configmap', 'c1'], 'error: failed to create configmap: configmaps "c1" already exists'],
    ['missing object', ['get', 'configmap', 'nope'], 'Error from server (NotFound): configmaps "nope" not found'],
    ['invalid name', ['create', 'configmap', 'Bad_Name'], 'metadata.name: Invalid value: "Bad_Name"'],
  ])('prints kube\'s error for a %s', async (_name, args, message) => {
    const result = await k(...args, '-n', ns);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
  });

  it('refuses an invalid label value with the field path, from a file', async () => {
    const file = path.join(scratch, 'badlabel.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: badlabel, labels: {x: "-bad-"}}\n');
    const result = await k('create', '-n', ns, '-f', file);
    expect(result.stderr).toContain('metadata.labels: Invalid value: "-bad-"');
  });

  it('creates from generateName with five random characters', async () => {
    const file = path.join(scratch, 'gen.yaml');
    writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata: {generateName: gen-, namespace: ${ns}}\ndata: {x: "1"}\n`);
    expect((await k('create', '-f', file)).stdout).toMatch(/^configmap\/gen-[bcdfghjklmnpqrstvwxz2456789]{5} created/);
  });

  it('stores secret data base64-encoded', async () => {
    await k('create', 'secret', 'generic', 's1', '-n', ns, '--from-literal=p=q');
    expect(await jsonpath('{.data.p}', 'secret', 's1')).toBe('cQ==');
  });
});

describe('kubectl changes', () => {
  it('labels, annotates, merge-patches and json-patches', async () => {
    expect((await k('label', 'configmap', 'c1', '-n', ns, 'tier=web')).stdout).toContain('configmap/c1 labeled');
    expect((await k('annotate', 'configmap', 'c1', '-n', ns, 'note=hello')).stdout).toContain('configmap/c1 annotated');
    expect((await k('patch', 'configmap', 'c1', '-n', ns, '--type=merge', '-p', '{"data":{"b":"2"}}')).stdout).toContain('configmap/c1 patched');
    expect((await k('patch', 'configmap', 'c1', '-n', ns, '--type=json', '-p', '[{"op":"replace","path":"/data/a","value":"3"}]')).stdout).toContain('configmap/c1 patched');
    expect(await jsonpath('{.data.a} {.data.b} {.metadata.labels.tier} {.metadata.annotations.note}', 'configmap', 'c1')).toBe('3 2 web hello');
  });

  it('leaves the object unchanged when a json-patch test fails', async () => {
    const result = await k('patch', 'configmap', 'c1', '-n', ns, '--type=json', '-p', '[{"op":"test","path":"/data/a","value":"9"},{"op":"replace","path":"/data/a","value":"x"}]');
    expect(result.code).not.toBe(0);
    expect(await jsonpath('{.data.a}', 'configmap', 'c1')).toBe('3');
  });

  it('refuses a replace from a stale copy and accepts one from the current copy', async () => {
    const stale = (await k('get', 'configmap', 'c1', '-n', ns, '-o', 'json')).stdout;
    await k('patch', 'configmap', 'c1', '-n', ns, '--type=merge', '-p', '{"data":{"d":"5"}}');
    const conflict = await k.withInput(stale, 'replace', '-f', '-');
    expect(conflict.stderr).toContain('the object has been modified; please apply your changes to the latest version and try again');
    const current = JSON.parse((await k('get', 'configmap', 'c1', '-n', ns, '-o', 'json')).stdout);
    current.data.e = '6';
    expect((await k.withInput(JSON.stringify(current), 'replace', '-f', '-')).stdout).toContain('configmap/c1 replaced');
  });

  it('changes resourceVersion on every write', async () => {
    const before = await jsonpath('{.metadata.resourceVersion}', 'configmap', 'c1');
    await k('patch', 'configmap', 'c1', '-n', ns, '--type=merge', '-p', '{"data":{"f":"7"}}');
    expect(await jsonpath('{.metadata.resourceVersion}', 'configmap', 'c1')).not.toBe(before);
  });

  it('deletes, after which the object is gone', async () => {
    await k('create', 'configmap', 'doomed', '-n', ns);
    expect((await k('delete', 'configmap', 'doomed', '-n', ns)).stdout).toContain('configmap "doomed" deleted');
    expect((await k('get', 'configmap', 'doomed', '-n', ns)).stderr).toContain('NotFound');
  });
});
