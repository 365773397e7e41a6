// JWT authenticators: kube v1.32's structured-authn cases (oidc_test.go TestToken, ported: claim
// mappings, validation rules, audiences, expiry) through the whole authenticator, with RS256 tokens
// signed by jose and the issuer's discovery document and JWKS served by a stand-in fetch; key
// rotation (a refetch on an unknown kid, at most once per cooldown).
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IssuerKeySet, JwtAuthenticators, refetchCooldownMillis, validateAuthenticationConfiguration, type IssuerFetch, type JwtAuthenticatorConfig } from '../../src/auth/jwt/index.js';

const issuer = 'https://auth.example.com';
const now = new Date('2026-06-01T00:00:00Z');
const valid = Math.floor(now.getTime() / 1000) + 3600;
const expired = Math.floor(now.getTime() / 1000) - 60;

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let jwks: { keys: object[] };

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  jwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
});

function fakeIssuer(documents: () => { jwks: object }, log: string[] = []): IssuerFetch {
  return async (url) => {
    log.push(url);
    if (url === `${issuer}/.well-known/openid-configuration`) return Response.json({ issuer, jwks_uri: `${issuer}/keys` });
    if (url === `${issuer}/keys`) return Response.json(documents().jwks);
    return new Response('not found', { status: 404 });
  };
}

async function sign(claims: object, key = keys.privateKey, kid = 'k1'): Promise<string> {
  return new SignJWT(claims as Record<string, unknown>).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
}

function authenticators(config: Partial<JwtAuthenticatorConfig> & { claimMappings: JwtAuthenticatorConfig['claimMappings'] }, fetcher = fakeIssuer(() => ({ jwks }))): JwtAuthenticators {
  const authenticator = { issuer: { url: issuer, audiences: ['my-client'] }, ...config } as JwtAuthenticatorConfig;
  const { errors, authenticators: compiled } = validateAuthenticationConfiguration({ jwt: [authenticator] });
  expect(errors).toEqual([]);
  return new JwtAuthenticators(compiled, fetcher);
}

const username = { claim: 'username', prefix: '' };

interface Case {
  name: string;
  config: Partial<JwtAuthenticatorConfig> & { claimMappings: JwtAuthenticatorConfig['claimMappings'] };
  claims: Record<string, unknown>;
  want?: object;
  wantError?: string;
}

const base = { iss: issuer, aud: 'my-client', exp: valid };

