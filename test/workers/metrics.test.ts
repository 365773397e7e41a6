/**
 * /metrics: Prometheus text with kube's series, authorized as kube authorizes it (`get` on the
 * non-resource URL; system:monitoring grants it). Values are this isolate's (the pool runs one).
 */
import { describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { watch as openWatch } from './watch-client.js';
import { eventually } from './eventually.js';

async function scrape(): Promise<string> {
  const response = await api('GET', '/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8; escaping=values');
  return response.text;
}

/** The value of the series whose line starts with `prefix` (labels in kube's sorted order). */
function valueOf(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  it('counts requests by verb, resource, scope and code, with their latency', async () => {
    const ns = await freshNamespace('metrics');
    for (const name of ['a', 'b']) await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } } });
    await api('GET', `/api/v1/namespaces/${ns}/configmaps/missing`);
    const listLabels = 'code="200",component="apiserver",dry_run="",group="",resource="configmaps",scope="namespace",subresource="",system_client="",verb="LIST",version="v1"';
    const before = valueOf(await scrape(), `apiserver_request_total{${listLabels}}`) ?? 0;
    await api('GET', `/api/v1/namespaces/${ns}/configmaps`);
    const text = await scrape();
    expect(valueOf(text, `apiserver_request_total{${listLabels}}`)).toBe(before + 1);
    expect(valueOf(text, 'apiserver_request_total{code="404",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",system_client="",verb="GET",version="v1"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'apiserver_request_total{code="201",component="apiserver",dry_run="",group="",resource="configmaps",scope="resource",subresource="",system_client="",verb="POST",version="v1"}')).toBeGreaterThanOrEqual(2);
    expect(text).toContain('# TYPE apiserver_request_duration_seconds histogram\n');
    expect(text).toMatch(/^apiserver_request_duration_seconds_bucket\{component="apiserver",dry_run="",group="",resource="configmaps",scope="namespace",subresource="",verb="LIST",version="v1",le="0\.005"\} \d+$/m);
    expect(text).toMatch(/^apiserver_request_duration_seconds_bucket\{[^}]*verb="LIST",version="v1",le="\+Inf"\} \d+$/m);
    expect(text).toMatch(/^apiserver_current_inflight_requests\{request_kind="mutating"\} 0$/m);
    // At least the default namespace and this test's: a count is a page of one and the items remaining.
    expect(valueOf(text, 'apiserver_storage_objects{resource="namespaces"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'apiserver_flowcontrol_dispatched_requests_total{flow_schema="exempt",priority_level="exempt"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts an open watch as a long-running request, and the events it sends', async () => {
    const ns = await freshNamespace('metrics-watch');
    const labels = `component="apiserver",group="",resource="configmaps",scope="namespace",subresource="",verb="WATCH",version="v1"`;
    const before = valueOf(await scrape(), `apiserver_longrunning_requests{${labels}}`) ?? 0;
    const eventsLabels = 'apiserver_watch_events_total{group="",kind="ConfigMap",version="v1"}';
    const eventsBefore = valueOf(await scrape(), eventsLabels) ?? 0;
    const watch = await openWatch(`/api/v1/namespaces/${ns}/configmaps?watch=true`);
    expect(valueOf(await scrape(), `apiserver_longrunning_requests{${labels}}`)).toBe(before + 1);
    await api('POST', `/api/v1/namespaces/${ns}/configmaps`, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'seen' } } });
    expect((await watch.next())?.type).toBe('ADDED');
    expect(valueOf(await scrape(), eventsLabels)).toBe(eventsBefore + 1);
    await watch.close();
    await eventually(async () => valueOf(await scrape(), `apiserver_longrunning_requests{${labels}}`) === before);
  });

  it("refuses a user without `get` on /metrics with kube's Status", async () => {
    const response = await api('GET', '/metrics', { as: 'bob' });
    expect(response.status).toBe(403);
    expect(response.json).toMatchObject({ kind: 'Status', reason: 'Forbidden', message: 'forbidden: User "bob" cannot get path "/metrics"' });
  });
});
