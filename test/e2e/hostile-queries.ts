/**
 * Hostile names, selectors, options and methods of an authorized user (admin) for the
 * hostile-requests suite. Writes here must be refused; reads may be answered (a read changes
 * nothing) but never with a 5xx, and a selector that parses must match nothing.
 */
import { seed, seedNamespacePath as ns, rbacPath as rbac, type HostileRequest } from './hostile-cases.js';

const json = { 'content-type': 'application/json' };
const admin = (category: string, label: string, method: string, path: string, expect: HostileRequest['expect'], body?: string): HostileRequest =>
  ({ category, label, method, path, user: 'admin', headers: body === undefined ? {} : json, body, expect });

/** Names that are not names: in the body of a create, and in the URL of an update. */
export function hostileNames(): HostileRequest[] {
  const names = ['..', '.', '../secret-0', '..%2fsecret-0', '%2e%2e%2f', 'a/b', 'a\u0000b', 'a\nb', ' cm-0', 'cm-0 ', 'CM-0', 'cm_0', 'x'.repeat(10_000), '\u202ecm-0', 'cm-0\u200b', 'ü', '', '*', 'cm-0;rm -rf /', "cm-0' OR '1'='1"];
  const endpoints = [
    { path: `${ns}/configmaps`, body: (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'b' } }) },
    { path: '/api/v1/namespaces', body: (name: string) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }) },
    { path: `${rbac}/namespaces/${seed.namespace}/roles`, body: (name: string) => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name }, rules: [] }) },
  ];
  // Role names are path segments: only '.', '..', '/' and '%' make them invalid.
  const invalidFor = (path: string, name: string) => !path.endsWith('/roles') || ['..', '.', '', '../secret-0', '..%2fsecret-0', '%2e%2e%2f', 'a/b'].includes(name);
  return endpoints.flatMap((endpoint) => names.filter((name) => invalidFor(endpoint.path, name)).flatMap((name) => [
    admin('hostile names', `create ${JSON.stringify(name.slice(0, 40))} at ${endpoint.path}`, 'POST', endpoint.path, 'refused', JSON.stringify(endpoint.body(name))),
    admin('hostile names', `update ${JSON.stringify(name.slice(0, 40))} at ${endpoint.path}`, 'PUT', `${endpoint.path}/${encodeURIComponent(name)}`, 'refused', JSON.stringify(endpoint.body(name))),
    admin('hostile names', `get ${JSON.stringify(name.slice(0, 40))} at ${endpoint.path}`, 'GET', `${endpoint.path}/${encodeURIComponent(name)}`, 'answered'),
  ]));
}

/** Updates and deletes whose URL name is not the seeded object's, or crosses a slash. */
export function pathTraversal(): HostileRequest[] {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-0' }, data: { a: 'pwned' } });
  const paths = [
    `${ns}/configmaps/cm-0%2F..%2Fcm-1`, `${ns}/configmaps/..%2Fcm-0`, `${ns}/configmaps/cm-0%2Fstatus`, `${ns}/configmaps/cm-0%00`,
    `${ns}/configmaps/cm-0%2500`, `${ns}/configmaps/%ff%fe`, `${ns}/configmaps/cm-0/..%2F..%2Fsecrets%2Fsecret-0`, `/api/v1/namespaces/..%2Fhostile/configmaps/cm-0`,
    `${ns}/configmaps/cm-0/bogus`, `${ns}/configmaps/cm-0/status/extra`, `${ns}/secrets/secret-0/token`,
  ];
  // Go decodes %2F before routing, so this one is a plain path to cm-0 in kube: read only.
  const decodedToTarget = admin('path traversal', 'GET namespace with encoded slashes', 'GET', '/api/v1/namespaces/hostile%2Fconfigmaps%2Fcm-0', 'answered');
  // The platform resolves dot segments, %2E%2E included, before the Worker sees the URL (WHATWG URL
  // parsing in workerd, URL normalization at Cloudflare's edge): `configmaps/%2E%2E` arrives as the
  // namespace itself, authorized as such. Sent as dry runs: answered, nothing changes.
  const dotSegments = [`${ns}/configmaps/%2E%2E`, `${ns}/configmaps/%2e%2e/%2e%2e`].flatMap((path) => [
    admin('path traversal', `DELETE ${path} (dry run)`, 'DELETE', `${path}?dryRun=All`, 'answered'),
    admin('path traversal', `GET ${path}`, 'GET', path, 'answered'),
  ]);
  return [decodedToTarget, ...dotSegments, ...paths.flatMap((path) => [
    admin('path traversal', `PUT ${path}`, 'PUT', path, 'refused', body),
    admin('path traversal', `DELETE ${path}`, 'DELETE', path, 'refused'),
    admin('path traversal', `POST ${path}`, 'POST', path, 'refused', body),
    admin('path traversal', `GET ${path}`, 'GET', path, 'answered'),
  ])];
}

