/**
 * A continue token expires with time even when its collection was never written again
 * (src/registry/continue-age.ts), as kube-apiserver's do: it compacts etcd every five minutes
 * whatever the cluster writes. The upstream conformance spec "Servers with support for API
 * chunking should support continue listing from the last key if the original version has been
 * compacted away, though the list is inconsistent" lists 400 PodTemplates by pages, writes nothing
 * more, waits for the token to answer 410 Expired with an inconsistent continue token, and wants
 * the page that token gives to have another resourceVersion than the first page, and the pages
 * after it that one. Here the token's version is made older than the history window (300 s in
 * these tests) instead of waiting for it.
 */
import { describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

/** The token with its resourceVersion `ageSeconds` in the past. */
function aged(token: string, ageSeconds: number): string {
  const fields = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/')));
  fields.rv = (Date.now() - ageSeconds * 1000) * 1000;
  return btoa(JSON.stringify(fields)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('continue tokens of an idle collection', () => {
  it('expire past the history window, and the inconsistent continuation reads a newer resourceVersion', async () => {
    const base = `/api/v1/namespaces/${await freshNamespace('idle')}/configmaps`;
    for (const name of ['a', 'b', 'c', 'd']) expect((await api('POST', base, { body: configMap(name) })).status).toBe(201);
    const first = (await api('GET', `${base}?limit=1`)).json;
    const young = await api('GET', `${base}?limit=1&continue=${first.metadata.continue}`);
    expect(young.json.items.map((item: any) => item.metadata.name)).toEqual(['b']);

    const expired = await api('GET', `${base}?limit=1&continue=${aged(first.metadata.continue, 310)}`);
    expect(expired.json).toMatchObject({ code: 410, reason: 'Expired', message: expect.stringMatching(/^The provided continue parameter is too old/) });
    const inconsistent = (await api('GET', `${base}?limit=2&continue=${expired.json.metadata.continue}`)).json;
    expect(inconsistent.items.map((item: any) => item.metadata.name)).toEqual(['b', 'c']);
    expect(Number(inconsistent.metadata.resourceVersion)).toBeGreaterThan(Number(first.metadata.resourceVersion));
    const rest = (await api('GET', `${base}?limit=2&continue=${inconsistent.metadata.continue}`)).json;
    expect(rest.items.map((item: any) => item.metadata.name)).toEqual(['d']);
    expect(rest.metadata.resourceVersion).toBe(inconsistent.metadata.resourceVersion);
  });
});
