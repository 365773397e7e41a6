import { describe, expect, it } from 'vitest';
import { runMutatingWebhooks } from '../../src/admission/webhook/index.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { base64Patch, config, fakeFetch, hook, podAttrs } from './webhook-fixtures.js';

async function rejection(promise: Promise<unknown>): Promise<StatusError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StatusError) return error;
    throw error;
  }
  throw new Error('expected a StatusError');
}

const addLabel = (key: string, value: string) => ({
  patchType: 'JSONPatch', patch: base64Patch([{ op: 'add', path: `/metadata/labels/${key}`, value }]),
});

describe('mutation', () => {
  it('applies a JSONPatch and records the mutation annotation', async () => {
    const { fetch } = fakeFetch({ m: addLabel('injected', 'yes') });
    const attrs = podAttrs();
    const outcome = await runMutatingWebhooks([config('c', [hook('m')])], attrs, fetch);
    expect((outcome.object!.metadata as { labels: Record<string, string> }).labels).toEqual({ app: 'web', injected: 'yes' });
    expect((attrs.object!.metadata as { labels: Record<string, string> }).labels).toEqual({ app: 'web' });
    expect(outcome.auditAnnotations).toEqual({
      'mutation.webhook.admission.k8s.io/round_0_index_0': '{"configuration":"c","webhook":"m","mutated":true}',
    });
  });

  it('runs webhooks in order, each seeing the earlier patches', async () => {
    const seen: unknown[] = [];
    const { fetch, calls } = fakeFetch({
      first: addLabel('first', '1'),
      second: (review) => { seen.push(review.request.object); return addLabel('second', '2'); },
    });
    const outcome = await runMutatingWebhooks([config('b', [hook('second')]), config('a', [hook('first')])], podAttrs(), fetch);
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/first', '/second']);
    expect((seen[0] as { metadata: { labels: unknown } }).metadata.labels).toEqual({ app: 'web', first: '1' });
    expect((outcome.object!.metadata as { labels: unknown }).labels).toEqual({ app: 'web', first: '1', second: '2' });
  });

  it('a later webhook sees the object selector against the mutated object', async () => {
    const { fetch, calls } = fakeFetch({ first: addLabel('tier', 'gold'), second: {} });
    await runMutatingWebhooks([config('a', [hook('first'), hook('second', { objectSelector: { matchLabels: { tier: 'gold' } } })])], podAttrs(), fetch);
    expect(calls).toHaveLength(2);
  });

  it('an answer without a patch leaves the object unchanged', async () => {
    const { fetch } = fakeFetch({ m: { warnings: ['careful'] } });
    const outcome = await runMutatingWebhooks([config('c', [hook('m')])], podAttrs(), fetch);
    expect(outcome.object).toEqual(podAttrs().object);
    expect(outcome.warnings).toEqual(['careful']);
    expect(outcome.auditAnnotations['mutation.webhook.admission.k8s.io/round_0_index_0']).toBe('{"configuration":"c","webhook":"m","mutated":false}');
  });

  it('a denial stops the chain', async () => {
    const { fetch, calls } = fakeFetch({ a: { allowed: false, status: { message: 'no', code: 422 } }, b: {} });
    const error = await rejection(runMutatingWebhooks([config('c', [hook('a'), hook('b')])], podAttrs(), fetch));
    expect(calls).toHaveLength(1);
    expect(error.status).toMatchObject({ code: 422, message: 'admission webhook "a" denied the request: no' });
  });
});

describe('reinvocation', () => {
  it('re-runs an IfNeeded webhook once when a later webhook changed the object', async () => {
    const { fetch, calls } = fakeFetch({ a: {}, b: addLabel('b', '1') });
    const outcome = await runMutatingWebhooks([config('c', [hook('a', { reinvocationPolicy: 'IfNeeded' }), hook('b', { reinvocationPolicy: 'IfNeeded' })])], podAttrs(), fetch);
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/a', '/b', '/a']);
    expect((calls[2]!.review.request.object as { metadata: { labels: unknown } }).metadata.labels).toEqual({ app: 'web', b: '1' });
    expect(outcome.auditAnnotations['mutation.webhook.admission.k8s.io/round_1_index_0']).toBe('{"configuration":"c","webhook":"a","mutated":false}');
  });

  it.each([
    ['policy Never', { reinvocationPolicy: 'Never' }, {}],
    ['nothing changed', { reinvocationPolicy: 'IfNeeded' }, { patchType: 'JSONPatch', patch: base64Patch([{ op: 'replace', path: '/metadata/labels/app', value: 'web' }]) }],
  ])('does not re-run when %s', async (_name, first, secondAnswer) => {
    const { fetch, calls } = fakeFetch({ a: {}, b: secondAnswer });
    await runMutatingWebhooks([config('c', [hook('a', first), hook('b')])], podAttrs(), fetch);
    expect(calls).toHaveLength(2);
  });
});

