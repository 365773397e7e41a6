// The audit policy: kube's rule matching (pkg/audit/policy/checker_test.go's shapes) and the
// policy file's validation texts (pkg/apis/audit/validation).
import { describe, expect, it } from 'vitest';
import { evaluatePolicy, validatePolicy, type AuditAttributes, type Policy } from '../../src/audit/index.js';

const user = { name: 'alice', groups: ['devs', 'system:authenticated'] };
const resource = (over: Partial<AuditAttributes> = {}): AuditAttributes => ({
  user, verb: 'get', resourceRequest: true, namespace: 'default', apiGroup: '', resource: 'pods', subresource: '', name: 'p', path: '/api/v1/namespaces/default/pods/p', ...over,
});
const nonResource = (path: string): AuditAttributes => ({ user, verb: 'get', resourceRequest: false, namespace: '', apiGroup: '', resource: '', subresource: '', name: '', path });

describe('audit policy rules', () => {
  it.each([
    ['users', { level: 'Metadata', users: ['alice'] }, resource(), true],
    ['users, other', { level: 'Metadata', users: ['bob'] }, resource(), false],
    ['userGroups', { level: 'Metadata', userGroups: ['devs'] }, resource(), true],
    ['verbs', { level: 'Metadata', verbs: ['list'] }, resource(), false],
    ['namespaces', { level: 'Metadata', namespaces: ['default'] }, resource(), true],
    ['namespaces, cluster-scoped', { level: 'Metadata', namespaces: [''] }, resource({ namespace: '' }), true],
    ['namespaces never match a non-resource URL', { level: 'Metadata', namespaces: ['default'] }, nonResource('/version'), false],
    ['resources', { level: 'Metadata', resources: [{ group: '', resources: ['pods'] }] }, resource(), true],
    ['resources, other group', { level: 'Metadata', resources: [{ group: 'apps', resources: ['pods'] }] }, resource(), false],
    ['subresource by name', { level: 'Metadata', resources: [{ resources: ['pods/log'] }] }, resource({ subresource: 'log' }), true],
    ['*/subresource', { level: 'Metadata', resources: [{ resources: ['*/status'] }] }, resource({ subresource: 'status' }), true],
    ['resource/*', { level: 'Metadata', resources: [{ resources: ['pods/*'] }] }, resource({ subresource: 'exec' }), true],
    ['pods does not cover pods/log', { level: 'Metadata', resources: [{ resources: ['pods'] }] }, resource({ subresource: 'log' }), false],
    ['resourceNames', { level: 'Metadata', resources: [{ resources: ['pods'], resourceNames: ['q'] }] }, resource(), false],
    ['group only', { level: 'Metadata', resources: [{ group: '' }] }, resource(), true],
    ['nonResourceURLs exact', { level: 'Metadata', nonResourceURLs: ['/version'] }, nonResource('/version'), true],
    ['nonResourceURLs prefix', { level: 'Metadata', nonResourceURLs: ['/healthz*'] }, nonResource('/healthz/etcd'), true],
    ['nonResourceURLs never match a resource', { level: 'Metadata', nonResourceURLs: ['*'] }, resource(), false],
  ] as const)('%s', (_, rule, attributes, matches) => {
    const decision = evaluatePolicy({ rules: [rule as never] }, attributes);
    expect(decision.level).toBe(matches ? 'Metadata' : 'None');
  });

  it('takes the first matching rule, unions omitStages and defaults omitManagedFields from the policy', () => {
    const policy: Policy = { omitStages: ['RequestReceived'], omitManagedFields: true, rules: [{ level: 'None', users: ['bob'] }, { level: 'Request', omitStages: ['ResponseStarted'] }, { level: 'Metadata' }] };
    expect(evaluatePolicy(policy, resource())).toEqual({ level: 'Request', omitStages: ['RequestReceived', 'ResponseStarted'], omitManagedFields: true });
    expect(evaluatePolicy({ rules: [{ level: 'Request', omitManagedFields: false }], omitManagedFields: true }, resource()).omitManagedFields).toBe(false);
  });
});

describe('audit policy validation', () => {
  it('reports kube\'s field errors', () => {
    const errors = validatePolicy({ omitStages: ['Nope' as never], rules: [
      { level: '' as never }, { level: 'Loud' as never }, { level: 'Metadata', nonResourceURLs: ['version', '/a*b'] },
      { level: 'Metadata', nonResourceURLs: ['/x'], namespaces: ['a'] }, { level: 'Metadata', resources: [{ group: 'Bad_Group', resourceNames: ['x'] }] },
    ] });
    expect(errors.map((error) => `${error.field}: ${error.detail}`)).toEqual([
      'omitStages[0]: allowed stages are RequestReceived,ResponseStarted,ResponseComplete,Panic',
      'rules[0].level: ',
      'rules[1].level: supported values: "None", "Metadata", "Request", "RequestResponse"',
      "rules[2].nonResourceURLs[0]: non-resource URL rules must begin with a '/' character",
      "rules[2].nonResourceURLs[1]: non-resource URL wildcards '*' must be the final character of the rule",
      'rules[3].nonResourceURLs: rules cannot apply to both regular resources and non-resource URLs',
      expect.stringContaining('rules[4].resources.group: a lowercase RFC 1123 subdomain'),
      'rules[4].resources.resourceNames: using resourceNames requires at least one resource',
    ]);
  });
});
