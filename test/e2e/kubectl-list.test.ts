/**
 * Lists through kubectl and raw HTTP against a real local server: label and field selectors,
 * chunked lists with continue tokens from one snapshot, and the resourceVersion rules.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';
import { apiFetch } from './test-server.js';

const serverUrl = inject('serverUrl');
let k: Kubectl;
const ns = `list-${Date.now().toString(36)}`;

const count = async (...args: string[]) => {
  const { stdout } = await k('get', 'cm', '-n', ns, '--no-headers', ...args);
  return stdout.split('\n').filter(Boolean).length;
};
const raw = async (query: string) => {
  const response = await apiFetch(`${serverUrl}/api/v1/namespaces/${ns}/configmaps?${query}`);
  return { status: response.status, body: (await response.json()) as any };
};

beforeAll(async () => {
  k = kubectlFor(serverUrl);
  await k('create', 'namespace', ns);
  const documents = Array.from({ length: 25 }, (_, index) => {
    const i = index + 1;
    return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${String(i).padStart(2, '0')}\n  labels: {tier: "${i % 2 ? 'b' : 'a'}", idx: "${i}"}\ndata: {i: "${i}"}\n`;
  });
  const created = await k.withInput(documents.join('---\n'), 'create', '-n', ns, '-f', '-');
  expect(created.code, created.stderr).toBe(0);
});

describe('selectors through kubectl', () => {
  it.each([
    ['equality', ['-l', 'tier=a'], 12],
    ['inequality', ['-l', 'tier!=a,tier'], 13],
    ['set', ['-l', 'tier in (a,b)'], 25],
    ['exists', ['-l', 'idx'], 25],
    ['does not exist', ['-l', '!idx,tier'], 0],
    ['field !=', ['-l', 'idx', '--field-selector', 'metadata.name!=cm-07'], 24],
    ['chunked', ['-l', 'idx', '--chunk-size=4'], 25],
  ])('%s', async (_name, args, want) => {
    expect(await count(...(args as string[]))).toBe(want);
  });

  it('selects by metadata.name', async () => {
    expect((await k('get', 'cm', '-n', ns, '--field-selector', 'metadata.name=cm-07', '-o', 'name')).stdout.trim()).toBe('configmap/cm-07');
  });

  it('refuses an unsupported field selector with kube\'s message', async () => {
    expect((await k('get', 'cm', '-n', ns, '--field-selector', 'data.i=3')).stderr).toContain('"data.i" is not a known field selector');
  });

  it('lists across namespaces', async () => {
    expect((await k('get', 'cm', '-A', '-l', 'idx', '--no-headers')).stdout).toContain(ns);
  });
});

describe('paging over raw HTTP', () => {
  it('pages through one snapshot, counting what remains, excluding objects created mid-listing', async () => {
    const first = await raw('limit=10&labelSelector=');
    expect(first.body.items).toHaveLength(10);
    expect(first.body.metadata.remainingItemCount).toBe(15);
    const snapshot = first.body.metadata.resourceVersion;
    await k('create', 'configmap', 'late', '-n', ns, '--from-literal=x=y');
    const second = await raw(`limit=10&continue=${first.body.metadata.continue}`);
    expect(second.body.metadata.resourceVersion).toBe(snapshot);
    const third = await raw(`limit=10&continue=${second.body.metadata.continue}`);
    expect(third.body.items).toHaveLength(5);
    expect(third.body.metadata.continue).toBeUndefined();
    expect(third.body.metadata.remainingItemCount).toBeUndefined();
    expect(third.body.items[0].kind).toBeUndefined();
    const exact = await raw(`resourceVersion=${snapshot}&resourceVersionMatch=Exact`);
    expect([exact.body.metadata.resourceVersion, exact.body.items.length]).toEqual([snapshot, 25]);
  });

  it.each([
    ['a selector hides remainingItemCount', 'limit=5&labelSelector=tier%3Da', 200],
    ['a malformed continue token is 400', 'limit=5&continue=not-a-token', 400],
    ['resourceVersionMatch without resourceVersion is 422', 'resourceVersionMatch=Exact', 422],
    ['resourceVersion with continue is 400', 'limit=5&resourceVersion=5&continue=eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MTk3LCJzdGFydCI6ImMxXHUwMDAwIn0', 400],
    ['resourceVersion=0 lists', 'resourceVersion=0', 200],
  ])('%s', async (_name, query, status) => {
    const response = await raw(query);
    expect(response.status).toBe(status);
    if (status === 200) expect(response.body.metadata.remainingItemCount).toBeUndefined();
  });
});
