/**
 * Which requests a ValidatingAdmissionPolicy and its bindings apply to (cel/matching/matching.go
 * and the webhook predicates): resource rules, subresources, scope, resourceNames, namespace and
 * object selectors, excludeResourceRules, binding matchResources, matchConditions.
 */
import { describe, expect, it } from 'vitest';
import { admitWithPolicies, compilePolicy, type AdmissionAttributes } from '../../src/admission-policy/index.js';

const rule = (overrides: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'], ...overrides });

function attrs(overrides: Partial<AdmissionAttributes> = {}): AdmissionAttributes {
  return {
    operation: 'CREATE', group: '', version: 'v1', resource: 'pods', subresource: '', kind: { group: '', version: 'v1', kind: 'Pod' },
    namespace: 'team-a', name: 'p1', object: { metadata: { name: 'p1', labels: { tier: 'web' } } }, oldObject: null, dryRun: false,
    userInfo: { username: 'alice', groups: [] }, namespaceObject: { metadata: { name: 'team-a', labels: { env: 'prod' } } }, clusterScoped: false,
    ...overrides,
  };
}

/** Whether a deny-everything policy with these matchConstraints (and binding matchResources) denies the request. */
async function denies(matchConstraints: Record<string, unknown>, request: Partial<AdmissionAttributes> = {}, bindingSpec: Record<string, unknown> = {}, policySpec: Record<string, unknown> = {}): Promise<boolean> {
  const policy = compilePolicy({ metadata: { name: 'p' }, spec: { matchConstraints, validations: [{ expression: 'false' }], ...policySpec } });
  const binding = { metadata: { name: 'b' }, spec: { policyName: 'p', validationActions: ['Deny'], ...bindingSpec } };
  const outcome = await admitWithPolicies([policy], [binding], attrs(request), async () => []);
  return outcome.denied !== undefined;
}

describe('resource rules', () => {
  it.each([
    { name: 'exact rule', rules: [rule()], request: {}, want: true },
    { name: 'other operation', rules: [rule({ operations: ['UPDATE'] })], request: {}, want: false },
    { name: 'operation *', rules: [rule({ operations: ['*'] })], request: { operation: 'DELETE' as const }, want: true },
    { name: 'other group', rules: [rule({ apiGroups: ['apps'] })], request: {}, want: false },
    { name: 'other version', rules: [rule({ apiVersions: ['v2'] })], request: {}, want: false },
    { name: 'resources *', rules: [rule({ resources: ['*'] })], request: {}, want: true },
    { name: '* does not match a subresource', rules: [rule({ resources: ['*'] })], request: { subresource: 'status' }, want: false },
    { name: 'pods does not match pods/status', rules: [rule()], request: { subresource: 'status' }, want: false },
    { name: 'pods/* matches pods/status', rules: [rule({ resources: ['pods/*'] })], request: { subresource: 'status' }, want: true },
    { name: '*/scale matches deployments/scale', rules: [rule({ apiGroups: ['*'], resources: ['*/scale'] })], request: { group: 'apps', resource: 'deployments', subresource: 'scale' }, want: true },
    { name: '*/scale does not match the main resource', rules: [rule({ resources: ['*/scale'] })], request: {}, want: false },
    { name: 'resourceNames hit', rules: [rule({ resourceNames: ['p1'] })], request: {}, want: true },
    { name: 'resourceNames miss', rules: [rule({ resourceNames: ['p2'] })], request: {}, want: false },
    { name: 'scope Namespaced on a namespaced request', rules: [rule({ scope: 'Namespaced' })], request: {}, want: true },
    { name: 'scope Cluster on a namespaced request', rules: [rule({ scope: 'Cluster' })], request: {}, want: false },
    { name: 'scope Cluster on a Namespace', rules: [rule({ resources: ['namespaces'], scope: 'Cluster' })],
      request: { resource: 'namespaces', namespace: '', kind: { group: '', version: 'v1', kind: 'Namespace' } }, want: true },
  ])('$name', async ({ rules, request, want }) => {
    expect(await denies({ resourceRules: rules }, request)).toBe(want);
  });

  it('excludeResourceRules win over resourceRules', async () => {
    expect(await denies({ resourceRules: [rule({ resources: ['*'] })], excludeResourceRules: [rule({ resourceNames: ['p1'] })] })).toBe(false);
    expect(await denies({ resourceRules: [rule({ resources: ['*'] })], excludeResourceRules: [rule({ resourceNames: ['p9'] })] })).toBe(true);
  });

  it('a policy without matchConstraints matches nothing', async () => {
    expect(await denies(undefined as never)).toBe(false);
  });
});

describe('selectors', () => {
  const constraints = (selectors: Record<string, unknown>): Record<string, unknown> => ({ resourceRules: [rule({ resources: ['*'], operations: ['*'] })], ...selectors });

  it.each([
    { name: 'namespace labels match', selector: { matchLabels: { env: 'prod' } }, request: {}, want: true },
    { name: 'namespace labels miss', selector: { matchLabels: { env: 'dev' } }, request: {}, want: false },
    { name: 'NotIn expression', selector: { matchExpressions: [{ key: 'env', operator: 'NotIn', values: ['prod'] }] }, request: {}, want: false },
    { name: 'DoesNotExist expression', selector: { matchExpressions: [{ key: 'owner', operator: 'DoesNotExist' }] }, request: {}, want: true },
    { name: 'cluster-scoped objects always match', selector: { matchLabels: { env: 'dev' } },
      request: { resource: 'nodes', namespace: '', namespaceObject: null, kind: { group: '', version: 'v1', kind: 'Node' } }, want: true },
    { name: 'a Namespace matches on its own labels', selector: { matchLabels: { env: 'dev' } },
      request: { resource: 'namespaces', namespace: '', namespaceObject: null, object: { metadata: { name: 'n', labels: { env: 'dev' } } }, kind: { group: '', version: 'v1', kind: 'Namespace' } }, want: true },
    { name: 'a Namespace without the labels does not match', selector: { matchLabels: { env: 'dev' } },
      request: { resource: 'namespaces', namespace: '', namespaceObject: null, object: { metadata: { name: 'n' } }, kind: { group: '', version: 'v1', kind: 'Namespace' } }, want: false },
  ])('namespaceSelector: $name', async ({ selector, request, want }) => {
    expect(await denies(constraints({ namespaceSelector: selector }), request)).toBe(want);
  });

  it.each([
    { name: 'object labels match', selector: { matchLabels: { tier: 'web' } }, request: {}, want: true },
    { name: 'object labels miss', selector: { matchLabels: { tier: 'db' } }, request: {}, want: false },
    { name: 'oldObject labels match on DELETE', selector: { matchLabels: { tier: 'db' } },
      request: { operation: 'DELETE' as const, object: null, oldObject: { metadata: { labels: { tier: 'db' } } } }, want: true },
    { name: 'either object or oldObject on UPDATE', selector: { matchLabels: { tier: 'db' } },
      request: { operation: 'UPDATE' as const, oldObject: { metadata: { labels: { tier: 'db' } } } }, want: true },
  ])('objectSelector: $name', async ({ selector, request, want }) => {
    expect(await denies(constraints({ objectSelector: selector }), request)).toBe(want);
  });
});

describe('binding matchResources', () => {
  const everything = { resourceRules: [rule({ resources: ['*'], operations: ['*'] })] };

  it('without resourceRules only the selectors restrict', async () => {
    expect(await denies(everything, {}, { matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } } })).toBe(true);
    expect(await denies(everything, {}, { matchResources: { namespaceSelector: { matchLabels: { env: 'dev' } } } })).toBe(false);
  });

  it('resourceRules and excludeResourceRules of the binding', async () => {
    expect(await denies(everything, {}, { matchResources: { resourceRules: [rule({ operations: ['UPDATE'] })] } })).toBe(false);
    expect(await denies(everything, {}, { matchResources: { resourceRules: [rule()] } })).toBe(true);
    expect(await denies(everything, {}, { matchResources: { excludeResourceRules: [rule()] } })).toBe(false);
  });

  it('bindings of another policy do not apply', async () => {
    const policy = compilePolicy({ metadata: { name: 'p' }, spec: { matchConstraints: everything, validations: [{ expression: 'false' }] } });
    const outcome = await admitWithPolicies([policy], [{ metadata: { name: 'b' }, spec: { policyName: 'other', validationActions: ['Deny'] } }], attrs(), async () => []);
    expect(outcome.denied).toBeUndefined();
  });
});

