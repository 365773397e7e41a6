/**
 * The pure parts of tenancy: which plane a request addresses (paths, host names, invalid names),
 * redirects keeping the prefix, tenant names and addresses, the credentials Secret's contents,
 * printer columns reading conditions, and a tenant's shared rate-limit bucket.
 */
import { describe, expect, it } from 'vitest';
import { RateLimiter, admitTenantRequest } from '../../src/flowcontrol/rate-limit.js';
import { Seats, takeTenantSeat } from '../../src/flowcontrol/tenant-seats.js';
import { tenantClusterName, tenantNameProblems, tenantOf } from '../../src/cluster/names.js';
import { ClusterContext } from '../../src/cluster/context.js';
import { settingsOf } from '../../src/cluster/settings.js';
import { tenancyOf } from '../../src/cluster/tenancy.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { evaluateSimplePath } from '../../src/codecs/simple-jsonpath.js';
import type { Env } from '../../src/server/env.js';
import { planeOf, routeToPlane, withPlanePrefix } from '../../src/server/cluster-routing.js';
import { requestUrl, servedPath } from '../../src/apimachinery/request-url.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import { credentialsSecret, credentialTexts, kubeconfigText, secretsOf } from '../../src/tenancy/tenant-credentials.js';

describe('routing a request to its plane', () => {
  it.each([
    ['http://h/api/v1/pods', {}, undefined, '/api/v1/pods'],
    ['http://h/clusters/team-a/api/v1/pods?limit=1', { tenant: 'team-a', prefix: '/clusters/team-a' }, undefined, '/api/v1/pods?limit=1'],
    ['http://h/clusters/team-a', { tenant: 'team-a', prefix: '/clusters/team-a' }, undefined, '/'],
    ['http://h/clusters/default/api', { prefix: '/clusters/default' }, undefined, '/api'],
    ['http://h/clusters/Team/api', {}, undefined, '/clusters/Team/api'],
    ['http://h/clusters/a%2Fb/api', {}, undefined, '/clusters/a%2Fb/api'],
    ['http://h/clusters/', {}, undefined, '/clusters/'],
    ['https://team-b.tenants.example.com/api', { tenant: 'team-b', prefix: '' }, 'tenants.example.com', '/api'],
    ['https://tenants.example.com/api', {}, 'tenants.example.com', '/api'],
    ['https://a.b.tenants.example.com/api', {}, 'tenants.example.com', '/api'],
  ])('%s', (url, plane, domain, served) => {
    const request = new Request(url);
    expect(routeToPlane(request, { tenantDomain: domain })).toEqual({ prefix: '', ...plane });
    expect(planeOf(request)).toEqual({ prefix: '', ...plane });
    const { pathname, search } = requestUrl(request);
    expect(pathname + search).toBe(served);
    expect(request.url).toBe(url);
  });

  it('keeps the prefix in the Location of a redirect', () => {
    const plane = routeToPlane(new Request('http://h/clusters/x/openapi/v3/api/v1?hash=old'), {});
    const redirect = withPlanePrefix(new Response(null, { status: 301, headers: { location: '/openapi/v3/api/v1?hash=new' } }), plane);
    expect(redirect.headers.get('location')).toBe('/clusters/x/openapi/v3/api/v1?hash=new');
  });

  it('serves a request behind a TLS front at the scheme its client used, without copying it', () => {
    const request = new Request('http://h:8443/clusters/x/api/v1/pods?watch=1');
    routeToPlane(request, { tlsInFront: true });
    expect(requestUrl(request).href).toBe('https://h:8443/api/v1/pods?watch=1');
    expect(request.url).toBe('http://h:8443/clusters/x/api/v1/pods?watch=1');
    const plain = new Request('http://h/api');
    routeToPlane(plain, {});
    expect(requestUrl(plain).href).toBe('http://h/api');
  });

  it("routes by the served path as Hono's own getPath reads it (percent-decoding included)", () => {
    const request = new Request('http://h/clusters/x/api/v1/namespaces/a%20b/configmaps%2Fz?x=%41');
    routeToPlane(request, {});
    expect(servedPath(request)).toBe('/api/v1/namespaces/a b/configmaps%2Fz');
  });
});

describe('tenant names and addresses', () => {
  it.each([
    ['team-a', []],
    ['default', ['"default" is the name of the default control plane']],
    ['a.b', ['must not contain dots']],
    ['a'.repeat(64), ['must be no more than 63 characters']],
  ])('%s', (name, problems) => {
    expect(tenantNameProblems(name)).toEqual(problems);
  });

  it('addresses an incarnation by name and uid, and refuses what would break Durable Object names', () => {
    const address = tenantClusterName('team-a', '0b8e7f64-2c1d-4bb0-9a1e-8f1d2e3c4b5a');
    expect(address).toBe('team-a:0b8e7f64-2c1d-4bb0-9a1e-8f1d2e3c4b5a');
    expect(tenantOf(address)).toBe('team-a');
    expect(tenantOf('default')).toBeUndefined();
    expect(() => tenantClusterName('team/a', 'u')).toThrow();
    expect(() => tenantClusterName('team-a', 'x/y')).toThrow();
  });
});