/** Label and field selectors with injections: a 400, or a list of nothing. */
export function selectorInjection(): HostileRequest[] {
  const labels = ['a=b,c in (', "app=x' OR '1'='1", "'; DROP TABLE objects; --", 'app in (a,,b)', 'app=hostile-seed)', '!!app', 'app==', 'app in ()', `app=${'v'.repeat(64)}`,
    'ünïcödé=value', 'app=\u0000', '%', `${'a=b,'.repeat(2_000)}c=d`, `${'x'.repeat(300)}=y`, 'app notin', 'app=hostile-seed,app=nothing', 'app=nothing OR 1=1', 'app=(select 1)'];
  const fields = ["metadata.name=x' OR '1'='1", "metadata.name=nothing'; DROP TABLE objects; --", 'metadata.name', 'metadata.name=a,', 'spec.bogus=1', 'metadata.name==', 'metadata.namespace!=', 'metadata.name in (cm-0)',
    `metadata.name=${'n'.repeat(10_000)}`, 'metadata.name=\u00fc', 'metadata.name=\\', 'metadata.name=a\\,b', 'kind=Secret', 'type=Opaque', 'metadata.name=x,metadata.name!=x'];
  const lists = [`${ns}/configmaps`, `${ns}/secrets`, '/api/v1/configmaps', `${rbac}/clusterroles`];
  const query = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;
  return lists.flatMap((list) => [
    ...labels.map((selector) => ({ ...admin('selector injection', `labelSelector ${JSON.stringify(selector.slice(0, 40))} on ${list}`, 'GET', `${list}?${query('labelSelector', selector)}`, 'answered'), emptyIfAnswered: !selector.startsWith('app=hostile-seed)') })),
    ...fields.filter((selector) => !['metadata.namespace!=', 'kind=Secret', 'type=Opaque'].includes(selector)).map((selector) => ({ ...admin('selector injection', `fieldSelector ${JSON.stringify(selector.slice(0, 40))} on ${list}`, 'GET', `${list}?${query('fieldSelector', selector)}`, 'answered'), emptyIfAnswered: true })),
    admin('selector injection', `fieldSelector kind=Secret on ${list}`, 'GET', `${list}?fieldSelector=kind%3DSecret`, 'answered'),
  ]);
}

/** List, get and watch options that do not parse: reads, answered below 500. */
export function hostileReadOptions(): HostileRequest[] {
  const options = ['resourceVersion=-1', 'resourceVersion=1e99', 'resourceVersion=abc', 'resourceVersion=99999999999999999999', 'resourceVersion=0&resourceVersionMatch=Bogus', 'resourceVersionMatch=Exact',
    'continue=garbage', `continue=${Buffer.from('{"v":"meta.k8s.io/v1","rv":-1,"start":"../../"}').toString('base64')}`, `continue=${Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":"\u0000"}').toString('base64url')}`,
    `continue=${Buffer.from('{"v":"meta.k8s.io/v1","rv":1e400,"start":"x"}').toString('base64')}`, `continue=${'A'.repeat(20_000)}`, 'continue=%00%ff', 'limit=-1', 'limit=1e20', 'limit=abc', 'limit=0&continue=x',
    'timeoutSeconds=-5', 'timeoutSeconds=abc', 'watch=maybe&timeoutSeconds=1', 'watch=1&resourceVersion=abc', 'watch=1&resourceVersion=-1&timeoutSeconds=1', 'watch=1&timeoutSeconds=-5', 'watch=1&allowWatchBookmarks=bogus&timeoutSeconds=1',
    'watch=1&sendInitialEvents=bogus', 'watch=1&sendInitialEvents=true&timeoutSeconds=1', 'watch=1&resourceVersionMatch=Exact&resourceVersion=1', 'pretty=bogus', 'includeObject=Bogus', 'fieldValidation=Bogus', 'exact=1&export=1',
    `bogus=${'x'.repeat(10_000)}`, 'limit=1&limit=2&limit=-3', '%zz=%zz'];
  const targets = [`${ns}/configmaps`, `${ns}/configmaps/cm-0`, '/api/v1/namespaces', `${rbac}/clusterrolebindings`];
  return targets.flatMap((target) => options.map((option) => admin('read options', `GET ${target}?${option.slice(0, 60)}`, 'GET', `${target}?${option}`, 'answered')));
}

