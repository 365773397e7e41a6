/**
 * Generated requests (fast-check arbitraries) that name a scope: every verb, on the namespaced
 * types of scripts/scope/seed.mjs and their subresources, with empty, encoded, dot, overlong and
 * unicode segments where the namespace, name and subresource go, selectors and query parameters,
 * bodies naming other namespaces, and `/clusters/NAME` prefixes. None names the canary
 * namespaces in its path: those are outside every generated request's scope, whatever the
 * request does to the namespace it names (`target`, or an odd one).
 */
import fc from 'fast-check';
import { crdGroup } from '../../scripts/scope/seed.mjs';
import type { RawRequest } from '../../scripts/scope/raw-request.mjs';

/** Namespaces no generated request names in its path; bodies and selectors may name them. */
export const canaryNamespaces = ['canary-a', 'canary-b'];
/** The one real namespace generated requests act in. */
export const targetNamespace = 'target';

interface GeneratedType {
  base: string;
  resource: string;
  kind: string;
  apiVersion: string;
  names: string[];
  subresources: string[];
  strategic: boolean;
}

const types: GeneratedType[] = [
  { base: '/api/v1', resource: 'configmaps', kind: 'ConfigMap', apiVersion: 'v1', names: ['cm'], subresources: [], strategic: true },
  { base: '/api/v1', resource: 'secrets', kind: 'Secret', apiVersion: 'v1', names: ['secret'], subresources: [], strategic: true },
  { base: '/api/v1', resource: 'serviceaccounts', kind: 'ServiceAccount', apiVersion: 'v1', names: ['sa'], subresources: ['token'], strategic: true },
  { base: '/api/v1', resource: 'pods', kind: 'Pod', apiVersion: 'v1', names: ['pod'], subresources: ['status', 'eviction', 'binding', 'log', 'ephemeralcontainers', 'exec', 'proxy'], strategic: true },
  { base: '/apis/apps/v1', resource: 'deployments', kind: 'Deployment', apiVersion: 'apps/v1', names: ['dep'], subresources: ['status', 'scale'], strategic: true },
  { base: `/apis/${crdGroup}/v1`, resource: 'widgets', kind: 'Widget', apiVersion: `${crdGroup}/v1`, names: ['w'], subresources: ['status', 'scale'], strategic: false },
];

/** Path segments that are no namespace or name: empty, dot and encoded dot, encoded slashes, NUL, unicode, case. */
const oddSegments = ['', '%2e%2e', '%2E%2e', '..', '.', '%2e', '.%2e', '%2F', 'target%2Fconfigmaps', '%5C', '%00', '%20', '*', 'ü', '%C3%BC', 'Target', 'no-such', '%252e%252e'];

/** A segment in a namespace, name or subresource position. */
const oddSegment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...oddSegments) },
  { weight: 1, arbitrary: fc.integer({ min: 62, max: 400 }).map((length) => 'n'.repeat(length)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z.%2eEfF5cC]{0,6}$/) },
);

const namespaceSegment = fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 3, arbitrary: fc.constant(targetNamespace) }, { weight: 4, arbitrary: oddSegment });

/** A namespace a body or selector may name: the request's, a canary, none. */
const namedNamespace = fc.constantFrom(undefined, '', targetNamespace, ...canaryNamespaces);

const planePrefix = (tenant: string) => fc.constantFrom('', '', '', `/clusters/${tenant}`, `/clusters/${tenant}`, '/clusters/default', '/clusters/no-such-tenant', `/clusters/${tenant}/%2e%2e`);

const queryParameters = [
  'labelSelector=scope-canary%3Dtrue', 'labelSelector=scope-canary%20in%20(true)', 'labelSelector=', 'labelSelector=a%20in%20(', 'labelSelector=!nothing',
  'fieldSelector=metadata.name%3Dcm', 'fieldSelector=metadata.namespace%3Dcanary-a', 'fieldSelector=metadata.namespace!%3Dtarget', 'fieldSelector=',
  'watch=1', 'watch=0', 'dryRun=All', 'propagationPolicy=Background', 'propagationPolicy=Foreground', 'propagationPolicy=Orphan', 'gracePeriodSeconds=0',
  'orphanDependents=false', 'limit=1', 'continue=Z2FyYmFnZQ', 'resourceVersion=0', 'fieldManager=fuzz', 'force=true', 'namespace=canary-a', 'timeoutSeconds=1',
];

/** A generated request and the parts it was made from (for reading a counterexample). */
export interface ScopedRequest extends RawRequest {
  description: string;
}

