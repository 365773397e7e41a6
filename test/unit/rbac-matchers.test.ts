/**
 * RuleAllows and the evaluation_helpers.go matchers (kube v1.32), including cases from
 * plugin/pkg/auth/authorizer/rbac/rbac_test.go TestRuleMatches.
 */
import { describe, expect, it } from 'vitest';
import { ruleAllows, type Attributes, type PolicyRule } from '../../src/rbac/index.js';

const user = { name: 'alice', groups: [] };

function resource(verb: string, apiGroup: string, resourceName: string, subresource = '', name = ''): Attributes {
  return { user, verb, namespace: 'default', apiGroup, resource: resourceName, subresource, name, resourceRequest: true, path: '' };
}

function nonResource(verb: string, path: string): Attributes {
  return { user, verb, namespace: '', apiGroup: '', resource: '', subresource: '', name: '', resourceRequest: false, path };
}

describe('ruleAllows', () => {
  it.each<[string, PolicyRule, Attributes, boolean]>([
    ['exact verb, group and resource', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, resource('get', '', 'pods'), true],
    ['other verb', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, resource('list', '', 'pods'), false],
    ['verb star', { verbs: ['*'], apiGroups: [''], resources: ['pods'] }, resource('deletecollection', '', 'pods'), true],
    ['other group', { verbs: ['get'], apiGroups: ['apps'], resources: ['pods'] }, resource('get', '', 'pods'), false],
    ['group star', { verbs: ['get'], apiGroups: ['*'], resources: ['deployments'] }, resource('get', 'apps', 'deployments'), true],
    ['no apiGroups matches no group', { verbs: ['get'], resources: ['pods'] }, resource('get', '', 'pods'), false],
    ['other resource', { verbs: ['get'], apiGroups: [''], resources: ['secrets'] }, resource('get', '', 'pods'), false],
    ['resource star covers subresources', { verbs: ['get'], apiGroups: [''], resources: ['*'] }, resource('get', '', 'pods', 'log'), true],
    ['plain resource does not cover its subresource', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, resource('get', '', 'pods', 'log'), false],
    ['exact resource/subresource', { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, resource('get', '', 'pods', 'log'), true],
    ['subresource rule does not cover the parent', { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, resource('get', '', 'pods'), false],
    ['*/subresource matches any parent', { verbs: ['update'], apiGroups: ['*'], resources: ['*/scale'] }, resource('update', 'apps', 'deployments', 'scale'), true],
    ['*/subresource needs that subresource', { verbs: ['get'], apiGroups: [''], resources: ['*/log'] }, resource('get', '', 'pods', 'exec'), false],
    ['*/subresource does not match a parent', { verbs: ['get'], apiGroups: [''], resources: ['*/log'] }, resource('get', '', 'log'), false],
    ['resource/* is no wildcard in kube', { verbs: ['get'], apiGroups: [''], resources: ['pods/*'] }, resource('get', '', 'pods', 'log'), false],
    ['resource/* matches only itself literally', { verbs: ['get'], apiGroups: [''], resources: ['pods/*'] }, resource('get', '', 'pods', '*'), true],
    ['resourceNames match the name', { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p1'] }, resource('get', '', 'pods', '', 'p1'), true],
    ['resourceNames reject other names', { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['p1'] }, resource('get', '', 'pods', '', 'p2'), false],
    ['resourceNames reject a request without a name', { verbs: ['list'], apiGroups: [''], resources: ['pods'], resourceNames: ['p1'] }, resource('list', '', 'pods'), false],
    ['no resourceNames match any name', { verbs: ['get'], apiGroups: [''], resources: ['pods'] }, resource('get', '', 'pods', '', 'p9'), true],
    ['resource rule never matches a path', { verbs: ['get'], apiGroups: ['*'], resources: ['*'] }, nonResource('get', '/metrics'), false],
    ['exact non-resource URL', { verbs: ['get'], nonResourceURLs: ['/metrics'] }, nonResource('get', '/metrics'), true],
    ['non-resource URL is not a prefix without star', { verbs: ['get'], nonResourceURLs: ['/api'] }, nonResource('get', '/apis'), false],
    ['trailing star is a prefix', { verbs: ['get'], nonResourceURLs: ['/healthz*'] }, nonResource('get', '/healthz/etcd'), true],
    ['trailing star prefix without slash', { verbs: ['get'], nonResourceURLs: ['/api*'] }, nonResource('get', '/apis/apps'), true],
    ['several trailing stars trimmed', { verbs: ['get'], nonResourceURLs: ['/logs**'] }, nonResource('get', '/logs/x'), true],
    ['star URL matches every path', { verbs: ['get'], nonResourceURLs: ['*'] }, nonResource('get', '/anything'), true],
    ['non-resource verb must match', { verbs: ['get'], nonResourceURLs: ['/metrics'] }, nonResource('post', '/metrics'), false],
    ['non-resource rule never matches a resource', { verbs: ['*'], nonResourceURLs: ['*'] }, resource('get', '', 'pods'), false],
  ])('%s', (_name, rule, attributes, allowed) => {
    expect(ruleAllows(attributes, rule)).toBe(allowed);
  });
});
