/**
 * One Event store seen through core/v1 and events.k8s.io/v1, as kube-apiserver v1.32 serves it:
 * an Event written through either version is the same object through the other, with kube's field
 * conversion and Go's always-present fields, in reads, lists, watches, selectors and Tables; and
 * writes through events.k8s.io get its strict validation. Expected bodies were taken from the
 * reference kube-apiserver v1.32.13.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';
import { summary, watch } from './watch-client.js';

let ns = '';
const core = () => `/api/v1/namespaces/${ns}/events`;
const group = () => `/apis/events.k8s.io/v1/namespaces/${ns}/events`;
const merge = { 'content-type': 'application/merge-patch+json' };
const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };

const coreEvent = (name: string) => ({
  apiVersion: 'v1', kind: 'Event', metadata: { name },
  involvedObject: { name: 'p', kind: 'Pod', namespace: ns }, reason: 'Started', message: 'hello', type: 'Normal', count: 1,
});
const groupEvent = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name },
  regarding: { kind: 'Pod', name: 'p', namespace: ns }, reason: 'Pulled', note: 'pulled', type: 'Normal',
  eventTime: '2024-01-01T00:00:00.000000Z', reportingController: 'kubelet', reportingInstance: 'node-1', action: 'Pull',
  series: { count: 2, lastObservedTime: '2024-01-01T00:00:01.000000Z' }, ...extra,
});
/** The body without metadata, as the comparison of versions needs it. */
const body = ({ metadata: _metadata, ...rest }: any) => rest;

beforeEach(async () => {
  ns = await freshNamespace('events');
});

