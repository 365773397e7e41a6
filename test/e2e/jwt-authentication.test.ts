/**
 * People signing in with their identity provider: a real OpenID provider (oidc-provider, over
 * HTTPS with its own CA, which the server's fetch trusts as the authenticator's
 * certificateAuthority) issues ID tokens through the authorization code flow; kubectl 1.32 uses
 * them as bearer tokens against the default plane (AUTHENTICATION_CONFIG) and a tenant whose
 * ControlPlane trusts another issuer (spec.authentication). RBAC applies to the mapped user and
 * groups; a rotation of the provider's keys is followed; each plane refuses the other issuer's tokens.
 * A token the tenant refuses is audited in the tenant's own trail (its ControlPlane's audit webhook).
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, clientId, type OidcProvider } from '../helpers/oidc-provider.mjs';
import { kubectlFor, kubectlWithConfig, type Kubectl } from './kubectl.js';
import { startTestServer, type TestServer } from './test-server.js';
import { selfSignedCertificate } from '../../src/front/self-signed.js';
import { eventually } from './waiting.js';

const accounts = {
  jane: { email: 'jane@example.com', email_verified: true, groups: ['developers'] },
  mallory: { email: 'mallory@example.com', email_verified: true, groups: ['developers'] },
  tom: { email: 'tom@tenant.example', email_verified: true, groups: ['ops'] },
};

let people: OidcProvider;
let tenantIdp: OidcProvider;
let server: TestServer;
let admin: Kubectl;
/** The tenant's audit webhook (HTTPS, its certificate trusted by the server's fetch): the events of every EventList POSTed to it. */
let tenantAudit: { url: string; ca: string; events: Array<Record<string, any>>; close: () => void };
const tenant = `idp-${Date.now().toString(36)}`;

function authenticator(issuer: string, ca: string, groupPrefix: string) {
  return {
    issuer: { url: issuer, audiences: [clientId], certificateAuthority: ca },
    claimMappings: { username: { claim: 'email', prefix: '' }, groups: { claim: 'groups', prefix: groupPrefix } },
    claimValidationRules: [{ expression: "claims.email.endsWith('@example.com') || claims.email.endsWith('@tenant.example')", message: 'unknown domain' }],
    userValidationRules: [{ expression: "!user.username.startsWith('system:')", message: 'reserved' }],
  };
}

function withToken(url: string, token: string): Kubectl {
  return kubectlWithConfig([
    'apiVersion: v1', 'kind: Config', 'clusters:', '- name: t', '  cluster:', `    server: ${url}`, '    insecure-skip-tls-verify: true',
    'users:', '- name: t', '  user:', `    token: ${token}`, 'contexts:', '- name: t', '  context: {cluster: t, user: t}', 'current-context: t', '',
  ].join('\n'));
}