describe('patch failures', () => {
  it('a patch that does not apply is a 500 even with failurePolicy Ignore', async () => {
    const { fetch } = fakeFetch({ m: { patchType: 'JSONPatch', patch: base64Patch([{ op: 'remove', path: '/spec/missing' }]) } });
    const error = await rejection(runMutatingWebhooks([config('c', [hook('m', { failurePolicy: 'Ignore' })])], podAttrs(), fetch));
    expect(error.status).toMatchObject({ code: 500, reason: 'InternalError', message: 'Internal error occurred: remove operation does not apply: doc is missing path: "/spec/missing"' });
  });

  it('a patch for a request without an object is refused', async () => {
    const { fetch } = fakeFetch({ m: addLabel('x', 'y') });
    const attrs = podAttrs({ operation: 'DELETE', object: null, oldObject: podAttrs().object });
    const error = await rejection(runMutatingWebhooks([config('c', [hook('m', { rules: [{ operations: ['DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }] })])], attrs, fetch));
    expect(error.message).toBe('Internal error occurred: admission webhook "m" attempted to modify the object, which is not supported for this operation');
  });

  it.each([
    ['patch without patchType', { patch: base64Patch([]) }, 'received invalid webhook response: webhook returned response.patch but not response.patchType'],
    ['patchType without patch', { patchType: 'JSONPatch' }, 'received invalid webhook response: webhook returned response.patchType but not response.patch'],
    ['unknown patchType', { patchType: 'MergePatch', patch: base64Patch([{ op: 'add', path: '/a', value: 1 }]) }, 'unsupported patch type "MergePatch"'],
    ['undecodable patch', { patchType: 'JSONPatch', patch: btoa('{"op":"add"}') }, 'received undecodable patch in webhook response: json: cannot unmarshal object into Go value of type jsonpatch.Patch'],
  ])('%s is a call failure', async (_name, answer, reason) => {
    const { fetch } = fakeFetch({ m: answer });
    const error = await rejection(runMutatingWebhooks([config('c', [hook('m')])], podAttrs(), fetch));
    expect(error.message).toBe(`Internal error occurred: failed calling webhook "m": ${reason}`);
    const ignored = await runMutatingWebhooks([config('c', [hook('m', { failurePolicy: 'Ignore' })])], podAttrs(), fetch);
    expect(ignored.object).toEqual(podAttrs().object);
    expect(ignored.auditAnnotations['failed-open.mutation.webhook.admission.k8s.io/round_0_index_0']).toBe('m');
  });

  it('a timeout with Ignore skips the webhook and the chain goes on', async () => {
    const { fetch, calls } = fakeFetch({
      slow: () => { throw new DOMException('timed out', 'TimeoutError'); },
      next: addLabel('next', '1'),
    });
    const outcome = await runMutatingWebhooks([config('c', [hook('slow', { failurePolicy: 'Ignore' }), hook('next')])], podAttrs(), fetch);
    expect(calls).toHaveLength(2);
    expect((outcome.object!.metadata as { labels: unknown }).labels).toEqual({ app: 'web', next: '1' });
  });

  it('a dry run reaches a webhook without side effects but not one with them', async () => {
    const { fetch, calls } = fakeFetch({ m: {} });
    await runMutatingWebhooks([config('c', [hook('m', { sideEffects: 'NoneOnDryRun' })])], podAttrs({ dryRun: true }), fetch);
    expect(calls).toHaveLength(1);
    const error = await rejection(runMutatingWebhooks([config('c', [hook('m', { sideEffects: 'Some' })])], podAttrs({ dryRun: true }), fetch));
    expect(error.status).toMatchObject({ code: 400, reason: 'BadRequest', message: 'admission webhook "m" does not support dry run' });
  });
});
