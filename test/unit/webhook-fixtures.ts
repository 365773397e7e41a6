// Shared fixtures for the webhook-*.test.ts suites: attributes, configurations and a fake fetch.
import type { WebhookAttributes, WebhookFetch } from '../../src/admission/webhook/index.js';

export function podAttrs(overrides: Partial<WebhookAttributes> = {}): WebhookAttributes {
  return {
    operation: 'CREATE', group: '', version: 'v1', resource: 'pods', subresource: '',
    kind: { group: '', version: 'v1', kind: 'Pod' },
    namespace: 'team-a', name: 'web', clusterScoped: false,
    object: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'team-a', labels: { app: 'web' } }, spec: {} },
    oldObject: null, dryRun: false,
    options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1' },
    userInfo: { username: 'alice', uid: 'u-1', groups: ['system:authenticated'], extra: { scopes: ['a'] } },
    namespaceLabels: { env: 'prod' },
    uid: 'req-1',
    ...overrides,
  };
}

export function hook(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    clientConfig: { url: `https://hooks.example.com/${name}` },
    rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    ...overrides,
  };
}

export function config(name: string, webhooks: Record<string, unknown>[]): object {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name }, webhooks };
}

export interface Call { url: string; init: RequestInit; review: { apiVersion: string; kind: string; request: Record<string, unknown> } }

type Answer = Record<string, unknown> | ((review: Call['review'], call: Call) => Response | Promise<Response> | Record<string, unknown>);

/** A fetch that answers per webhook path segment; a plain object is the `response` of an AdmissionReview echoing the uid. */
export function fakeFetch(answers: Record<string, Answer>): { fetch: WebhookFetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: WebhookFetch = async (url, init) => {
    const review = JSON.parse(String(init.body)) as Call['review'];
    const call = { url, init, review };
    calls.push(call);
    const key = new URL(url).pathname.slice(1);
    const answer = answers[key];
    if (answer === undefined) throw new Error(`no answer for ${key}`);
    const produced = typeof answer === 'function' ? await answer(review, call) : answer;
    if (produced instanceof Response) return produced;
    const body = { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: true, ...produced } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}

export function base64Patch(operations: unknown[]): string {
  return btoa(JSON.stringify(operations));
}
