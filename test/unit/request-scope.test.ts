/**
 * The scope checks of a request before it acts (issue 32), with kube v1.32.13's texts: the
 * Store's key functions (NamespaceKeyFunc, NoNamespaceKeyFunc), a route's empty name, and the
 * custom resource handler's scope rule. The answers on the wire are the e2e table
 * (test/e2e/namespace-scope-answers.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ResourceType } from '../../src/api/catalog.js';
import { parseRequestInfo } from '../../src/apimachinery/request-info.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { outsideCustomResourceScope, requireRouteName } from '../../src/server/request-scope.js';
import { scopedObjectKey } from '../../src/registry/keys.js';

const info = (method: string, path: string) => parseRequestInfo(method, path, new URLSearchParams())!;
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof StatusError) return [error.code, error.status.message];
    throw error;
  }
  return 'accepted';
};

describe('scopedObjectKey', () => {
  it.each([
    [true, 'default', 'cm', 'default/cm'],
    [false, '', 'node-1', 'node-1'],
    // A cluster-scoped object's key never carries a namespace.
    [false, 'default', 'node-1', 'node-1'],
  ])('namespaced %s, namespace %j, name %j: key %j', (namespaced, namespace, name, key) => {
    expect(scopedObjectKey(namespaced, namespace, name)).toBe(key);
  });

  it.each([
    [true, '', 'cm', [400, 'Namespace parameter required.']],
    [true, 'default', '', [400, 'Name parameter required.']],
    [false, '', '', [400, 'Name parameter required.']],
    [true, 'default', 'a%b', [400, 'Name parameter invalid: "a%b": may not contain \'%\'']],
    [true, 'default', '..', [400, 'Name parameter invalid: "..": may not be \'..\'']],
    [false, '', 'a/b%', [400, 'Name parameter invalid: "a/b%": may not contain \'/\';may not contain \'%\'']],
  ])('namespaced %s, namespace %j, name %j: refused %j', (namespaced, namespace, name, answer) => {
    expect(refusal(() => scopedObjectKey(namespaced, namespace, name))).toEqual(answer);
  });
});

describe('requireRouteName', () => {
  it.each([
    ['GET', '/apis/apps/v1/namespaces/default/deployments//status', [400, 'name must be provided']],
    ['PUT', '/api/v1/namespaces//finalize', [400, 'name must be provided']],
    ['POST', '/api/v1/namespaces/default/pods//eviction', [400, 'name must be provided']],
    ['GET', '/apis/apps/v1/namespaces/default/deployments/d/status', 'accepted'],
    ['GET', '/api/v1/namespaces//configmaps', 'accepted'],
    ['DELETE', '/api/v1/namespaces//configmaps/cm', 'accepted'],
  ])('%s %s', (method, path, answer) => {
    expect(refusal(() => requireRouteName(info(method, path)))).toEqual(answer);
  });
});

describe('outsideCustomResourceScope', () => {
  const namespaced = { namespaced: true } as ResourceType;
  const clusterScoped = { namespaced: false } as ResourceType;
  it.each([
    [namespaced, 'GET', '/apis/g/v1/namespaces//widgets', false],
    [namespaced, 'GET', '/apis/g/v1/watch/namespaces//widgets', false],
    [namespaced, 'GET', '/apis/g/v1/widgets', false],
    [namespaced, 'DELETE', '/apis/g/v1/namespaces//widgets', true],
    [namespaced, 'POST', '/apis/g/v1/widgets', true],
    [namespaced, 'GET', '/apis/g/v1/namespaces//widgets/w', true],
    [namespaced, 'PATCH', '/apis/g/v1/namespaces//widgets/w/status', true],
    [namespaced, 'GET', '/apis/g/v1/namespaces/default/widgets/w', false],
    [clusterScoped, 'GET', '/apis/g/v1/namespaces/default/things', true],
    [clusterScoped, 'GET', '/apis/g/v1/things/t', false],
  ])('%#: %s %s', (type, method, path, outside) => {
    expect(outsideCustomResourceScope(type, info(method, path))).toBe(outside);
  });
});