/** Write options that do not parse: refused, never applied. */
export function hostileWriteOptions(): HostileRequest[] {
  const configMap = (name: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'pwned' } });
  const withVersion = (resourceVersion: string) => JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-0', resourceVersion }, data: { a: 'pwned' } });
  const cases: HostileRequest[] = [
    ...['-1', '1e99', 'abc', '0x10', '99999999999999999999', ' 1', '1 ', ''].filter(Boolean).map((version) => admin('write options', `update cm-0 with resourceVersion ${JSON.stringify(version)}`, 'PUT', `${ns}/configmaps/cm-0`, 'refused', withVersion(version))),
    admin('write options', 'create with fieldManager of 10k chars', 'POST', `${ns}/configmaps?fieldManager=${'m'.repeat(10_000)}`, 'refused', configMap('long-manager')),
    admin('write options', 'create with fieldManager of 129 chars', 'POST', `${ns}/configmaps?fieldManager=${'m'.repeat(129)}`, 'refused', configMap('long-manager')),
    admin('write options', 'apply with fieldManager of 10k chars', 'PATCH', `${ns}/configmaps/cm-0?fieldManager=${'m'.repeat(10_000)}`, 'refused', configMap('cm-0')),
    admin('write options', 'create with dryRun=Bogus', 'POST', `${ns}/configmaps?dryRun=Bogus`, 'refused', configMap('bogus-dry-run')),
    admin('write options', 'create with dryRun=All&dryRun=Bogus', 'POST', `${ns}/configmaps?dryRun=All&dryRun=Bogus`, 'refused', configMap('bogus-dry-run')),
    admin('write options', 'update with dryRun=Bogus', 'PUT', `${ns}/configmaps/cm-0?dryRun=Bogus`, 'refused', configMap('cm-0')),
    admin('write options', 'delete with dryRun=Bogus', 'DELETE', `${ns}/configmaps/cm-0?dryRun=Bogus`, 'refused'),
    admin('write options', 'delete with propagationPolicy=Bogus', 'DELETE', `${ns}/configmaps/cm-0?propagationPolicy=Bogus`, 'refused'),
    admin('write options', 'delete namespace with propagationPolicy=Bogus', 'DELETE', `${ns}?propagationPolicy=Bogus`, 'refused'),
    admin('write options', 'delete with gracePeriodSeconds=abc', 'DELETE', `${ns}/secrets/secret-0?gracePeriodSeconds=abc`, 'refused'),
    admin('write options', 'delete with body propagationPolicy=Bogus', 'DELETE', `${ns}/secrets/secret-0`, 'refused', '{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Bogus"}'),
    admin('write options', 'delete with malformed body', 'DELETE', `${ns}/secrets/secret-0`, 'refused', '{"kind":"DeleteOptions",'),
    admin('write options', 'delete with wrong precondition', 'DELETE', `${ns}/secrets/secret-0`, 'refused', '{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"uid":"not-the-uid"}}'),
    admin('write options', 'delete with precondition rv abc', 'DELETE', `${ns}/secrets/secret-0`, 'refused', '{"kind":"DeleteOptions","apiVersion":"v1","preconditions":{"resourceVersion":"abc"}}'),
    admin('write options', 'deletecollection with bad selector', 'DELETE', `${ns}/configmaps?labelSelector=${encodeURIComponent('a=b,c in (')}`, 'refused'),
    admin('write options', 'deletecollection with bad field selector', 'DELETE', `${ns}/configmaps?fieldSelector=spec.bogus%3D1`, 'refused'),
    admin('write options', 'create with 1e400 dry run', 'POST', `${ns}/configmaps?dryRun=All`, 'answered', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"big","generation":1e400}}'),
    admin('write options', 'create with invalid UTF-8 data, dry run', 'POST', `${ns}/configmaps?dryRun=All`, 'answered', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"utf"},"data":{"a":"\udcff"}}'),
    admin('write options', 'create at unknown subresource', 'POST', `${ns}/configmaps/cm-0/bogus`, 'refused', configMap('cm-0')),
    admin('write options', 'update at status of a kind without status', 'PUT', `${ns}/configmaps/cm-0/status`, 'refused', configMap('cm-0')),
    admin('write options', 'create into missing namespace', 'POST', '/api/v1/namespaces/no-such-namespace-x/configmaps', 'refused', configMap('orphan')),
    admin('write options', 'create with body namespace mismatch', 'POST', `${ns}/configmaps`, 'refused', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'elsewhere', namespace: 'kube-system' } })),
    admin('write options', 'update with body name mismatch', 'PUT', `${ns}/configmaps/cm-0`, 'refused', configMap('cm-1')),
  ];
  return cases;
}