/** Requests against the default plane and `tenant` (through `/clusters/NAME`). */
export function scopedRequests(tenant: string): fc.Arbitrary<ScopedRequest> {
  return fc.record({
    prefix: planePrefix(tenant),
    type: fc.constantFrom(...types),
    watchPath: fc.constantFrom(false, false, false, true),
    namespace: namespaceSegment,
    name: fc.option(fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 3, arbitrary: oddSegment }, { weight: 4, arbitrary: fc.constantFrom('cm', 'secret', 'sa', 'pod', 'dep', 'w') }), { nil: undefined, freq: 3 }),
    subresource: fc.option(fc.oneof(fc.constantFrom('status', 'scale', 'eviction', 'binding', 'log', 'token', 'ephemeralcontainers', 'finalize'), oddSegment), { nil: undefined, freq: 2 }),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'DELETE', 'DELETE'),
    query: fc.subarray(queryParameters, { maxLength: 3 }),
    bodyNamespace: namedNamespace,
    bodyName: fc.constantFrom(undefined, 'cm', 'dep', 'pod', 'w', 'probe'),
    patch: fc.constantFrom('merge', 'json', 'strategic', 'apply'),
  }).map((parts) => buildRequest(parts)).filter((request) => !deletesTheTarget(request));
}

interface RequestParts {
  prefix: string;
  type: GeneratedType;
  watchPath: boolean;
  namespace: string;
  name: string | undefined;
  subresource: string | undefined;
  method: string;
  query: string[];
  bodyNamespace: string | undefined;
  bodyName: string | undefined;
  patch: string;
}

function buildRequest(parts: RequestParts): ScopedRequest {
  const { prefix, type, watchPath, namespace, name, subresource, method, query } = parts;
  const object = name === undefined ? '' : `/${name}${subresource === undefined ? '' : `/${subresource}`}`;
  const path = `${prefix}${type.base}${watchPath ? '/watch' : ''}/namespaces/${namespace}/${type.resource}${object}`;
  const target = query.length ? `${path}?${query.join('&')}` : path;
  const watching = method === 'GET' && (watchPath || query.includes('watch=1'));
  const { contentType, body } = bodyOf(parts);
  return {
    method, target, description: `${method} ${target}${body === undefined ? '' : ` ${body.slice(0, 200)}`}`,
    headers: { accept: 'application/json', ...(contentType ? { 'content-type': contentType } : {}) },
    ...(body === undefined ? {} : { body }), ...(watching ? { idleMillis: 200 } : {}),
  };
}

/** A body for the method: the type's object (or an Eviction, Binding, TokenRequest), a patch, DeleteOptions. */
function bodyOf({ type, method, subresource, bodyNamespace, bodyName, patch }: RequestParts): { contentType?: string; body?: string } {
  const metadata = { ...(bodyName === undefined ? {} : { name: bodyName }), ...(bodyNamespace === undefined ? {} : { namespace: bodyNamespace }) };
  if (method === 'DELETE') return bodyNamespace === undefined ? {} : { contentType: 'application/json', body: JSON.stringify({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' }) };
  if (method === 'GET') return {};
  if (method === 'PATCH') return patchOf(patch, type, metadata);
  const kinds: Record<string, object> = {
    eviction: { apiVersion: 'policy/v1', kind: 'Eviction', metadata },
    binding: { apiVersion: 'v1', kind: 'Binding', metadata, target: { kind: 'Node', name: 'node-1' } },
    token: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata, spec: {} },
    scale: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata, spec: { replicas: 3 } },
  };
  const body = kinds[subresource ?? ''] ?? { apiVersion: type.apiVersion, kind: type.kind, metadata, data: { a: 'generated' } };
  return { contentType: 'application/json', body: JSON.stringify(body) };
}

function patchOf(patch: string, type: GeneratedType, metadata: object): { contentType: string; body: string } {
  const labels = { generated: 'yes' };
  if (patch === 'json') return { contentType: 'application/json-patch+json', body: JSON.stringify([{ op: 'add', path: '/metadata/labels', value: labels }, { op: 'replace', path: '/metadata/namespace', value: 'canary-a' }]) };
  if (patch === 'apply') return { contentType: 'application/apply-patch+yaml', body: JSON.stringify({ apiVersion: type.apiVersion, kind: type.kind, metadata: { ...metadata, labels } }) };
  const contentType = patch === 'strategic' && type.strategic ? 'application/strategic-merge-patch+json' : 'application/merge-patch+json';
  return { contentType, body: JSON.stringify({ metadata: { ...metadata, labels } }) };
}

/**
 * Whether the request, as the platform delivers it (dot segments resolved), deletes the target
 * namespace itself: in its scope, but every later request would then find a terminating namespace.
 */
function deletesTheTarget(request: ScopedRequest): boolean {
  const delivered = new URL(request.target, 'http://host');
  return request.method === 'DELETE' && !delivered.searchParams.has('dryRun') && /\/api\/v1\/namespaces\/target\/?$/.test(delivered.pathname);
}