async function auditReceiver(): Promise<typeof tenantAudit> {
  const events: Array<Record<string, any>> = [];
  const tls = selfSignedCertificate();
  const receiver = createServer(tls, (request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk)).on('end', () => {
      events.push(...(JSON.parse(body).items ?? []));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/audit`, ca: tls.cert, events, close: () => receiver.close() };
}

async function whoami(kubectl: Kubectl): Promise<{ username?: string; groups?: string[] } | string> {
  const result = await kubectl('auth', 'whoami', '-o', 'json');
  return result.code === 0 ? JSON.parse(result.stdout).status.userInfo : result.stderr.trim();
}

beforeAll(async () => {
  [people, tenantIdp] = await Promise.all([startOidcProvider(accounts), startOidcProvider(accounts)]);
  const configuration = { apiVersion: 'apiserver.config.k8s.io/v1beta1', kind: 'AuthenticationConfiguration', jwt: [authenticator(people.issuer, people.ca, 'oidc:')] };
  tenantAudit = await auditReceiver();
  server = await startTestServer({ bindings: { AUTHENTICATION_CONFIG: JSON.stringify(configuration) }, trustedCertificates: [people.ca, tenantIdp.ca, tenantAudit.ca] });
  admin = kubectlFor(server.url);
  const controlPlane = { apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name: tenant }, spec: {
    authentication: { jwt: [authenticator(tenantIdp.issuer, tenantIdp.ca, 'idp:')] },
    audit: { policy: { omitStages: ['RequestReceived'], rules: [{ level: 'Metadata' }] }, webhook: { url: tenantAudit.url } },
  } };
  const created = await admin.withInput(JSON.stringify(controlPlane), 'apply', '-f', '-');
  expect(created.code, created.stderr).toBe(0);
  const waited = await admin('wait', '--for=condition=Ready', `controlplane/${tenant}`, '--timeout=60s');
  expect(waited.code, waited.stderr).toBe(0);
});

afterAll(async () => {
  await server?.stop();
  tenantAudit?.close();
  await Promise.all([people?.stop(), tenantIdp?.stop()]);
});

describe('kubectl with ID tokens of a real OpenID provider', () => {
  it('signs in to the default plane as the mapped user and groups', async () => {
    const jane = withToken(server.url, await people.idToken('jane'));
    expect(await whoami(jane)).toEqual({ username: 'jane@example.com', groups: ['oidc:developers', 'system:authenticated'] });
  });

  it('applies RBAC to the mapped groups', async () => {
    const jane = withToken(server.url, await people.idToken('jane'));
    const before = await jane('get', 'configmaps', '-n', 'default');
    expect(before.stderr).toContain('User "jane@example.com" cannot list resource "configmaps" in API group "" in the namespace "default"');
    const bound = await admin('create', 'rolebinding', 'developers-view', '-n', 'default', '--clusterrole=view', '--group=oidc:developers');
    expect(bound.code, bound.stderr).toBe(0);
    await eventually(async () => (await jane('get', 'configmaps', '-n', 'default')).code === 0);
    expect((await jane('create', 'configmap', 'x', '-n', 'default')).stderr).toContain('cannot create resource "configmaps"');
  });

  it('refuses a token of an issuer the plane does not trust, and a token that fails a validation rule', async () => {
    expect(await whoami(withToken(server.url, await tenantIdp.idToken('jane')))).toContain('You must be logged in to the server (Unauthorized)');
    expect(await whoami(withToken(server.url, `${(await people.idToken('jane')).slice(0, -4)}AAAA`))).toContain('You must be logged in to the server (Unauthorized)');
  });

  it('signs in to a tenant with its own issuer, which refuses the default plane\'s issuer', async () => {
    const url = `${server.url}/clusters/${tenant}`;
    const tom = withToken(url, await tenantIdp.idToken('tom'));
    await eventually(async () => typeof (await whoami(tom)) === 'object');
    expect(await whoami(tom)).toEqual({ username: 'tom@tenant.example', groups: ['idp:ops', 'system:authenticated'] });
    expect((await tom('get', 'namespaces')).stderr).toContain('User "tom@tenant.example" cannot list resource "namespaces"');
    // The default plane's issuer makes jane a default-plane user: a visitor the tenant does not let in.
    expect((await withToken(url, await people.idToken('jane'))('get', 'namespaces')).stderr).toContain('Error from server (Forbidden)');
  });

  it('audits a token the tenant refuses in the tenant\'s own trail, as kube audits failed authentication', async () => {
    const url = `${server.url}/clusters/${tenant}`;
    const refused = await fetch(`${url}/api/v1/namespaces?refused=${tenant}`, { headers: { authorization: 'Bearer not-a-token-of-anyone' } });
    expect(refused.status).toBe(401);
    const auditId = refused.headers.get('audit-id');
    await eventually(async () => tenantAudit.events.some((event) => event.auditID === auditId), 15_000);
    const event = tenantAudit.events.find((item) => item.auditID === auditId)!;
    expect({ level: event.level, stage: event.stage, verb: event.verb, user: event.user, responseStatus: event.responseStatus }).toEqual({
      level: 'Metadata', stage: 'ResponseStarted', verb: 'list', user: {}, responseStatus: { metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 },
    });
  });

  it('follows a rotation of the provider\'s signing keys', async () => {
    const before = await people.idToken('jane');
    expect(await whoami(withToken(server.url, before))).toMatchObject({ username: 'jane@example.com' });
    people = await people.restart();
    const after = await people.idToken('jane');
    // The new key is fetched on the first token signed with it (once the refetch cooldown has passed).
    await eventually(async () => typeof (await whoami(withToken(server.url, after))) === 'object', 15_000);
    expect(await whoami(withToken(server.url, after))).toMatchObject({ username: 'jane@example.com' });
    expect(await whoami(withToken(server.url, before))).toContain('You must be logged in to the server (Unauthorized)');
  });

  it('refuses a ControlPlane whose authentication kube would refuse, with kube\'s field errors', async () => {
    const bad = { apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name: `${tenant}-bad` }, spec: { authentication: { jwt: [{ issuer: { url: 'http://idp.example.com', audiences: [] }, claimMappings: { username: { claim: 'sub' } } }] } } };
    const result = await admin.withInput(JSON.stringify(bad), 'create', '-f', '-');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('spec.authentication.jwt[0].issuer.url: Invalid value: "http://idp.example.com": URL scheme must be https');
    expect(result.stderr).toContain('spec.authentication.jwt[0].issuer.audiences: Required value: at least one jwt[0].issuer.audiences is required');
    expect(result.stderr).toContain('spec.authentication.jwt[0].claimMappings.username.prefix: Required value: prefix is required when claim is set');
  });
});