describe('one Event, two versions', () => {
  it('an Event written through core/v1 reads as events.k8s.io/v1, with kube zero values', async () => {
    const created = await api('POST', core(), { body: coreEvent('e1') });
    expect(created.status).toBe(201);
    expect(body(created.json)).toEqual({
      kind: 'Event', apiVersion: 'v1', involvedObject: { kind: 'Pod', namespace: ns, name: 'p' }, reason: 'Started', message: 'hello',
      source: {}, firstTimestamp: null, lastTimestamp: null, count: 1, type: 'Normal', eventTime: null, reportingComponent: '', reportingInstance: '',
    });
    const read = await api('GET', `${group()}/e1`);
    expect(read.status).toBe(200);
    expect(read.text).toContain('"kind":"Event","apiVersion":"events.k8s.io/v1","metadata"');
    expect(body(read.json)).toEqual({
      kind: 'Event', apiVersion: 'events.k8s.io/v1', eventTime: null, reason: 'Started', regarding: { kind: 'Pod', namespace: ns, name: 'p' },
      note: 'hello', type: 'Normal', deprecatedSource: {}, deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null, deprecatedCount: 1,
    });
    expect(read.json.metadata).toEqual(created.json.metadata);
  });

  it('an Event written through events.k8s.io/v1 reads as core/v1, managedFields in the writing version', async () => {
    const created = await api('POST', group(), { body: groupEvent('e2') });
    expect(created.status).toBe(201);
    const read = await api('GET', `${core()}/e2`);
    expect(Object.keys(read.json)).toEqual([
      'kind', 'apiVersion', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'type',
      'eventTime', 'series', 'action', 'reportingComponent', 'reportingInstance',
    ]);
    expect(body(read.json)).toEqual({
      kind: 'Event', apiVersion: 'v1', involvedObject: { kind: 'Pod', namespace: ns, name: 'p' }, reason: 'Pulled', message: 'pulled',
      source: {}, firstTimestamp: null, lastTimestamp: null, type: 'Normal', eventTime: '2024-01-01T00:00:00.000000Z',
      series: { count: 2, lastObservedTime: '2024-01-01T00:00:01.000000Z' }, action: 'Pull', reportingComponent: 'kubelet', reportingInstance: 'node-1',
    });
    expect(read.json.metadata.managedFields[0].apiVersion).toBe('events.k8s.io/v1');
    expect(read.json.metadata.resourceVersion).toBe(created.json.metadata.resourceVersion);
  });

  it('lists, patches and deletes through either version', async () => {
    await api('POST', core(), { body: coreEvent('e1') });
    await api('POST', group(), { body: groupEvent('e2') });
    for (const path of [core(), group()]) expect((await api('GET', path)).json.items.map((item: any) => item.metadata.name)).toEqual(['e1', 'e2']);
    const patched = await api('PATCH', `${group()}/e2`, { body: { series: { count: 3, lastObservedTime: '2024-01-01T00:00:05.000000Z' } }, headers: merge });
    expect(patched.status).toBe(200);
    expect((await api('GET', `${core()}/e2`)).json.series).toEqual({ count: 3, lastObservedTime: '2024-01-01T00:00:05.000000Z' });
    const smp = await api('PATCH', `${group()}/e1`, { body: { note: 'changed' }, headers: { 'content-type': 'application/strategic-merge-patch+json' } });
    expect(smp.status).toBe(422);
    const corePatch = await api('PATCH', `${core()}/e1`, { body: { message: 'changed' }, headers: merge });
    expect(corePatch.json.message).toBe('changed');
    expect((await api('GET', `${group()}/e1`)).json.note).toBe('changed');
    expect((await api('DELETE', `${group()}/e1`)).status).toBe(200);
    expect((await api('GET', `${core()}/e1`)).status).toBe(404);
    expect((await api('GET', `${group()}/e1`)).json.message).toBe('events.events.k8s.io "e1" not found');
  });

  it('a watch through one version sees writes through the other, in its own version', async () => {
    // Two collections (the namespace's, the cluster's): watchers sharing one collection's cache
    // cannot run inside vitest-pool-workers (notes/HELPERS.md); test/e2e covers that.
    const groupStream = await watch(`${group()}?watch=1&timeoutSeconds=5`);
    const coreStream = await watch(`/api/v1/events?watch=1&fieldSelector=metadata.namespace%3D${ns}&timeoutSeconds=5`);
    await api('POST', core(), { body: coreEvent('e1') });
    await api('POST', group(), { body: groupEvent('e2') });
    const fromGroup = [(await groupStream.next())!, (await groupStream.next())!];
    const fromCore = [(await coreStream.next())!, (await coreStream.next())!];
    expect(summary(fromGroup)).toEqual(['ADDED e1', 'ADDED e2']);
    expect(fromGroup.map((event) => event.object.apiVersion)).toEqual(['events.k8s.io/v1', 'events.k8s.io/v1']);
    expect(fromGroup[0]!.object.note).toBe('hello');
    expect(fromCore.map((event) => event.object.apiVersion)).toEqual(['v1', 'v1']);
    expect(fromCore[1]!.object.reportingComponent).toBe('kubelet');
    await groupStream.close();
    await coreStream.close();
  });
});

