/**
 * kubectl 1.32 against a real local server with authentication and RBAC on: anonymous requests,
 * a user limited by a Role, `auth can-i` and `auth whoami`, impersonation, and service account
 * tokens (issued by `kubectl create token`, verified against the server's JWKS, revoked with
 * their ServiceAccount), with the texts kube-apiserver and kubectl print.
 */
import { createPublicKey, verify, type JsonWebKeyInput } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Kubectl, kubectlFor } from './kubectl.js';
import { apiFetch } from './test-server.js';
import { eventually } from './waiting.js';

const serverUrl = inject('serverUrl');
const suffix = Date.now().toString(36);
const ns = `sec-${suffix}`;
const loggedOut = 'error: You must be logged in to the server (Unauthorized)';
let admin: Kubectl;
let alice: Kubectl;
let bob: Kubectl;

/** A kubectl whose kubeconfig carries `token` (kubectlFor knows only the test users). */
function kubectlWithToken(token: string): Kubectl {
  return kubectlWithUser([`token: ${token}`]);
}

/** A kubectl whose kubeconfig user has `fields` (YAML lines). */
function kubectlWithUser(fields: string[]): Kubectl {
  const kubectl = kubectlFor(serverUrl, null);
  writeFileSync(kubectl.kubeconfig, [
    'apiVersion: v1', 'kind: Config',
    'clusters:', '- name: t', '  cluster:', `    server: ${serverUrl}`, '    insecure-skip-tls-verify: true',
    'users:', '- name: t', '  user:', ...fields.map((field) => `    ${field}`),
    'contexts:', '- name: t', '  context: {cluster: t, user: t}',
    'current-context: t', '',
  ].join('\n'));
  return kubectl;
}

async function applied(kubectl: Kubectl, manifest: string): Promise<void> {
  const result = await kubectl.withInput(manifest, 'apply', '-f', '-');
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
}

beforeAll(async () => {
  admin = kubectlFor(serverUrl);
  alice = kubectlFor(serverUrl, 'alice');
  bob = kubectlFor(serverUrl, 'bob');
  expect((await admin('create', 'namespace', ns)).stdout).toContain(`namespace/${ns} created`);
  await applied(admin, `
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: configmap-writer, namespace: ${ns}}
rules:
- apiGroups: [""]
  resources: [configmaps]
  verbs: [get, list, watch, create]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: alice-configmaps, namespace: ${ns}}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: configmap-writer}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: alice}
`);
  await eventually(async () => (await alice('auth', 'can-i', 'list', 'configmaps', '-n', ns)).code === 0);
});

describe('anonymous requests', () => {
  // kubectl's texts against kube-apiserver: discovery (the first step of `get`) does not decode
  // the 401 Status and reports client-go's generic text; a plain request reports its message.
  const askedForCredentials = 'the server has asked for the client to provide credentials';
  it.each([
    // An empty kubeconfig user makes kubectl prompt for a password on a terminal (`error: EOF`
    // without one); basic auth stands in: no authenticator accepts it, as no credentials.
    ['no bearer token', ['username: nobody', 'password: secret']],
    ['an unknown token', ['token: not-a-known-token']],
  ])('kubectl with %s is told to log in', async (_name, user) => {
    const kubectl = kubectlWithUser(user);
    const listing = await kubectl('get', 'pods', '-n', ns);
    expect(listing.code).not.toBe(0);
    expect(listing.stderr).toContain(`couldn't get current server API group list: ${askedForCredentials}`);
    expect(listing.stderr).toContain(`error: You must be logged in to the server (${askedForCredentials})`);
    const whoami = await kubectl('auth', 'whoami');
    expect(whoami.code).not.toBe(0);
    expect(whoami.stderr.trim()).toBe(loggedOut);
  });

  it.each([
    ['no credentials', {}],
    ['an unknown bearer token', { authorization: 'Bearer not-a-known-token' }],
  ])('answers kube\'s 401 Status to %s', async (_name, headers) => {
    const response = await fetch(`${serverUrl}/api/v1/namespaces`, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401,
    });
  });

  it.each(['/readyz', '/livez', '/healthz', '/version'])('serves %s without credentials', async (path) => {
    const response = await fetch(`${serverUrl}${path}`);
    expect(response.status).toBe(200);
    if (path === '/version') expect(await response.json()).toMatchObject({ major: '1', minor: expect.stringMatching(/^32/) });
    else expect(await response.text()).toBe('ok');
  });

  it.each(['/readyz', '/livez', '/healthz', '/version'])('refuses a bad token on %s with 401, as kube does on every path', async (path) => {
    const response = await fetch(`${serverUrl}${path}`, { headers: { authorization: 'Bearer not-a-known-token' } });
    expect(response.status).toBe(401);
  });
});