const cases: Case[] = [
  { name: 'token', config: { claimMappings: { username } }, claims: { ...base, username: 'jane' }, want: { name: 'jane', groups: [] } },
  { name: 'no-username', config: { claimMappings: { username } }, claims: { ...base }, wantError: 'oidc: parse username claims "username": claim not present' },
  { name: 'email', config: { claimMappings: { username: { claim: 'email', prefix: '' } } }, claims: { ...base, email: 'jane@example.com', email_verified: true }, want: { name: 'jane@example.com', groups: [] } },
  { name: 'email-not-verified', config: { claimMappings: { username: { claim: 'email', prefix: '' } } }, claims: { ...base, email: 'jane@example.com', email_verified: false }, wantError: 'oidc: email not verified' },
  { name: 'groups', config: { claimMappings: { username, groups: { claim: 'groups', prefix: '' } } }, claims: { ...base, username: 'jane', groups: ['team1', 'team2'] }, want: { name: 'jane', groups: ['team1', 'team2'] } },
  { name: 'group-string-claim', config: { claimMappings: { username, groups: { claim: 'groups', prefix: '' } } }, claims: { ...base, username: 'jane', groups: 'team1' }, want: { name: 'jane', groups: ['team1'] } },
  { name: 'invalid-groups-claim', config: { claimMappings: { username, groups: { claim: 'groups', prefix: '' } } }, claims: { ...base, username: 'jane', groups: 42 }, wantError: 'oidc: parse groups claim "groups"' },
  { name: 'required-claim', config: { claimMappings: { username }, claimValidationRules: [{ claim: 'hd', requiredValue: 'example.com' }] }, claims: { ...base, username: 'jane', hd: 'example.com' }, want: { name: 'jane', groups: [] } },
  { name: 'no-required-claim', config: { claimMappings: { username }, claimValidationRules: [{ claim: 'hd', requiredValue: 'example.com' }] }, claims: { ...base, username: 'jane' }, wantError: 'oidc: required claim hd not present in ID token' },
  { name: 'invalid-required-claim', config: { claimMappings: { username }, claimValidationRules: [{ claim: 'hd', requiredValue: 'example.com' }] }, claims: { ...base, username: 'jane', hd: 'example.org' }, wantError: 'oidc: required claim hd value does not match. Got = example.org, want = example.com' },
  { name: 'expired', config: { claimMappings: { username } }, claims: { ...base, username: 'jane', exp: expired }, wantError: 'oidc: token is expired' },
  { name: 'invalid-aud', config: { claimMappings: { username } }, claims: { ...base, username: 'jane', aud: 'not-my-client' }, wantError: 'expected audience' },
  { name: 'multiple-audiences in authentication config', config: { issuer: { url: issuer, audiences: ['random-client', 'my-client'], audienceMatchPolicy: 'MatchAny' }, claimMappings: { username } }, claims: { ...base, username: 'jane', aud: ['not-my-client', 'my-client'], azp: 'not-my-client' }, want: { name: 'jane', groups: [] } },
  { name: 'multiple-audiences in authentication config, no match', config: { issuer: { url: issuer, audiences: ['random-client', 'my-client'], audienceMatchPolicy: 'MatchAny' }, claimMappings: { username } }, claims: { ...base, username: 'jane', aud: ['not-my-client'] }, wantError: 'oidc: expected audience in ["my-client" "random-client"] got ["not-my-client"]' },
  {
    name: 'nuanced audience validation using claim validation rules',
    config: { issuer: { url: issuer, audiences: ['bar', 'foo', 'baz'], audienceMatchPolicy: 'MatchAny' }, claimMappings: { username }, claimValidationRules: [{ expression: 'sets.equivalent(claims.aud, ["bar", "foo", "baz"])', message: 'audience must exactly contain [bar, foo, baz]' }] },
    claims: { ...base, username: 'jane', aud: ['foo', 'bar', 'baz'], azp: 'not-my-client' }, want: { name: 'jane', groups: [] },
  },
  {
    name: 'audience validation using claim validation rules fails',
    config: { issuer: { url: issuer, audiences: ['bar', 'foo', 'baz'], audienceMatchPolicy: 'MatchAny' }, claimMappings: { username }, claimValidationRules: [{ expression: 'sets.equivalent(claims.aud, ["bar", "foo", "baz"])', message: 'audience must exactly contain [bar, foo, baz]' }] },
    claims: { ...base, username: 'jane', aud: ['foo', 'baz'] },
    wantError: 'oidc: error evaluating claim validation expression: validation expression \'sets.equivalent(claims.aud, ["bar", "foo", "baz"])\' failed: audience must exactly contain [bar, foo, baz]',
  },
  { name: 'username-prefix', config: { claimMappings: { username: { claim: 'username', prefix: 'oidc:' } } }, claims: { ...base, username: 'jane' }, want: { name: 'oidc:jane', groups: [] } },
  { name: 'groups-prefix', config: { claimMappings: { username: { claim: 'username', prefix: 'oidc:' }, groups: { claim: 'groups', prefix: 'groups:' } } }, claims: { ...base, username: 'jane', groups: ['team1', 'team2'] }, want: { name: 'oidc:jane', groups: ['groups:team1', 'groups:team2'] } },
  {
    name: 'user validation rule fails for user.username',
    config: { claimMappings: { username: { claim: 'username', prefix: 'system:' } }, userValidationRules: [{ expression: "!user.username.startsWith('system:')", message: 'username cannot used reserved system: prefix' }] },
    claims: { ...base, username: 'jane' },
    wantError: "oidc: error evaluating user info validation rule: validation expression '!user.username.startsWith('system:')' failed: username cannot used reserved system: prefix",
  },
  {
    name: 'user validation rule fails for user.groups',
    config: { claimMappings: { username, groups: { claim: 'groups', prefix: 'system:' } }, userValidationRules: [{ expression: "user.groups.all(group, !group.startsWith('system:'))", message: 'groups cannot used reserved system: prefix' }] },
    claims: { ...base, username: 'jane', groups: ['team1', 'team2'] },
    wantError: "oidc: error evaluating user info validation rule: validation expression 'user.groups.all(group, !group.startsWith('system:'))' failed: groups cannot used reserved system: prefix",
  },
  {
    name: 'claim validation rule with expression fails',
    config: { claimMappings: { username }, claimValidationRules: [{ expression: 'claims.hd == "example.com"', message: 'hd claim must be example.com' }] },
    claims: { ...base, username: 'jane' },
    wantError: 'oidc: error evaluating claim validation expression: expression \'claims.hd == "example.com"\' resulted in error: no such key: hd',
  },
  {
    name: 'claim validation rule with expression and nested claims',
    config: { claimMappings: { username }, claimValidationRules: [{ expression: 'claims.foo.bar == "baz"', message: 'foo.bar claim must be baz' }, { expression: 'claims.hd == "example.com"' }] },
    claims: { ...base, username: 'jane', hd: 'example.com', foo: { bar: 'baz' } }, want: { name: 'jane', groups: [] },
  },
  { name: 'username claim mapping with expression', config: { claimMappings: { username: { expression: 'claims.username' } } }, claims: { ...base, username: 'jane' }, want: { name: 'jane', groups: [] } },
  { name: 'username claim mapping with expression and nested claim', config: { claimMappings: { username: { expression: 'claims.foo.username' } } }, claims: { ...base, foo: { username: 'jane' } }, want: { name: 'jane', groups: [] } },
  { name: 'groups claim mapping with expression', config: { claimMappings: { username: { expression: 'claims.username' }, groups: { expression: 'claims.groups' } } }, claims: { ...base, username: 'jane', groups: ['team1', 'team2'] }, want: { name: 'jane', groups: ['team1', 'team2'] } },
  { name: 'groups claim with expression', config: { claimMappings: { username: { claim: 'username', prefix: 'oidc:' }, groups: { expression: '(claims.roles.split(",") + claims.other_roles.split(",")).map(role, "groups:" + role)' } } }, claims: { ...base, username: 'jane', roles: 'foo,bar', other_roles: 'baz,qux' }, want: { name: 'oidc:jane', groups: ['groups:foo', 'groups:bar', 'groups:baz', 'groups:qux'] } },
  { name: 'uid claim mapping with expression', config: { claimMappings: { username: { expression: 'claims.username' }, groups: { expression: 'claims.groups' }, uid: { expression: 'claims.uid' } } }, claims: { ...base, username: 'jane', groups: ['team1'], uid: '1234' }, want: { name: 'jane', groups: ['team1'], uid: '1234' } },
  { name: 'uid claim mapping with claim', config: { claimMappings: { username: { expression: 'claims.username' }, uid: { claim: 'uid' } } }, claims: { ...base, username: 'jane', uid: '1234' }, want: { name: 'jane', groups: [], uid: '1234' } },
  {
    name: 'extra claim mapping with expression',
    config: { claimMappings: { username: { expression: 'claims.username' }, extra: [{ key: 'example.org/foo', valueExpression: 'claims.foo' }, { key: 'example.org/bar', valueExpression: 'claims.bar' }] } },
    claims: { ...base, username: 'jane', foo: 'bar', bar: ['baz', 'qux'] },
    want: { name: 'jane', groups: [], extra: { 'example.org/foo': ['bar'], 'example.org/bar': ['baz', 'qux'] } },
  },
  {
    name: 'extra claim mapping, value derived from claim value',
    config: { claimMappings: { username: { expression: 'claims.username' }, extra: [
      { key: 'example.org/admin', valueExpression: '(has(claims.is_admin) && claims.is_admin) ? "true":""' },
      { key: 'example.org/admin_1', valueExpression: 'claims.?is_admin.orValue(false) == true ? "true":""' },
      { key: 'example.org/non_existent', valueExpression: 'claims.?non_existent.orValue("default") == "default" ? "true":""' },
    ] } },
    claims: { ...base, username: 'jane', is_admin: true },
    want: { name: 'jane', groups: [], extra: { 'example.org/admin': ['true'], 'example.org/admin_1': ['true'], 'example.org/non_existent': ['true'] } },
  },
  { name: 'extra claim mapping, empty string value for key', config: { claimMappings: { username: { expression: 'claims.username' }, extra: [{ key: 'example.org/foo', valueExpression: 'claims.foo' }] } }, claims: { ...base, username: 'jane', foo: '' }, want: { name: 'jane', groups: [] } },
  { name: 'groups expression returns null', config: { claimMappings: { username, groups: { expression: 'claims.groups' } } }, claims: { ...base, username: 'jane', groups: null }, want: { name: 'jane', groups: [] } },
  {
    name: "test user validation rule doesn't fail when user info is empty except username",
    config: { claimMappings: { username: { expression: 'claims.username' }, groups: { expression: 'claims.groups' } }, userValidationRules: [
      { expression: 'user.username == " "', message: 'username must be single space' }, { expression: 'user.uid == ""', message: 'uid must be empty string' },
      { expression: "!('bar' in user.groups)", message: 'groups must not contain bar' }, { expression: "!('bar' in user.extra)", message: 'extra must not contain bar' },
    ] },
    claims: { ...base, username: ' ', groups: null, baz: 'qux' }, want: { name: ' ', groups: [] },
  },
  { name: 'empty username is allowed via claim', config: { claimMappings: { username, groups: { expression: 'claims.groups' } }, userValidationRules: [{ expression: 'user.username == ""', message: 'username must be empty string' }] }, claims: { ...base, username: '', groups: null }, want: { name: '', groups: [] } },
  { name: 'credential id set in extra even when no extra claim mappings are defined', config: { claimMappings: { username } }, claims: { ...base, username: 'jane', jti: '1234' }, want: { name: 'jane', groups: [], extra: { 'authentication.kubernetes.io/credential-id': ['JTI=1234'] } } },
  { name: 'non-string jti claim does not set credential id in extra or error', config: { claimMappings: { username } }, claims: { ...base, username: 'jane', jti: 1234 }, want: { name: 'jane', groups: [] } },
];

