/**
 * Lists in compact JSON are streamed with the stored documents spliced in (src/codecs/list-stream/):
 * the bytes must be exactly those the in-memory encoding writes (JSON.stringify of the typed list
 * and a newline), items without kind and apiVersion, with ListMeta (continue, remainingItemCount),
 * selected by label through the index, and empty lists as `"items":[]`.
 */
import { describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';

/** The object as a typed list holds it: no kind, no apiVersion. */
const asItem = ({ kind: _kind, apiVersion: _apiVersion, ...rest }: Record<string, unknown>) => rest;

describe('streamed JSON lists', () => {
  it('writes the bytes of the typed list: ListMeta, items without TypeMeta, a trailing newline', async () => {
    const ns = await freshNamespace('jsonlist');
    const created = [];
    for (let i = 0; i < 5; i++) {
      const labels = { tier: i % 2 ? 'odd' : 'even' };
      created.push((await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap(`c${i}`, { metadata: { name: `c${i}`, labels } }) })).json);
    }
    const whole = await api('GET', `/api/v1/namespaces/${ns}/configmaps`);
    expect(whole.text).toBe(`${JSON.stringify({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: { resourceVersion: whole.json.metadata.resourceVersion }, items: created.map(asItem) })}\n`);

    const page = await api('GET', `/api/v1/namespaces/${ns}/configmaps?limit=2`);
    const { continue: token, remainingItemCount } = page.json.metadata;
    expect([typeof token, remainingItemCount]).toEqual(['string', 3]);
    expect(page.text).toBe(`${JSON.stringify({ kind: 'ConfigMapList', apiVersion: 'v1', metadata: page.json.metadata, items: created.slice(0, 2).map(asItem) })}\n`);
    expect(Object.keys(page.json.metadata)).toEqual(['resourceVersion', 'continue', 'remainingItemCount']);

    const odd = await api('GET', `/api/v1/namespaces/${ns}/configmaps?labelSelector=tier%3Dodd`);
    expect(odd.json.items.map((item: { metadata: { name: string } }) => item.metadata.name)).toEqual(['c1', 'c3']);
    const none = await api('GET', `/api/v1/namespaces/${ns}/configmaps?labelSelector=tier%3Dnone`);
    expect(none.text).toBe(`{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"${none.json.metadata.resourceVersion}"},"items":[]}\n`);
  });

  it('keeps pretty output and other encodings as they were', async () => {
    const ns = await freshNamespace('jsonlist');
    await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap('only') });
    const pretty = await api('GET', `/api/v1/namespaces/${ns}/configmaps?pretty=true`);
    // kube's pretty output is json.MarshalIndent's: no newline after it.
    expect(pretty.text).toBe(JSON.stringify(pretty.json, null, 2));
    const yaml = await api('GET', `/api/v1/namespaces/${ns}/configmaps`, { headers: { accept: 'application/yaml' } });
    expect(yaml.text).toContain('kind: ConfigMapList');
  });
});

describe('remainingItemCount across pages', () => {
  it("counts the snapshot's keys after each page, whatever is written or deleted between pages", async () => {
    const ns = await freshNamespace('remaining');
    for (let i = 0; i < 11; i++) await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap(`c${String(i).padStart(2, '0')}`) });
    const seen: number[] = [];
    let token = '';
    for (let page = 0; ; page++) {
      const list = await api('GET', `/api/v1/namespaces/${ns}/configmaps?limit=3${token ? `&continue=${encodeURIComponent(token)}` : ''}`);
      expect(list.status, list.text).toBe(200);
      seen.push(list.json.metadata.remainingItemCount ?? 0);
      token = list.json.metadata.continue ?? '';
      if (!token) break;
      // Later writes are not in the list's snapshot: the counts stay the snapshot's.
      await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: configMap(`z${page}`) });
      await api('DELETE', `/api/v1/namespaces/${ns}/configmaps/c${String(10 - page).padStart(2, '0')}`);
    }
    expect(seen).toEqual([8, 5, 2, 0]);
  });
});
