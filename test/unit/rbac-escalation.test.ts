/**
 * confirmNoEscalation against Covers in component-helpers policy_comparator.go (kube v1.32),
 * with cases shaped like policy_comparator_test.go.
 */
import { describe, expect, it } from 'vitest';
import { confirmNoEscalation, type PolicyRule } from '../../src/rbac/index.js';

describe('confirmNoEscalation', () => {
  it.each<[string, PolicyRule[], PolicyRule[], PolicyRule[]]>([
    ['exact copy is covered',
      [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }], []],
    ['stars cover everything',
      [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      [{ verbs: ['delete'], apiGroups: ['apps'], resources: ['deployments/scale'], resourceNames: ['d'] }], []],
    ['missing verb is reported alone',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get', 'delete'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['delete'], apiGroups: [''], resources: ['pods'] }]],
    ['rules combine to cover a multi-resource rule',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, { verbs: ['get'], apiGroups: [''], resources: ['secrets'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods', 'secrets'] }], []],
    ['resourceNames owner does not cover all names',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]],
    ['resourceNames owner covers its names',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['a', 'b'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['b', 'c'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['c'] }]],
    ['*/subresource owner covers resource/subresource',
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['*/scale'] }],
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['deployments/scale', 'deployments'] }],
      [{ verbs: ['update'], apiGroups: ['apps'], resources: ['deployments'] }]],
    ['plain resource does not cover subresource',
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }]],
    ['other group is not covered',
      [{ verbs: ['get'], apiGroups: [''], resources: ['*'] }],
      [{ verbs: ['get'], apiGroups: ['apps'], resources: ['deployments'] }],
      [{ verbs: ['get'], apiGroups: ['apps'], resources: ['deployments'] }]],
    ['non-resource prefix star covers',
      [{ verbs: ['get'], nonResourceURLs: ['/healthz*'] }],
      [{ verbs: ['get'], nonResourceURLs: ['/healthz/etcd', '/metrics'] }],
      [{ verbs: ['get'], nonResourceURLs: ['/metrics'] }]],
    ['resource rules do not cover non-resource URLs',
      [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }],
      [{ verbs: ['get'], nonResourceURLs: ['/metrics'] }],
      [{ verbs: ['get'], nonResourceURLs: ['/metrics'] }]],
    ['requested rule without apiGroups breaks down to nothing',
      [],
      [{ verbs: ['get'], resources: ['pods'] }], []],
    ['nothing owned covers nothing',
      [],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }],
      [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }]],
  ])('%s', (_name, owner, requested, uncovered) => {
    expect(confirmNoEscalation(owner, requested)).toEqual(uncovered);
  });
});