describe('a user limited by a Role', () => {
  it('creates and lists configmaps in the namespace of the binding', async () => {
    expect((await alice('create', 'configmap', 'by-alice', '-n', ns, '--from-literal=a=1')).stdout).toContain('configmap/by-alice created');
    const list = await alice('get', 'configmaps', '-n', ns, '-o', 'name');
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')).toContain('configmap/by-alice');
  });

  it.each([
    ['list secrets there', ['get', 'secrets', '-n', ns], `Error from server (Forbidden): secrets is forbidden: User "alice" cannot list resource "secrets" in API group "" in the namespace "${ns}"`],
    ['list configmaps elsewhere', ['get', 'configmaps', '-n', 'default'], 'Error from server (Forbidden): configmaps is forbidden: User "alice" cannot list resource "configmaps" in API group "" in the namespace "default"'],
    ['delete a configmap', ['delete', 'configmap', 'x', '-n', ns], `Error from server (Forbidden): configmaps "x" is forbidden: User "alice" cannot delete resource "configmaps" in API group "" in the namespace "${ns}"`],
    ['list namespaces', ['get', 'namespaces'], 'Error from server (Forbidden): namespaces is forbidden: User "alice" cannot list resource "namespaces" in API group "" at the cluster scope'],
  ])('may not %s', async (_name, args, message) => {
    const result = await alice(...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
  });

  it('is left with nothing after the RoleBinding is deleted', async () => {
    await applied(admin, `
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: bob-configmaps, namespace: ${ns}}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: configmap-writer}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: bob}
`);
    await eventually(async () => (await bob('get', 'configmaps', '-n', ns)).code === 0);
    expect((await admin('delete', 'rolebinding', 'bob-configmaps', '-n', ns)).stdout).toContain('rolebinding.rbac.authorization.k8s.io "bob-configmaps" deleted');
    await eventually(async () => (await bob('get', 'configmaps', '-n', ns)).code !== 0);
    expect((await bob('get', 'configmaps', '-n', ns)).stderr).toContain(`configmaps is forbidden: User "bob" cannot list resource "configmaps" in API group "" in the namespace "${ns}"`);
  });
});

describe('kubectl auth can-i', () => {
  it.each([
    ['create', 'yes', 0],
    ['watch', 'yes', 0],
    ['delete', 'no', 1],
    ['patch', 'no', 1],
  ])('answers whether alice may %s configmaps', async (verb, answer, code) => {
    const result = await alice('auth', 'can-i', verb, 'configmaps', '-n', ns);
    expect(result.stdout.trim()).toBe(answer);
    expect(result.code).toBe(code);
  });

  it('lists alice\'s rules in the namespace, with her Role\'s verbs', async () => {
    const result = await alice('auth', 'can-i', '--list', '-n', ns);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/);
    expect(lines).toContainEqual(expect.stringMatching(/^configmaps\s+\[\]\s+\[\]\s+\[get list watch create\]$/));
    // system:basic-user (bound to system:authenticated) lets everyone review themselves.
    expect(lines).toContainEqual(expect.stringMatching(/^selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]$/));
    expect(lines.some((line) => line.startsWith('secrets '))).toBe(false);
  });

  it('says yes to anything for system:masters', async () => {
    const result = await admin('auth', 'can-i', '*', '*');
    expect(result.stdout.trim()).toBe('yes');
    expect(result.code).toBe(0);
  });

  it('asks about another user with --as, for someone allowed to impersonate', async () => {
    expect((await admin('auth', 'can-i', 'create', 'configmaps', '-n', ns, '--as', 'alice')).stdout.trim()).toBe('yes');
    expect((await admin('auth', 'can-i', 'create', 'configmaps', '-n', ns, '--as', 'bob')).stdout.trim()).toBe('no');
  });
});