describe('field selectors of each version', () => {
  beforeEach(async () => {
    await api('POST', core(), { body: { ...coreEvent('legacy'), source: { component: 'scheduler' } } });
    await api('POST', group(), { body: groupEvent('modern') });
  });

  it.each([
    { name: 'events.k8s.io regarding.name', path: () => `${group()}?fieldSelector=regarding.name%3Dp`, want: ['legacy', 'modern'] },
    { name: 'events.k8s.io reportingController', path: () => `${group()}?fieldSelector=reportingController%3Dkubelet`, want: ['modern'] },
    { name: 'events.k8s.io type and reason', path: () => `${group()}?fieldSelector=type%3DNormal,reason%3DStarted`, want: ['legacy'] },
    { name: 'core reportingComponent', path: () => `${core()}?fieldSelector=reportingComponent%3Dkubelet`, want: ['modern'] },
    { name: 'core source falls back to the reporting controller', path: () => `${core()}?fieldSelector=source%3Dkubelet`, want: ['modern'] },
    { name: 'core source', path: () => `${core()}?fieldSelector=source%3Dscheduler`, want: ['legacy'] },
    { name: 'core involvedObject.name', path: () => `${core()}?fieldSelector=involvedObject.name%3Dp`, want: ['legacy', 'modern'] },
  ])('$name', async ({ path, want }) => {
    const listed = await api('GET', path());
    expect(listed.status).toBe(200);
    expect(listed.json.items.map((item: any) => item.metadata.name)).toEqual(want);
  });

  it.each([
    { label: 'source', path: () => `${group()}?fieldSelector=source%3Dx` },
    { label: 'involvedObject.name', path: () => `${group()}?fieldSelector=involvedObject.name%3Dx` },
    { label: 'regarding.name', path: () => `${core()}?fieldSelector=regarding.name%3Dx` },
  ])('refuses $label with kube\'s 400', async ({ label, path }) => {
    const refused = await api('GET', path());
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `field label not supported: ${label}`, reason: 'BadRequest', code: 400 });
  });

  it('a watch through events.k8s.io filters with its own field names', async () => {
    const events = await (await watch(`${group()}?watch=1&timeoutSeconds=1&fieldSelector=reportingController%3Dkubelet`)).rest();
    expect(summary(events)).toEqual(['ADDED modern']);
  });
});

describe('Tables', () => {
  it('both versions print with kube\'s event printer', async () => {
    await api('POST', core(), { body: { ...coreEvent('legacy'), source: { component: 'scheduler', host: 'n1' } } });
    await api('POST', group(), { body: groupEvent('modern') });
    for (const path of [core(), group()]) {
      const printed = await api('GET', path, { headers: table });
      expect(printed.json.columnDefinitions.map((column: any) => column.name)).toEqual(['Last Seen', 'Type', 'Reason', 'Object', 'Subobject', 'Source', 'Message', 'First Seen', 'Count', 'Name']);
      const cells = printed.json.rows.map((row: any) => [row.cells[2], row.cells[3], row.cells[5], row.cells[6], row.cells[8], row.cells[9]]);
      expect(cells).toEqual([['Started', 'pod/p', 'scheduler, n1', 'hello', 1, 'legacy'], ['Pulled', 'pod/p', 'kubelet, node-1', 'pulled', 2, 'modern']]);
    }
  });
});

