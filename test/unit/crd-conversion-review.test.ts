// The ConversionReview exchange of a CRD's conversion webhook (src/kinds/apiextensions/conversion-review.ts,
// src/crds/conversion/webhook-converter.ts) with an injected fetch. Expected texts are kube-apiserver
// v1.32.13's, recorded against a real HTTPS webhook answering each way (2026-12).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClusterContext } from '../../src/cluster/context.js';
import { webhookConverter } from '../../src/crds/conversion/webhook-converter.js';
import { acceptConverted } from '../../src/kinds/apiextensions/conversion-review.js';

const original = {
  apiVersion: 'example.com/v2', kind: 'Widget',
  metadata: { name: 'a', namespace: 't1', uid: 'u-1', generation: 1, labels: { keep: 'me' }, finalizers: ['x.io/y'] },
  spec: { dimensions: { size: 1 } },
};
const converted = { ...original, apiVersion: 'example.com/v1', spec: { size: 1 } };

type Answer = (review: any) => Response | Promise<Response>;
function converterAnswering(answer: Answer, reviewVersions = ['v1']) {
  const seen: any[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const review = JSON.parse(String(init.body));
    seen.push({ url, review });
    return answer(review);
  };
  const convert = webhookConverter({} as ClusterContext, { clientConfig: { url: 'https://conv.example.com/convert' }, conversionReviewVersions: reviewVersions, crdUid: 'c' }, fetch);
  return { convert: () => convert(structuredClone(original), 'example.com/v1'), seen };
}
const reviewAnswer = (review: any, response: Record<string, unknown>, apiVersion = review.apiVersion) =>
  Response.json({ apiVersion, kind: 'ConversionReview', response: { uid: review.request.uid, ...response } });
const success = (objects: unknown[]) => (review: any) => reviewAnswer(review, { convertedObjects: objects, result: { status: 'Success' } });
const failed = 'conversion webhook for example.com/v2, Kind=Widget';

describe('the review', () => {
  it('is sent in the first version kube speaks, with an empty response beside the request', async () => {
    const { convert, seen } = converterAnswering(success([converted]), ['v2', 'v1beta1', 'v1']);
    await convert();
    expect(seen[0].url).toBe('https://conv.example.com/convert?timeout=30s');
    expect(seen[0].review).toEqual({
      kind: 'ConversionReview', apiVersion: 'apiextensions.k8s.io/v1beta1',
      request: { uid: seen[0].review.request.uid, desiredAPIVersion: 'example.com/v1', objects: [original] },
      response: { uid: '', convertedObjects: null, result: { metadata: {} } },
    });
  });

  it('is not sent for an object in the desired version', async () => {
    const { seen } = converterAnswering(success([converted]));
    const convert = webhookConverter({} as ClusterContext, { clientConfig: { url: 'https://c.example.com' }, conversionReviewVersions: ['v1'], crdUid: 'c' }, async () => { throw new Error('called'); });
    expect(await convert(converted, 'example.com/v1')).toBe(converted);
    expect(seen).toEqual([]);
  });

  it('needs a version kube speaks', async () => {
    await expect(converterAnswering(success([converted]), ['v2']).convert()).rejects.toThrow(/^no supported conversion review versions$/);
  });
});

