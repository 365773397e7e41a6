import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  importSigningKey,
  jwksDocument,
  openIdConfiguration,
  serviceAccountClaims,
  serviceAccountUserInfo,
  signJwt,
  signingAlgorithms,
  validateServiceAccountClaims,
  verifyJwt,
  type SigningKey,
} from '../../src/authn/index.js';

const issuer = 'https://kubernetes.default.svc.cluster.local';
const now = new Date('2025-01-01T00:00:00.000Z');
const iat = now.getTime() / 1000;
const base = {
  issuer,
  audiences: [issuer],
  namespace: 'default',
  serviceAccountName: 'app',
  serviceAccountUid: 'sa-uid',
  expirationSeconds: 3600,
  now,
  jti: 'jti-1',
};
const podBound = {
  ...base,
  boundObject: { kind: 'Pod' as const, name: 'web-0', uid: 'pod-uid' },
  podNode: { name: 'node-a', uid: 'node-uid' },
};

describe('serviceAccountClaims', () => {
  it('builds kube claims with sorted keys at every level', () => {
    const claims = serviceAccountClaims(podBound);
    expect(JSON.stringify(claims)).toBe(
      JSON.stringify({
        aud: [issuer],
        exp: iat + 3600,
        iat,
        iss: issuer,
        jti: 'jti-1',
        'kubernetes.io': {
          namespace: 'default',
          node: { name: 'node-a', uid: 'node-uid' },
          pod: { name: 'web-0', uid: 'pod-uid' },
          serviceaccount: { name: 'app', uid: 'sa-uid' },
        },
        nbf: iat,
        sub: 'system:serviceaccount:default:app',
      }),
    );
  });

  it.each([
    { name: 'unbound', input: base, want: { namespace: 'default', serviceaccount: { name: 'app', uid: 'sa-uid' } } },
    {
      name: 'secret-bound',
      input: { ...base, boundObject: { kind: 'Secret' as const, name: 's', uid: 's-uid' } },
      want: { namespace: 'default', secret: { name: 's', uid: 's-uid' }, serviceaccount: { name: 'app', uid: 'sa-uid' } },
    },
    {
      name: 'node-bound with warnafter',
      input: { ...base, boundObject: { kind: 'Node' as const, name: 'n', uid: 'n-uid' }, warnAfter: iat + 3607 },
      want: {
        namespace: 'default',
        node: { name: 'n', uid: 'n-uid' },
        serviceaccount: { name: 'app', uid: 'sa-uid' },
        warnafter: iat + 3607,
      },
    },
  ])('private claim when $name', ({ input, want }) => {
    expect(JSON.stringify(serviceAccountClaims(input)['kubernetes.io'])).toBe(JSON.stringify(want));
  });
});