const invalid = (name: string, message: string, causes: [string, string, string][], group?: string) => ({
  kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Event${group ? `.${group}` : ''} "${name}" is invalid: ${message}`, reason: 'Invalid',
  details: { name, ...(group ? { group } : {}), kind: 'Event', causes: causes.map(([reason, text, field]) => ({ reason, message: text, field })) }, code: 422,
});
const qualifiedName = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

describe('validation by request version', () => {
  it('events.k8s.io requires eventTime and a type', async () => {
    const response = await api('POST', group(), { body: { apiVersion: 'events.k8s.io/v1', kind: 'Event', metadata: { name: 'x1' }, regarding: { kind: 'Pod', name: 'p', namespace: ns } } });
    expect(response.json).toEqual(invalid('x1', '[eventTime: Required value, type: Invalid value: "": has invalid value: ]', [
      ['FieldValueRequired', 'Required value', 'eventTime'], ['FieldValueInvalid', 'Invalid value: "": has invalid value: ', 'type'],
    ]));
  });

  it('core/v1 names the reporting controller reportingComponent', async () => {
    const response = await api('POST', core(), { body: { apiVersion: 'v1', kind: 'Event', metadata: { name: 'x2' }, involvedObject: { kind: 'Pod', name: 'p', namespace: ns }, eventTime: '2024-01-01T00:00:00.000000Z' } });
    expect(response.json).toEqual(invalid('x2', `[reportingComponent: Required value, reportingComponent: Invalid value: "": name part must be non-empty, reportingComponent: Invalid value: "": ${qualifiedName}, reportingInstance: Required value, action: Required value, reason: Required value]`, [
      ['FieldValueRequired', 'Required value', 'reportingComponent'], ['FieldValueInvalid', 'Invalid value: "": name part must be non-empty', 'reportingComponent'],
      ['FieldValueInvalid', `Invalid value: "": ${qualifiedName}`, 'reportingComponent'], ['FieldValueRequired', 'Required value', 'reportingInstance'],
      ['FieldValueRequired', 'Required value', 'action'], ['FieldValueRequired', 'Required value', 'reason'],
    ]));
  });

  it('events.k8s.io checks ObjectMeta, the series and the deprecated fields, in kube\'s order', async () => {
    const event = groupEvent('X_3', {
      regarding: { kind: 'Pod', name: 'p' }, type: 'Bad', series: { count: 1, lastObservedTime: null }, deprecatedCount: 3,
      deprecatedSource: { component: 'x' }, deprecatedFirstTimestamp: '2024-01-01T00:00:00Z', deprecatedLastTimestamp: '2024-01-01T00:00:00Z',
    });
    const response = await api('POST', `/apis/events.k8s.io/v1/namespaces/default/events`, { body: event });
    const unset = (field: string): [string, string, string] => ['FieldValueInvalid', 'Invalid value: "": needs to be unset', field];
    expect(response.json).toEqual(invalid('X_3', `[metadata.name: Invalid value: "X_3": ${subdomain}, series.count: Invalid value: "": should be at least 2, series.lastObservedTime: Required value, type: Invalid value: "": has invalid value: Bad, firstTimestamp: Invalid value: "": needs to be unset, lastTimestamp: Invalid value: "": needs to be unset, count: Invalid value: "": needs to be unset, source: Invalid value: "": needs to be unset]`, [
      ['FieldValueInvalid', `Invalid value: "X_3": ${subdomain}`, 'metadata.name'], ['FieldValueInvalid', 'Invalid value: "": should be at least 2', 'series.count'],
      ['FieldValueRequired', 'Required value', 'series.lastObservedTime'], ['FieldValueInvalid', 'Invalid value: "": has invalid value: Bad', 'type'],
      unset('firstTimestamp'), unset('lastTimestamp'), unset('count'), unset('source'),
    ]));
  });

  it('events.k8s.io updates keep kube\'s immutable fields, reported with internal names and Go values', async () => {
    await api('POST', group(), { body: groupEvent('e2') });
    const response = await api('PATCH', `${group()}/e2`, {
      body: { note: 'changed', reason: 'r2', regarding: { name: 'q' }, deprecatedFirstTimestamp: '2024-01-01T00:00:00Z', related: { kind: 'Node', name: 'n' } }, headers: merge,
    });
    const involved = `core.ObjectReference{Kind:"Pod", Namespace:"${ns}", Name:"q", UID:"", APIVersion:"", ResourceVersion:"", FieldPath:""}`;
    const related = 'core.ObjectReference{Kind:"Node", Namespace:"", Name:"n", UID:"", APIVersion:"", ResourceVersion:"", FieldPath:""}';
    const immutable = (value: string, field: string): [string, string, string] => ['FieldValueInvalid', `Invalid value: ${value}: field is immutable`, field];
    expect(response.json).toEqual(invalid('e2', `[involvedObject: Invalid value: ${involved}: field is immutable, reason: Invalid value: "r2": field is immutable, message: Invalid value: "changed": field is immutable, firstTimestamp: Invalid value: 2024-01-01 00:00:00 +0000 UTC: field is immutable, related: Invalid value: ${related}: field is immutable]`, [
      immutable(involved, 'involvedObject'), immutable('"r2"', 'reason'), immutable('"changed"', 'message'),
      immutable('2024-01-01 00:00:00 +0000 UTC', 'firstTimestamp'), immutable('"r2"', 'reason'), immutable(related, 'related'),
    ]));
  });
});
