import { describe, expect, it } from 'vitest';
import { webhooksInOrder } from '../../src/admission/webhook/accessors.js';
import { isExemptAdmissionConfigurationResource, ruleMatches, webhookApplies } from '../../src/admission/webhook/matching.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { config, hook, podAttrs } from './webhook-fixtures.js';

const rule = (overrides: Record<string, unknown>) => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: '*', ...overrides });

const nodeAttrs = podAttrs({ resource: 'nodes', namespace: '', name: 'n1', clusterScoped: true, kind: { group: '', version: 'v1', kind: 'Node' }, namespaceLabels: null });
const namespaceAttrs = podAttrs({
  resource: 'namespaces', namespace: '', name: 'team-b', clusterScoped: true, kind: { group: '', version: 'v1', kind: 'Namespace' },
  object: { metadata: { name: 'team-b', labels: { env: 'dev' } } }, namespaceLabels: null,
});

describe('rules.Matcher', () => {
  it.each([
    ['operation listed', rule({ operations: ['CREATE'] }), podAttrs(), true],
    ['operation not listed', rule({ operations: ['UPDATE', 'DELETE'] }), podAttrs(), false],
    ['operation *', rule({ operations: ['*'] }), podAttrs({ operation: 'CONNECT' }), true],
    ['group mismatch', rule({ apiGroups: ['apps'] }), podAttrs(), false],
    ['version mismatch', rule({ apiVersions: ['v2'] }), podAttrs(), false],
    ['resource exact', rule({ resources: ['pods'] }), podAttrs(), true],
    ['resource without subresource misses pods/status', rule({ resources: ['pods'] }), podAttrs({ subresource: 'status' }), false],
    ['pods/status', rule({ resources: ['pods/status'] }), podAttrs({ subresource: 'status' }), true],
    ['pods/status misses pods', rule({ resources: ['pods/status'] }), podAttrs(), false],
    ['* misses subresources', rule({ resources: ['*'] }), podAttrs({ subresource: 'status' }), false],
    ['*/* matches subresources', rule({ resources: ['*/*'] }), podAttrs({ subresource: 'status' }), true],
    ['*/* matches main resource', rule({ resources: ['*/*'] }), podAttrs(), true],
    ['*/scale', rule({ resources: ['*/scale'] }), podAttrs({ resource: 'deployments', group: 'apps', subresource: 'scale' }), true],
    ['*/scale misses status', rule({ resources: ['*/scale'] }), podAttrs({ subresource: 'status' }), false],
    ['Namespaced scope, namespaced object', rule({ scope: 'Namespaced' }), podAttrs(), true],
    ['Namespaced scope, node', rule({ scope: 'Namespaced' }), nodeAttrs, false],
    ['Namespaced scope, namespace object', rule({ scope: 'Namespaced' }), namespaceAttrs, false],
    ['Cluster scope, node', rule({ scope: 'Cluster' }), nodeAttrs, true],
    ['Cluster scope, namespace object', rule({ scope: 'Cluster' }), namespaceAttrs, true],
    ['Cluster scope, pod', rule({ scope: 'Cluster' }), podAttrs(), false],
    ['unknown scope', rule({ scope: 'Other' }), podAttrs(), false],
  ])('%s', (_name, webhookRule, attrs, wanted) => {
    expect(ruleMatches(webhookRule, attrs)).toBe(wanted);
  });
});

function applies(overrides: Record<string, unknown>, attrs = podAttrs()): boolean {
  const [webhook] = webhooksInOrder([config('c', [hook('w', { rules: [rule({})], ...overrides })])]);
  return webhookApplies(webhook!, attrs);
}

describe('selectors', () => {
  it.each([
    ['namespaceSelector matches namespace labels', { namespaceSelector: { matchLabels: { env: 'prod' } } }, podAttrs(), true],
    ['namespaceSelector misses', { namespaceSelector: { matchLabels: { env: 'dev' } } }, podAttrs(), false],
    ['namespaceSelector expression', { namespaceSelector: { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }] } }, podAttrs(), false],
    ['cluster-scoped object always matches namespaceSelector', { namespaceSelector: { matchLabels: { env: 'none' } } }, nodeAttrs, true],
    ['Namespace object is matched by its own labels', { namespaceSelector: { matchLabels: { env: 'dev' } } }, namespaceAttrs, true],
    ['Namespace object own labels miss', { namespaceSelector: { matchLabels: { env: 'prod' } } }, namespaceAttrs, false],
    ['objectSelector matches object labels', { objectSelector: { matchLabels: { app: 'web' } } }, podAttrs(), true],
    ['objectSelector misses', { objectSelector: { matchLabels: { app: 'db' } } }, podAttrs(), false],
    ['objectSelector matches old object on DELETE', { objectSelector: { matchLabels: { app: 'old' } } },
      podAttrs({ operation: 'DELETE', object: null, oldObject: { metadata: { labels: { app: 'old' } } } }), true],
    ['objectSelector with no objects', { objectSelector: { matchLabels: { app: 'web' } } }, podAttrs({ object: null }), false],
    ['empty selectors match', { namespaceSelector: {}, objectSelector: {} }, podAttrs(), true],
  ])('%s', (_name, overrides, attrs, wanted) => {
    expect(applies(overrides, attrs)).toBe(wanted);
  });

  it('a namespace that does not exist answers 404 when the rules match', () => {
    const attrs = podAttrs({ namespaceLabels: null });
    let caught: unknown;
    try { applies({ namespaceSelector: { matchLabels: { env: 'prod' } } }, attrs); } catch (error) { caught = error; }
    expect(caught).toBeInstanceOf(StatusError);
    expect((caught as StatusError).status).toMatchObject({ code: 404, reason: 'NotFound', message: 'namespaces "team-a" not found' });
  });

  it('a namespace that does not exist is ignored when the rules do not match', () => {
    const attrs = podAttrs({ namespaceLabels: null, resource: 'secrets' });
    expect(applies({ rules: [rule({ resources: ['pods'] })], namespaceSelector: { matchLabels: { env: 'prod' } } }, attrs)).toBe(false);
  });
});

describe('order and exemptions', () => {
  it('sorts configurations by name and keeps webhook order within one', () => {
    const hooks = webhooksInOrder([config('b', [hook('b2'), hook('b1')]), config('B', [hook('upper')]), config('a', [hook('a1')])]);
    expect(hooks.map((item) => item.uid)).toEqual(['B/upper/0', 'a/a1/0', 'b/b2/0', 'b/b1/1']);
  });

  it('applies the v1 defaults', () => {
    const [webhook] = webhooksInOrder([config('c', [{ name: 'w', clientConfig: { url: 'https://x' }, rules: [{}] }])]);
    expect(webhook).toMatchObject({ failurePolicy: 'Fail', matchPolicy: 'Equivalent', timeoutSeconds: 10, reinvocationPolicy: 'Never' });
    expect(webhook!.rules[0]!.scope).toBe('*');
  });

  it.each([
    ['ValidatingWebhookConfiguration', true],
    ['MutatingWebhookConfiguration', true],
    ['ValidatingAdmissionPolicyBinding', true],
    ['Other', false],
  ])('%s exempt: %s', (kind, wanted) => {
    expect(isExemptAdmissionConfigurationResource(podAttrs({ kind: { group: 'admissionregistration.k8s.io', version: 'v1', kind } }))).toBe(wanted);
  });
});