describe('validateServiceAccountClaims', () => {
  const options = { issuers: [issuer], now };

  it('accepts a pod-bound token and reports its binding', () => {
    expect(validateServiceAccountClaims(serviceAccountClaims(podBound), options)).toEqual({
      ok: true,
      audiences: [issuer],
      info: {
        namespace: 'default',
        name: 'app',
        uid: 'sa-uid',
        podName: 'web-0',
        podUid: 'pod-uid',
        nodeName: 'node-a',
        nodeUid: 'node-uid',
        credentialId: 'JTI=jti-1',
      },
    });
  });

  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  it.each([
    { name: 'wrong issuer', claims: { ...base, issuer: 'https://evil' }, opts: options, error: 'token issuer "https://evil" is invalid' },
    {
      name: 'wrong audience',
      claims: { ...base, audiences: ['vault', 'other'] },
      opts: options,
      error: `token audiences ["vault" "other"] is invalid for the target audiences ["${issuer}"]`,
    },
    { name: 'expired past leeway', claims: base, opts: { ...options, now: at(3661) }, error: 'service account token has expired' },
    { name: 'not yet valid', claims: base, opts: { ...options, now: at(-61) }, error: 'service account token is not valid yet' },
  ])('rejects $name', ({ claims, opts, error }) => {
    expect(validateServiceAccountClaims(serviceAccountClaims(claims), opts)).toEqual({ ok: false, error });
  });

  it.each([
    { name: 'within expiry leeway', now: at(3660) },
    { name: 'within nbf leeway', now: at(-60) },
  ])('accepts $name', ({ now: when }) => {
    expect(validateServiceAccountClaims(serviceAccountClaims(base), { ...options, now: when }).ok).toBe(true);
  });

  it('accepts a custom API audience and any of several issuers', () => {
    const claims = serviceAccountClaims({ ...base, issuer: 'https://old', audiences: ['api', 'x'] });
    const result = validateServiceAccountClaims(claims, { issuers: [issuer, 'https://old'], apiAudiences: ['api'], now });
    expect(result).toMatchObject({ ok: true, audiences: ['api'] });
  });

  it.each([
    { name: 'missing exp', payload: { ...serviceAccountClaims(base), exp: undefined }, error: 'service account token has expired' },
    { name: 'no kubernetes.io claim', payload: { ...serviceAccountClaims(base), 'kubernetes.io': undefined }, error: /unexpected/ },
    { name: 'non-string aud', payload: { ...serviceAccountClaims(base), aud: [1] }, error: /unexpected/ },
    { name: 'string exp', payload: { ...serviceAccountClaims(base), exp: '9999999999' }, error: /unexpected/ },
  ])('rejects $name', ({ payload, error }) => {
    const result = validateServiceAccountClaims(payload, options);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toMatch(error);
  });

  it('treats a token without aud as carrying the API audiences (kube legacy rule)', () => {
    const payload = { ...serviceAccountClaims(base), aud: undefined };
    expect(validateServiceAccountClaims(payload, options)).toMatchObject({ ok: true, audiences: [issuer] });
  });
});

describe('serviceAccountUserInfo', () => {
  it('builds kube v1.32 user info with extras', () => {
    expect(
      serviceAccountUserInfo({
        namespace: 'default',
        name: 'app',
        uid: 'sa-uid',
        podName: 'web-0',
        podUid: 'pod-uid',
        nodeName: 'node-a',
        nodeUid: 'node-uid',
        credentialId: 'JTI=jti-1',
      }),
    ).toEqual({
      name: 'system:serviceaccount:default:app',
      uid: 'sa-uid',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:default'],
      extra: {
        'authentication.kubernetes.io/pod-name': ['web-0'],
        'authentication.kubernetes.io/pod-uid': ['pod-uid'],
        'authentication.kubernetes.io/credential-id': ['JTI=jti-1'],
        'authentication.kubernetes.io/node-name': ['node-a'],
        'authentication.kubernetes.io/node-uid': ['node-uid'],
      },
    });
  });

  it('omits extra when there is nothing to say', () => {
    expect(serviceAccountUserInfo({ namespace: 'ns', name: 'a', uid: 'u' })).toEqual({
      name: 'system:serviceaccount:ns:a',
      uid: 'u',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:ns'],
    });
  });
});

describe('signed service account token end to end', () => {
  let key: SigningKey;
  beforeAll(async () => {
    const pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    key = await importSigningKey(pem as string);
  });

  it('signs, verifies and validates', async () => {
    const token = await signJwt(key, serviceAccountClaims(podBound));
    const payload = await verifyJwt(token, [key], now);
    expect(payload).not.toBeNull();
    const result = validateServiceAccountClaims(payload!, { issuers: [issuer], now });
    expect(result.ok && serviceAccountUserInfo(result.info).name).toBe('system:serviceaccount:default:app');
  });

  it('renders the discovery documents as kube does', () => {
    expect(openIdConfiguration(issuer, `${issuer}/openid/v1/jwks`, ['RS256', 'ES256', 'RS256'])).toBe(
      `{"issuer":"${issuer}","jwks_uri":"${issuer}/openid/v1/jwks","response_types_supported":["id_token"],` +
        `"subject_types_supported":["public"],"id_token_signing_alg_values_supported":["ES256","RS256"]}`,
    );
    const { x, y } = key.publicJwk;
    expect(jwksDocument([key])).toBe(
      `{"keys":[{"use":"sig","kty":"EC","kid":"${key.kid}","crv":"P-256","alg":"ES256","x":"${x}","y":"${y}"}]}`,
    );
    expect(signingAlgorithms([key, key])).toEqual(['ES256']);
  });
});