describe('JWT authenticator (kube oidc_test.go cases)', () => {
  it.each(cases)('$name', async ({ config, claims, want, wantError }) => {
    const messages: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => messages.push(message);
    try {
      const user = await authenticators(config).authenticate(await sign(claims), now);
      if (want) expect(user).toEqual(want);
      else {
        expect(user).toBeNull();
        expect(messages.join('\n')).toContain(wantError);
      }
    } finally {
      console.warn = warn;
    }
  });

  it('takes no token of another issuer, and refuses a token signed by another key', async () => {
    const authenticator = authenticators({ claimMappings: { username } });
    expect(await authenticator.authenticate(await sign({ ...base, iss: 'https://other.example.com', username: 'jane' }), now)).toBeNull();
    const stranger = await generateKeyPair('RS256');
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(await authenticator.authenticate(await sign({ ...base, username: 'jane' }, stranger.privateKey), now)).toBeNull();
    } finally {
      console.warn = warn;
    }
  });

  it('refetches the key set for a key it does not know (rotation), at most once per cooldown', async () => {
    const rotated = await generateKeyPair('RS256');
    let served = jwks;
    const fetched: string[] = [];
    const current = { ...base, exp: Math.floor(Date.now() / 1000) + 3600 };
    const authenticator = authenticators({ claimMappings: { username } }, fakeIssuer(() => ({ jwks: served }), fetched));
    expect(await authenticator.authenticate(await sign({ ...current, username: 'jane' }), new Date())).toEqual({ name: 'jane', groups: [] });
    served = { keys: [{ ...(await exportJWK(rotated.publicKey)), kid: 'k2', alg: 'RS256' }] };
    const warn = console.warn;
    console.warn = () => {};
    try {
      // Within the cooldown: the new key is not looked for yet.
      expect(await authenticator.authenticate(await sign({ ...current, username: 'jane' }, rotated.privateKey, 'k2'), new Date())).toBeNull();
      expect(fetched.filter((url) => url.endsWith('/keys'))).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, refetchCooldownMillis + 50));
      expect(await authenticator.authenticate(await sign({ ...current, username: 'jane' }, rotated.privateKey, 'k2'), new Date())).toEqual({ name: 'jane', groups: [] });
      expect(fetched.filter((url) => url.endsWith('/keys'))).toHaveLength(2);
      // The old key is gone from the issuer's set.
      expect(await authenticator.authenticate(await sign({ ...current, username: 'jane' }), new Date())).toBeNull();
    } finally {
      console.warn = warn;
    }
  }, 20_000);

  it('refuses a discovery document naming another issuer', async () => {
    const fetcher: IssuerFetch = async (url) => (url.endsWith('openid-configuration') ? Response.json({ issuer: 'https://evil.example.com', jwks_uri: `${issuer}/keys` }) : Response.json(jwks));
    const messages: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => messages.push(message);
    try {
      expect(await authenticators({ claimMappings: { username } }, fetcher).authenticate(await sign({ ...base, username: 'jane' }), now)).toBeNull();
      expect(messages[0]).toContain('oidc: issuer did not match the issuer returned by provider, expected "https://auth.example.com" got "https://evil.example.com"');
    } finally {
      console.warn = warn;
    }
  });
});