describe('the credentials Secret', () => {
  const controlPlane = { apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name: 'team-a', uid: 'uid-1' } } as KubeObject;
  const secrets = { token: 'tok', signingKeyPem: '-----BEGIN PRIVATE KEY-----\nMIG\n-----END PRIVATE KEY-----\n' };

  it('holds the kubeconfig, the token and the key, owned by the ControlPlane', () => {
    const kubeconfig = kubeconfigText('team-a', 'https://h/clusters/team-a', 'tok', true);
    expect(kubeconfig).toContain('server: "https://h/clusters/team-a"\n    insecure-skip-tls-verify: true');
    const secret = credentialsSecret(controlPlane, secrets, kubeconfig);
    expect(secret.metadata).toMatchObject({ name: 'team-a-kubeconfig', namespace: 'tenancy-system', ownerReferences: [{ kind: 'ControlPlane', uid: 'uid-1', controller: true }] });
    expect(secretsOf(secret, 'uid-1')).toEqual({ ...secrets, kubeconfig });
  });

  it("counts only for the incarnation that owns it", () => {
    const secret = credentialsSecret(controlPlane, secrets, '');
    expect(secretsOf(secret, 'uid-2')).toBeNull();
    expect(secretsOf(null, 'uid-1')).toBeNull();
  });

  it('gives the tenant its admin in system:masters, its key and its issuer; before provisioning, only the issuer', () => {
    expect(credentialTexts(secrets, 'https://i/clusters/team-a')).toEqual({
      staticTokens: 'tok,admin,admin,"system:masters"\n', serviceAccountKey: secrets.signingKeyPem, serviceAccountIssuer: 'https://i/clusters/team-a',
    });
    expect(credentialTexts(null, 'https://i/clusters/team-a')).toEqual({ serviceAccountIssuer: 'https://i/clusters/team-a' });
  });
});

describe('printer columns', () => {
  const object = { status: { conditions: [{ type: 'Progressing', status: 'False' }, { type: 'Ready', status: 'True' }] } };
  it.each([
    ['.status.conditions[?(@.type=="Ready")].status', 'True'],
    [".status.conditions[?(@.type=='Progressing')].status", 'False'],
    ['.status.conditions[?(@.type=="Missing")].status', undefined],
  ])('%s', (path, value) => {
    expect(evaluateSimplePath(object, path)).toBe(value);
  });
});

describe("a tenant's shared rate-limit bucket", () => {
  const env = { RATE_LIMIT_QPS: '1000', RATE_LIMIT_BURST: '1000', TENANT_RATE_LIMIT_QPS: '10', TENANT_RATE_LIMIT_BURST: '2', TENANT_RATE_LIMIT_QUEUE_SECONDS: '0.15' } as unknown as Env;
  const status = (promise: Promise<unknown>) => promise.then(() => 'admitted', (error: StatusError) => error.code);

  it("admits the tenant's burst at once, queues the next for its turn and refuses past the queue", async () => {
    const tenant = new ClusterContext('team-a:uid-1', tenancyOf('team-a:uid-1'), settingsOf(env));
    await admitTenantRequest(tenant);
    await admitTenantRequest(tenant);
    const began = Date.now();
    const third = status(admitTenantRequest(tenant));
    expect(await status(admitTenantRequest(tenant))).toBe(429);
    expect(await third).toBe('admitted');
    expect(Date.now() - began).toBeGreaterThanOrEqual(90);
  });

  it('leaves other tenants and the default plane alone', async () => {
    const busy = new ClusterContext('team-b:uid-2', tenancyOf('team-b:uid-2'), settingsOf(env));
    for (let i = 0; i < 2; i++) await admitTenantRequest(busy);
    const other = new ClusterContext('team-c:uid-3', tenancyOf('team-c:uid-3'), settingsOf(env));
    const began = Date.now();
    for (let i = 0; i < 2; i++) await admitTenantRequest(other);
    const home = new ClusterContext('default', tenancyOf('default'), settingsOf(env));
    for (let i = 0; i < 5; i++) await admitTenantRequest(home);
    expect(Date.now() - began).toBeLessThan(50);
  });

  it('refuses past a bucket\'s burst without a queue, one bucket per key', () => {
    const limiter = new RateLimiter();
    const limits = { qps: 1, burst: 2, watchesPerUser: 1 };
    expect(limiter.reserve(limits, '', 0)).toBe(0);
    expect(limiter.reserve(limits, '', 0)).toBe(0);
    expect(() => limiter.reserve(limits, '', 0)).toThrow(StatusError);
    expect(limiter.reserve(limits, 'someone-else', 0)).toBe(0);
  });
});

describe("a tenant's seats in the isolate", () => {
  const settled = async (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 10))]);

  it('lets `limit` requests under way at once, the next waits and gets the seat given back, in arrival order', async () => {
    const seats = new Seats();
    const first = await seats.take(2);
    await seats.take(2);
    const third = seats.take(2);
    const fourth = seats.take(2);
    expect(await settled(third)).toBe(false);
    first();
    first(); // Given back once only: the fourth still waits.
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    (await third)();
    expect(await settled(fourth)).toBe(true);
  });

  it('takes none in the default plane or for a watch', async () => {
    const env = { TENANT_CONCURRENCY: '1' } as unknown as Env;
    const tenant = new ClusterContext('team-d:uid-4', tenancyOf('team-d:uid-4'), settingsOf(env));
    await takeTenantSeat(tenant, false);
    expect(await settled(Promise.resolve(takeTenantSeat(tenant, false)))).toBe(false);
    expect(await settled(Promise.resolve(takeTenantSeat(tenant, true)))).toBe(true);
    const home = new ClusterContext('default', tenancyOf('default'), settingsOf(env));
    for (let i = 0; i < 3; i++) expect(await settled(Promise.resolve(takeTenantSeat(home, false)))).toBe(true);
  });
});