/** Methods the API does not serve (fetch refuses CONNECT, TRACE and TRACK itself). */
export function unusualMethods(): HostileRequest[] {
  const methods = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH', 'PURGE', 'LINK', 'BREW', 'X-HOSTILE'];
  // kube: 405 on go-restful routes; /apis is a plain handler that answers discovery to any method.
  const paths: [string, HostileRequest['expect']][] = [[`${ns}/configmaps`, 405], [`${ns}/configmaps/cm-0`, 405], [ns, 405], ['/api/v1/namespaces', 405], ['/apis', 200]];
  // workerd answers methods it does not recognize (LINK, BREW, X-HOSTILE) with 501 before the Worker
  // runs: RFC 9110's answer to an unrecognized method, not a server failure.
  const recognized = new Set(['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH', 'PURGE']);
  return methods.flatMap((method) => paths.map(([path, expect]) => admin('unusual methods', `${method} ${path}`, method, path, recognized.has(method) ? expect : 'unrecognized method')));
}

/**
 * Path shapes kube installs no route for (404) or no route of the method for (405), each with a
 * body that would be valid where a route exists: they must reach no handler.
 */
export function routesKubeLacks(): HostileRequest[] {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm-0' }, data: { a: 'pwned' } });
  const shapes: [string, string, number][] = [
    ['GET', '/api/v1/configmaps/cm-0', 404], ['PUT', '/api/v1/configmaps/cm-0', 404], ['DELETE', '/api/v1/configmaps/cm-0', 404],
    ['PATCH', '/api/v1/configmaps/cm-0', 404], ['PUT', `${ns}/configmaps/cm-0/status`, 404], ['GET', `${ns}/configmaps/cm-0/a/b`, 404],
    ['POST', `/api/v1/namespaces/${seed.namespace}/namespaces`, 404], ['GET', '/api/v1/watch/configmaps/cm-0', 404], ['POST', '/api/v2/configmaps', 404],
    ['PUT', `${ns}/configmaps`, 405], ['PATCH', `${ns}/configmaps`, 405], ['POST', `${ns}/configmaps/cm-0`, 405], ['POST', '/api/v1/configmaps', 405],
    ['DELETE', '/api/v1/configmaps', 405], ['POST', `/api/v1/watch${ns.slice('/api/v1'.length)}/configmaps`, 405], ['DELETE', '/api/v1/namespaces', 405],
  ];
  return shapes.map(([method, path, expect]) => admin('routes kube lacks', `${method} ${path}`, method, path, expect, method === 'GET' || method === 'DELETE' ? undefined : body));
}