describe("an issuer's key set fetched for concurrent requests", () => {
  it("fetches once; the others take its keys, handed over by the fetching request's handOver() promise, without a timer tick", async () => {
    const fetched: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = fakeIssuer(() => ({ jwks }), fetched);
    const keySet = new IssuerKeySet(issuer, undefined, async (url, init) => (url.endsWith('/keys') ? (await held, slow(url, init)) : slow(url, init)));
    const first = keySet.keys();
    const others = [keySet.keys(), keySet.keys()];
    let settled = 0;
    for (const other of others) void other.then(() => settled++);
    release();
    await first;
    for (let i = 0; i < 20; i++) await Promise.resolve();
    // The first request's fetch settled and handed its keys over: no timer ran (microtasks only).
    expect(settled).toBe(2);
    expect(await Promise.all(others)).toEqual([await first, await first]);
    expect(fetched.filter((url) => url.endsWith('/keys'))).toHaveLength(1);
  });

  it('fetches itself, on its own timer, when the fetching request never settles (workerd canceled it)', async () => {
    vi.useFakeTimers();
    try {
      const fetched: string[] = [];
      const working = fakeIssuer(() => ({ jwks }), fetched);
      let calls = 0;
      // The first request's discovery never answers, whatever its signal says: as if its request was gone.
      const keySet = new IssuerKeySet(issuer, undefined, (url, init) => (calls++ === 0 ? new Promise<Response>(() => {}) : working(url, init)));
      void keySet.keys();
      const other = keySet.keys();
      let done = false;
      void other.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(19_999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await other;
      expect(fetched.filter((url) => url.endsWith('/keys'))).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives the others the fetch's error", async () => {
    const keySet = new IssuerKeySet(issuer, undefined, async () => new Response('down', { status: 503 }));
    const outcomes = await Promise.allSettled([keySet.keys(), keySet.keys()]);
    expect(outcomes.map((outcome) => outcome.status === 'rejected' && String(outcome.reason))).toEqual(['Error: 503 : down', 'Error: 503 : down']);
  });
});