describe('the answer', () => {
  it.each<[string, Answer, string]>([
    ['a failed result', (r) => reviewAnswer(r, { result: { status: 'Failure', message: 'widgets cannot be converted today' } }), `${failed} failed: widgets cannot be converted today`],
    ['a failed result without a message', (r) => reviewAnswer(r, { result: { status: 'Failure' } }), `${failed} failed: response.result.status was 'Failure', not 'Success'`],
    ['no response', (r) => Response.json({ apiVersion: r.apiVersion, kind: 'ConversionReview' }), `${failed} failed: no response provided`],
    ['a v1beta1 answer to a v1 review', (r) => reviewAnswer(r, { convertedObjects: [converted], result: { status: 'Success' } }, 'apiextensions.k8s.io/v1beta1'), `${failed} failed: converting (v1beta1.ConversionReview) to (v1.ConversionReview): unknown conversion`],
    ['no objects', success([]), `${failed} returned 0 objects, expected 1`],
    ['another version', success([{ ...converted, apiVersion: 'example.com/v9' }]), `${failed} returned invalid object at index 0: invalid groupVersion (expected example.com/v1, received example.com/v9)`],
    ['another kind', success([{ ...converted, kind: 'Other' }]), `${failed} returned invalid object at index 0: invalid kind (expected Widget, received Other)`],
    ['another name', success([{ ...converted, metadata: { ...converted.metadata, name: 'other' } }]), `${failed} returned invalid object: must have the same name: a != other`],
    ['no metadata', success([{ apiVersion: 'example.com/v1', kind: 'Widget', spec: {} }]), `${failed} returned invalid object: must have the same name: a != `],
    ['a label that is not a string', success([{ ...converted, metadata: { ...converted.metadata, labels: { n: 1 } } }]), `${failed} returned invalid metadata: metadata.labels[n] must be a string, but is int64 in converted object`],
    ['HTTP 500', () => new Response('boom', { status: 500 }), `${failed} failed: an error on the server ("boom") has prevented the request from succeeding`],
    ['HTTP 404', () => new Response('nope', { status: 404 }), `${failed} failed: the server could not find the requested resource`],
    ['a timeout', () => { throw Object.assign(new Error('timed out'), { name: 'TimeoutError' }); }, `${failed} failed: Post "https://conv.example.com/convert?timeout=30s": net/http: request canceled (Client.Timeout exceeded while awaiting headers)`],
  ])('refuses %s with kube\'s text', async (_, answer, message) => {
    await expect(converterAnswering(answer).convert()).rejects.toThrow(message);
  });

  it('checks the uid of a v1 answer only', async () => {
    const wrongUid: Answer = (r) => Response.json({ apiVersion: r.apiVersion, kind: 'ConversionReview', response: { uid: 'wrong', convertedObjects: [converted], result: { status: 'Success' } } });
    await expect(converterAnswering(wrongUid).convert()).rejects.toThrow(/^conversion webhook for example.com\/v2, Kind=Widget failed: expected response.uid="[0-9a-f-]{36}", got "wrong"$/);
    await expect(converterAnswering(wrongUid, ['v1beta1']).convert()).resolves.toMatchObject({ spec: { size: 1 } });
  });

  it('restores the metadata the webhook may not change, and takes its labels and annotations', async () => {
    const changed = { ...converted, metadata: { name: 'a', namespace: 't1', uid: 'u-1', generation: 7, labels: { converted: 'yes' }, annotations: { note: 'x' } } };
    const result = await converterAnswering(success([changed])).convert();
    expect(result.metadata).toEqual({ name: 'a', namespace: 't1', uid: 'u-1', generation: 1, labels: { converted: 'yes' }, annotations: { note: 'x' }, finalizers: ['x.io/y'] });
    const dropped = await converterAnswering(success([{ ...converted, metadata: { name: 'a', namespace: 't1', uid: 'u-1' } }])).convert();
    expect(dropped.metadata).toEqual({ name: 'a', namespace: 't1', uid: 'u-1', generation: 1, finalizers: ['x.io/y'] });
  });
});

describe('invariant: a conversion the server accepts changes no metadata but labels and annotations', () => {
  // Arbitrary metadata the webhook answers with (same identity, anything else changed): whatever is
  // accepted has the original's metadata, but labels and annotations, which are the webhook's.
  const label = fc.stringMatching(/^[a-z]([a-z0-9]{0,6}[a-z0-9])?$/);
  const labels = fc.option(fc.dictionary(label, label, { maxKeys: 3 }), { nil: undefined });
  const extra = fc.record({ generation: fc.nat(), resourceVersion: fc.string(), finalizers: fc.array(label, { maxLength: 2 }), creationTimestamp: fc.string() }, { requiredKeys: [] });
  it('holds for generated answers', () => {
    fc.assert(fc.property(labels, labels, extra, (newLabels, newAnnotations, changes) => {
      const answer = { ...converted, metadata: { name: 'a', namespace: 't1', uid: 'u-1', ...changes, labels: newLabels, annotations: newAnnotations } };
      const accepted = acceptConverted(structuredClone(original) as any, 'example.com/v1', [answer]) as any;
      const { labels: l, annotations: a, ...rest } = accepted.metadata;
      const { labels: _l, annotations: _a, ...originalRest } = original.metadata as any;
      expect(rest).toEqual(originalRest);
      expect([l, a]).toEqual([newLabels, newAnnotations]);
    }), { numRuns: 300 });
  });
});
