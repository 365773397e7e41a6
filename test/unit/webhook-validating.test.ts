import { describe, expect, it } from 'vitest';
import { runValidatingWebhooks, type WebhookFetch } from '../../src/admission/webhook/index.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { config, fakeFetch, hook, podAttrs } from './webhook-fixtures.js';

async function rejection(promise: Promise<unknown>): Promise<StatusError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StatusError) return error;
    throw error;
  }
  throw new Error('expected a StatusError');
}

describe('request', () => {
  it('POSTs an admission.k8s.io/v1 AdmissionReview with kube fields', async () => {
    const { fetch, calls } = fakeFetch({ v: {} });
    const attrs = podAttrs({ subresource: 'status', dryRun: true });
    await runValidatingWebhooks([config('c', [hook('v', { rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*/*'] }], timeoutSeconds: 7 })])], attrs, fetch);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://hooks.example.com/v?timeout=7s');
    expect(call!.init.method).toBe('POST');
    expect(new Headers(call!.init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(call!.init.headers).get('accept')).toContain('application/json');
    expect(call!.init.signal).toBeInstanceOf(AbortSignal);
    const { request } = call!.review;
    expect(Object.keys(call!.review)).toEqual(['kind', 'apiVersion', 'request']);
    expect(call!.review).toMatchObject({ kind: 'AdmissionReview', apiVersion: 'admission.k8s.io/v1' });
    expect(request.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.uid).not.toBe(attrs.uid);
    expect(request).toEqual({
      uid: request.uid,
      kind: { group: '', version: 'v1', kind: 'Pod' },
      resource: { group: '', version: 'v1', resource: 'pods' },
      subResource: 'status',
      requestKind: { group: '', version: 'v1', kind: 'Pod' },
      requestResource: { group: '', version: 'v1', resource: 'pods' },
      requestSubResource: 'status',
      name: 'web',
      namespace: 'team-a',
      operation: 'CREATE',
      userInfo: { username: 'alice', uid: 'u-1', groups: ['system:authenticated'], extra: { scopes: ['a'] } },
      object: attrs.object,
      oldObject: null,
      dryRun: true,
      options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' },
    });
  });

  it('omits empty name, namespace, subresource and user fields', async () => {
    const { fetch, calls } = fakeFetch({ v: {} });
    const attrs = podAttrs({ name: '', userInfo: { username: 'bob', groups: [] } });
    await runValidatingWebhooks([config('c', [hook('v')])], attrs, fetch);
    const { request } = calls[0]!.review;
    expect(request).not.toHaveProperty('name');
    expect(request).not.toHaveProperty('subResource');
    expect(request).not.toHaveProperty('requestSubResource');
    expect(request.userInfo).toEqual({ username: 'bob' });
  });

  it('skips webhooks that do not match and configuration objects', async () => {
    const { fetch, calls } = fakeFetch({ v: { allowed: false } });
    await runValidatingWebhooks([config('c', [hook('v', { rules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] })])], podAttrs(), fetch);
    const exempt = podAttrs({ group: 'admissionregistration.k8s.io', resource: 'validatingwebhookconfigurations', kind: { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingWebhookConfiguration' } });
    await runValidatingWebhooks([config('c', [hook('v', { rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] })])], exempt, fetch);
    expect(calls).toHaveLength(0);
  });
});

describe('denial', () => {
  it.each([
    ['message and code', { code: 403, message: 'no pods today', reason: 'Forbidden' }, 403, 'admission webhook "v.example.com" denied the request: no pods today', 'Forbidden'],
    ['reason only', { reason: 'NotAllowed' }, 400, 'admission webhook "v.example.com" denied the request: NotAllowed', 'NotAllowed'],
    ['no explanation', undefined, 400, 'admission webhook "v.example.com" denied the request without explanation', undefined],
    ['code below 400 raised', { code: 200, status: 'Success', message: 'x' }, 400, 'admission webhook "v.example.com" denied the request: x', undefined],
    ['own code kept', { code: 429, message: 'slow down' }, 429, 'admission webhook "v.example.com" denied the request: slow down', undefined],
  ])('%s', async (_name, result, code, message, reason) => {
    const { fetch } = fakeFetch({ 'v.example.com': { allowed: false, ...(result ? { status: result } : {}) } });
    const error = await rejection(runValidatingWebhooks([config('c', [hook('v.example.com')])], podAttrs(), fetch));
    expect(error.status).toMatchObject({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, message });
    expect(error.status.reason).toBe(reason);
  });

  it('keeps warnings and audit annotations of allowed answers, prefixed by webhook name', async () => {
    const { fetch } = fakeFetch({ a: { warnings: ['first', '', 'second'], auditAnnotations: { key: 'v' } }, b: { warnings: ['third'] } });
    const outcome = await runValidatingWebhooks([config('c', [hook('a'), hook('b')])], podAttrs(), fetch);
    expect(outcome.warnings).toEqual(['first', 'second', 'third']);
    expect(outcome.auditAnnotations).toEqual({ 'a/key': 'v' });
    expect(outcome.object).toEqual(podAttrs().object);
  });

  it('returns the first failure in webhook order when several deny', async () => {
    const { fetch, calls } = fakeFetch({ a: { allowed: false, status: { message: 'A' } }, b: { allowed: false, status: { message: 'B' } } });
    const error = await rejection(runValidatingWebhooks([config('z', [hook('b')]), config('y', [hook('a')])], podAttrs(), fetch));
    expect(calls).toHaveLength(2);
    expect(error.message).toBe('admission webhook "a" denied the request: A');
  });

  it('refuses a validating answer carrying a patch', async () => {
    const { fetch } = fakeFetch({ v: { patch: 'W10=', patchType: 'JSONPatch' } });
    const error = await rejection(runValidatingWebhooks([config('c', [hook('v')])], podAttrs(), fetch));
    expect(error.message).toBe('Internal error occurred: failed calling webhook "v": received invalid webhook response: validating webhook may not return response.patch');
  });
});

const url = 'https://hooks.example.com/v?timeout=10s';
const failures: [string, WebhookFetch, string][] = [
  ['network error', async () => { throw new TypeError('Network connection lost.'); }, `failed to call webhook: Post "${url}": Network connection lost.`],
  ['timeout', async () => { throw new DOMException('The operation was aborted due to timeout', 'TimeoutError'); }, `failed to call webhook: Post "${url}": context deadline exceeded`],
  ['500 text', async () => new Response('boom\n', { status: 500, headers: { 'content-type': 'text/plain' } }), 'failed to call webhook: an error on the server ("boom") has prevented the request from succeeding'],
  ['500 json', async () => new Response('{"x":1}', { status: 500, headers: { 'content-type': 'application/json' } }), 'failed to call webhook: an error on the server ("unknown") has prevented the request from succeeding'],
  ['404', async () => new Response('', { status: 404 }), 'failed to call webhook: the server could not find the requested resource'],
  ['Status body', async () => new Response('{"kind":"Status","message":"nope"}', { status: 503 }), 'failed to call webhook: nope'],
  ['garbage body', async () => new Response('garbage', { status: 200 }), "failed to call webhook: couldn't get version/kind; json parse error: invalid character 'g' looking for beginning of value"],
  ['uid mismatch', async () => new Response(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'other', allowed: true } })),
    'received invalid webhook response: expected response.uid="UID", got "other"'],
  ['wrong kind', async (_url, init) => new Response(JSON.stringify({ apiVersion: 'v1', kind: 'Pod', response: { uid: JSON.parse(String(init.body)).request.uid, allowed: true } })),
    'received invalid webhook response: expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got /v1, Kind=Pod'],
  ['no response', async () => new Response(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' })), 'received invalid webhook response: webhook response was absent'],
];

describe('failurePolicy', () => {
  it.each(failures)('%s fails closed with Fail', async (_name, fetch, reason) => {
    let sentUid = '';
    const spy: WebhookFetch = (target, init) => { sentUid = JSON.parse(String(init.body)).request.uid; return fetch(target, init); };
    const error = await rejection(runValidatingWebhooks([config('c', [hook('v')])], podAttrs(), spy));
    const message = `Internal error occurred: failed calling webhook "v": ${reason.replace('UID', sentUid)}`;
    expect(error.status).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError',
      details: { causes: [{ message: message.slice('Internal error occurred: '.length) }] }, code: 500,
    });
  });

  it.each(failures)('%s is skipped with Ignore and noted as failed open', async (_name, fetch) => {
    const outcome = await runValidatingWebhooks([config('c', [hook('v', { failurePolicy: 'Ignore' })])], podAttrs(), fetch);
    expect(outcome.warnings).toEqual([]);
    expect(outcome.auditAnnotations).toEqual({ 'failed-open.validating.webhook.admission.k8s.io/round_0_index_0': 'v' });
  });

  it('a service reference cannot be reached', async () => {
    const { fetch, calls } = fakeFetch({});
    const service = { clientConfig: { service: { namespace: 'ns', name: 'svc', path: '/check' } } };
    const error = await rejection(runValidatingWebhooks([config('c', [hook('v', service)])], podAttrs(), fetch));
    expect(calls).toHaveLength(0);
    expect(error.message).toBe('Internal error occurred: failed calling webhook "v": failed to call webhook: Post "https://svc.ns.svc:443/check?timeout=10s": service references are not reachable from this server');
    await expect(runValidatingWebhooks([config('c', [hook('v', { ...service, failurePolicy: 'Ignore' })])], podAttrs(), fetch)).resolves.toBeDefined();
  });

  it('admissionReviewVersions without a known version fail the call', async () => {
    const { fetch, calls } = fakeFetch({ v: {} });
    const error = await rejection(runValidatingWebhooks([config('c', [hook('v', { admissionReviewVersions: ['v2'] })])], podAttrs(), fetch));
    expect(calls).toHaveLength(0);
    expect(error.status.code).toBe(500);
    expect(error.message).toBe('Internal error occurred: failed calling webhook "v": could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
  });

  it('admissionReviewVersions v1beta1 sends a v1beta1 review, as kube does', async () => {
    const { fetch, calls } = fakeFetch({ v: () => new Response(JSON.stringify({ response: { allowed: true } })) });
    await runValidatingWebhooks([config('c', [hook('v', { admissionReviewVersions: ['v1beta1', 'v1'] })])], podAttrs(), fetch);
    expect(calls[0]!.review.apiVersion).toBe('admission.k8s.io/v1beta1');
  });
});

describe('dry run', () => {
  it.each([
    ['Some', 400, 'admission webhook "v" does not support dry run'],
    ['Unknown', 400, 'admission webhook "v" does not support dry run'],
  ])('sideEffects %s rejects a dry run', async (sideEffects, code, message) => {
    const { fetch, calls } = fakeFetch({ v: {} });
    const error = await rejection(runValidatingWebhooks([config('c', [hook('v', { sideEffects, failurePolicy: 'Ignore' })])], podAttrs({ dryRun: true }), fetch));
    expect(calls).toHaveLength(0);
    expect(error.status).toMatchObject({ code, reason: 'BadRequest', message });
  });

  it.each(['None', 'NoneOnDryRun'])('sideEffects %s is called on a dry run', async (sideEffects) => {
    const { fetch, calls } = fakeFetch({ v: {} });
    await runValidatingWebhooks([config('c', [hook('v', { sideEffects })])], podAttrs({ dryRun: true }), fetch);
    expect(calls).toHaveLength(1);
  });

  it('sideEffects Some is called when not a dry run', async () => {
    const { fetch, calls } = fakeFetch({ v: {} });
    await runValidatingWebhooks([config('c', [hook('v', { sideEffects: 'Some' })])], podAttrs(), fetch);
    expect(calls).toHaveLength(1);
  });
});

describe('matchConditions', () => {
  it('consults the caller hook only for webhooks with matchConditions', async () => {
    const { fetch, calls } = fakeFetch({ a: {}, b: {} });
    const seen: string[] = [];
    const matchConditions = async (webhook: Record<string, unknown>) => { seen.push(String(webhook.name)); return false; };
    await runValidatingWebhooks([config('c', [hook('a', { matchConditions: [{ name: 'x', expression: 'false' }] }), hook('b')])], podAttrs(), fetch, { matchConditions });
    expect(seen).toEqual(['a']);
    expect(calls.map((call) => call.url)).toEqual(['https://hooks.example.com/b?timeout=10s']);
  });
});