describe('kubectl auth whoami', () => {
  it('prints the user, uid and groups', async () => {
    const result = await alice('auth', 'whoami');
    expect(result.code).toBe(0);
    const rows = result.stdout.trim().split('\n').map((line) => line.split(/\s{2,}/));
    expect(rows).toEqual([['ATTRIBUTE', 'VALUE'], ['Username', 'alice'], ['UID', 'alice-uid'], ['Groups', '[developers system:authenticated]']]);
  });

  it('prints the SelfSubjectReview with -o json', async () => {
    const review = JSON.parse((await alice('auth', 'whoami', '-o', 'json')).stdout);
    expect(review).toMatchObject({ kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1' });
    expect(review.status).toEqual({ userInfo: { username: 'alice', uid: 'alice-uid', groups: ['developers', 'system:authenticated'] } });
  });

  it('shows the impersonated user', async () => {
    const review = JSON.parse((await admin('auth', 'whoami', '-o', 'json', '--as', 'someone', '--as-group', 'team-a')).stdout);
    expect(review.status.userInfo).toEqual({ username: 'someone', groups: ['team-a', 'system:authenticated'] });
  });
});

describe('impersonation', () => {
  it('lets system:masters act as alice, with alice\'s rights', async () => {
    const list = await admin('--as', 'alice', 'get', 'configmaps', '-n', ns, '-o', 'name');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('configmap/by-alice');
    const secrets = await admin('--as', 'alice', 'get', 'secrets', '-n', ns);
    expect(secrets.stderr).toContain(`Error from server (Forbidden): secrets is forbidden: User "alice" cannot list resource "secrets" in API group "" in the namespace "${ns}"`);
  });

  it.each([
    ['a user', ['--as', 'alice'], 'Error from server (Forbidden): users "alice" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope'],
    ['a service account', ['--as', `system:serviceaccount:${ns}:default`], `Error from server (Forbidden): serviceaccounts "default" is forbidden: User "bob" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "${ns}"`],
  ])('refuses bob impersonating %s', async (_name, flags, message) => {
    const result = await bob(...flags, 'get', 'configmaps', '-n', ns);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
  });

  it('checks each impersonated group apart from the user', async () => {
    await applied(admin, `
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: impersonate-alice-${suffix}}
rules:
- {apiGroups: [""], resources: [users], verbs: [impersonate], resourceNames: [alice]}
- {apiGroups: [""], resources: [groups], verbs: [impersonate], resourceNames: [developers]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: bob-impersonates-alice-${suffix}}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: impersonate-alice-${suffix}}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: bob}
`);
    await eventually(async () => (await bob('--as', 'alice', 'get', 'configmaps', '-n', ns)).code === 0);
    expect((await bob('--as', 'alice', '--as-group', 'developers', 'get', 'configmaps', '-n', ns, '-o', 'name')).stdout).toContain('configmap/by-alice');
    const group = await bob('--as', 'alice', '--as-group', 'system:masters', 'get', 'configmaps', '-n', ns);
    expect(group.code).not.toBe(0);
    expect(group.stderr).toContain('Error from server (Forbidden): groups "system:masters" is forbidden: User "bob" cannot impersonate resource "groups" in API group "" at the cluster scope');
    const otherUser = await bob('--as', 'carol', 'get', 'configmaps', '-n', ns);
    expect(otherUser.stderr).toContain('Error from server (Forbidden): users "carol" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope');
    await admin('delete', 'clusterrolebinding', `bob-impersonates-alice-${suffix}`);
    await admin('delete', 'clusterrole', `impersonate-alice-${suffix}`);
  });
});

function base64urlJson(part: string): any {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe('service account tokens', () => {
  let token: string;
  let robot: Kubectl;

  beforeAll(async () => {
    expect((await admin('create', 'serviceaccount', 'robot', '-n', ns)).stdout).toContain('serviceaccount/robot created');
    const issued = await admin('create', 'token', 'robot', '-n', ns);
    expect(issued.stderr).toBe('');
    token = issued.stdout.trim();
    robot = kubectlWithToken(token);
  });

  it('kubectl create token prints an ES256 JWT with a key id', () => {
    const parts = token.split('.');
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
    const header = base64urlJson(parts[0]!);
    expect(header).toMatchObject({ alg: 'ES256', kid: expect.stringMatching(/.+/) });
    const claims = base64urlJson(parts[1]!);
    expect(claims).toMatchObject({ sub: `system:serviceaccount:${ns}:robot`, 'kubernetes.io': { namespace: ns, serviceaccount: { name: 'robot' } } });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('authenticates as the service account', async () => {
    const uid = (await admin('get', 'serviceaccount', 'robot', '-n', ns, '-o', 'jsonpath={.metadata.uid}')).stdout;
    const review = JSON.parse((await robot('auth', 'whoami', '-o', 'json')).stdout);
    expect(review.status.userInfo).toMatchObject({
      username: `system:serviceaccount:${ns}:robot`, uid,
      groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'],
    });
    const table = (await robot('auth', 'whoami')).stdout;
    expect(table).toMatch(new RegExp(`^Username\\s+system:serviceaccount:${ns}:robot$`, 'm'));
    expect(table).toMatch(new RegExp(`^Groups\\s+\\[system:serviceaccounts system:serviceaccounts:${ns} system:authenticated\\]$`, 'm'));
  });

  it('has no rights it was not given', async () => {
    const result = await robot('get', 'configmaps', '-n', ns);
    expect(result.stderr).toContain(`Error from server (Forbidden): configmaps is forbidden: User "system:serviceaccount:${ns}:robot" cannot list resource "configmaps" in API group "" in the namespace "${ns}"`);
  });

  it('reads the issuer discovery documents and verifies against the JWKS', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const configuration = await fetch(`${serverUrl}/.well-known/openid-configuration`, { headers });
    expect(configuration.status).toBe(200);
    const discovery = await configuration.json() as { issuer: string };
    expect(discovery).toMatchObject({
      issuer: expect.any(String), jwks_uri: expect.stringMatching(/\/openid\/v1\/jwks$/),
      response_types_supported: ['id_token'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['ES256'],
    });
    expect(base64urlJson(token.split('.')[1]!).iss).toBe(discovery.issuer);
    const jwksResponse = await fetch(`${serverUrl}/openid/v1/jwks`, { headers });
    expect(jwksResponse.status).toBe(200);
    const { keys } = await jwksResponse.json() as { keys: (JsonWebKeyInput['key'] & { kid: string })[] };
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const jwk = keys.find((key) => key.kid === base64urlJson(header).kid);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    const publicKey = createPublicKey({ key: jwk!, format: 'jwk' });
    const signed = Buffer.from(`${header}.${payload}`);
    expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
    const tampered = Buffer.from(`${header}.${Buffer.from(JSON.stringify({ ...base64urlJson(payload), sub: 'x' })).toString('base64url')}`);
    expect(verify('sha256', tampered, { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(false);
  });

  it('refuses issuer discovery to users without system:service-account-issuer-discovery', async () => {
    const response = await apiFetch(`${serverUrl}/openid/v1/jwks`, {}, 'bob');
    expect(response.status).toBe(403);
    expect((await response.json() as { message: string }).message).toBe('forbidden: User "bob" cannot get path "/openid/v1/jwks"');
  });

  it('stops authenticating once the ServiceAccount is deleted', async () => {
    expect((await admin('delete', 'serviceaccount', 'robot', '-n', ns)).stdout).toContain('serviceaccount "robot" deleted');
    const result = await robot('auth', 'whoami');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(loggedOut);
    const raw = await fetch(`${serverUrl}/version`, { headers: { authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(401);
  });

  it('does not authenticate a recreated ServiceAccount of the same name with the old token', async () => {
    expect((await admin('create', 'serviceaccount', 'robot', '-n', ns)).stdout).toContain('serviceaccount/robot created');
    expect((await robot('auth', 'whoami')).stderr).toContain(loggedOut);
  });
});

describe('RBAC escalation prevention', () => {
  const refusal = `is forbidden: user "alice" (groups=["developers" "system:authenticated"]) is attempting to grant RBAC permissions not currently held:`;

  beforeAll(async () => {
    await applied(admin, `
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata: {name: role-maker, namespace: ${ns}}
rules:
- {apiGroups: [rbac.authorization.k8s.io], resources: [roles, rolebindings], verbs: [create, get]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata: {name: alice-role-maker, namespace: ${ns}}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: Role, name: role-maker}
subjects:
- {apiGroup: rbac.authorization.k8s.io, kind: User, name: alice}
`);
    await eventually(async () => (await alice('auth', 'can-i', 'create', 'roles', '-n', ns)).code === 0);
  });

  it('refuses alice a Role granting secrets access she lacks, naming the rule', async () => {
    const result = await alice('create', 'role', 'secret-reader', '-n', ns, '--verb=get', '--resource=secrets');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`roles.rbac.authorization.k8s.io "secret-reader" ${refusal}\n{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}`);
  });

  it('lets alice create a Role within her own rights', async () => {
    expect((await alice('create', 'role', 'configmap-reader', '-n', ns, '--verb=get,list', '--resource=configmaps')).stdout).toContain('role.rbac.authorization.k8s.io/configmap-reader created');
  });

  it('lets alice bind a Role she holds, not a ClusterRole with more', async () => {
    expect((await alice('create', 'rolebinding', 'bob-reads', '-n', ns, '--role=configmap-reader', '--user=bob')).stdout).toContain('rolebinding.rbac.authorization.k8s.io/bob-reads created');
    const result = await alice('create', 'rolebinding', 'bob-edits', '-n', ns, '--clusterrole=edit', '--user=bob');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`rolebindings.rbac.authorization.k8s.io "bob-edits" ${refusal}`);
  });
});

describe('ValidatingAdmissionPolicy with kubectl', () => {
  const policies = (name: string, action: string, expression: string, message: string) => `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: ${name}}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
    namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: ${ns}}}
  validations:
  - {expression: "${expression}", message: "${message}"}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: ${name}}
spec: {policyName: ${name}, validationActions: [${action}]}
`;

  beforeAll(async () => {
    await applied(admin, policies(`max-replicas-${suffix}`, 'Deny', 'object.spec.replicas <= 5', 'replicas must be no greater than 5'));
    await applied(admin, policies(`named-${suffix}`, 'Warn', "object.metadata.name.startsWith('app-')", 'names should start with app-'));
  });

  it('denies a Deployment over the limit with kube\'s text, and admits one within it', async () => {
    const refused = await admin('create', 'deployment', 'app-big', '--image=nginx', '--replicas=7', '-n', ns);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`error: failed to create deployment: deployments.apps "app-big" is forbidden: ValidatingAdmissionPolicy 'max-replicas-${suffix}' with binding 'max-replicas-${suffix}' denied request: replicas must be no greater than 5`);
    expect((await admin('create', 'deployment', 'app-small', '--image=nginx', '--replicas=2', '-n', ns)).code).toBe(0);
  });

  it('denies a server dry run and a scale-up by apply too', async () => {
    const dryRun = await admin('create', 'deployment', 'app-dry', '--image=nginx', '--replicas=9', '-n', ns, '--dry-run=server');
    expect(dryRun.stderr).toContain('denied request: replicas must be no greater than 5');
    const apply = await admin.withInput(`apiVersion: apps/v1
kind: Deployment
metadata: {name: app-small, namespace: ${ns}}
spec:
  replicas: 8
  selector: {matchLabels: {app: app-small}}
  template:
    metadata: {labels: {app: app-small}}
    spec: {containers: [{name: nginx, image: nginx}]}
`, 'apply', '--server-side', '--force-conflicts', '-f', '-');
    expect(apply.code).not.toBe(0);
    expect(apply.stderr).toContain('denied request: replicas must be no greater than 5');
  });

  it('warns about a Deployment the Warn binding flags, and creates it', async () => {
    const result = await admin('create', 'deployment', 'web', '--image=nginx', '-n', ns);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Warning: Validation failed for ValidatingAdmissionPolicy 'named-${suffix}' with binding 'named-${suffix}': names should start with app-`);
  });
});