describe('matchConditions', () => {
  const everything = { resourceRules: [rule({ resources: ['*'], operations: ['*'] })] };
  const conditions = (...expressions: string[]) => ({ matchConditions: expressions.map((expression, index) => ({ name: `c${index}`, expression })) });

  it('all true: evaluated; any false: skipped', async () => {
    expect(await denies(everything, {}, {}, conditions('true', `request.userInfo.username == 'alice'`))).toBe(true);
    expect(await denies(everything, {}, {}, conditions('true', `request.userInfo.username == 'bob'`))).toBe(false);
  });

  it('false wins over errors', async () => {
    expect(await denies(everything, {}, {}, conditions('object.nope == 1', 'false'))).toBe(false);
  });

  it('errors deny under Fail with the aggregate, are skipped under Ignore', async () => {
    const policy = compilePolicy({ metadata: { name: 'p' }, spec: { matchConstraints: everything, validations: [{ expression: 'true' }], ...conditions('object.nope == 1', 'object.other == 1') } });
    const outcome = await admitWithPolicies([policy], [{ metadata: { name: 'b' }, spec: { policyName: 'p', validationActions: ['Deny'] } }], attrs(), async () => []);
    expect(outcome.denied?.details.causes[0]!.message).toBe(`ValidatingAdmissionPolicy 'p' with binding 'b' denied request: [expression 'object.nope == 1' resulted in error: no such key: nope, expression 'object.other == 1' resulted in error: no such key: other]`);
    expect(await denies(everything, {}, {}, { failurePolicy: 'Ignore', ...conditions('object.nope == 1') })).toBe(false);
  });
});
