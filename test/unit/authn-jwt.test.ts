import { createHash, createHmac, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeJwtUnverified,
  importSigningKey,
  signJwt,
  verifyJwt,
  type SigningKey,
} from '../../src/authn/index.js';

const rsaPem = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const ecPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

const now = new Date('2025-01-01T00:00:00Z');
const iat = now.getTime() / 1000;
const claims = { iss: 'https://issuer.example', sub: 'system:serviceaccount:default:app', exp: iat + 3600, iat, nbf: iat };

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const kubeKeyId = (pem: string) =>
  createHash('sha256').update(createPublicKey(pem).export({ type: 'spki', format: 'der' })).digest('base64url');

let pems: { rsa: string; ec: string };
let rsa: SigningKey;
let ec: SigningKey;
let otherRsa: SigningKey;

beforeAll(async () => {
  pems = { rsa: rsaPem(), ec: ecPem() };
  rsa = await importSigningKey(pems.rsa);
  ec = await importSigningKey(pems.ec);
  otherRsa = await importSigningKey(rsaPem());
});

describe('importSigningKey', () => {
  it('derives kube key IDs: base64url(sha256(DER SubjectPublicKeyInfo))', () => {
    expect(rsa.kid).toBe(kubeKeyId(pems.rsa));
    expect(ec.kid).toBe(kubeKeyId(pems.ec));
  });

  it('renders JWKS entries in go-jose field order', () => {
    expect(Object.keys(rsa.publicJwk)).toEqual(['use', 'kty', 'kid', 'alg', 'n', 'e']);
    expect(Object.keys(ec.publicJwk)).toEqual(['use', 'kty', 'kid', 'crv', 'alg', 'x', 'y']);
    expect(rsa.publicJwk).toMatchObject({ use: 'sig', kty: 'RSA', alg: 'RS256', e: 'AQAB' });
    expect(ec.publicJwk).toMatchObject({ use: 'sig', kty: 'EC', crv: 'P-256', alg: 'ES256' });
  });

  it('accepts a private JWK and yields the same kid as the PEM', async () => {
    const jwk = createPrivateKey(pems.ec).export({ format: 'jwk' });
    expect((await importSigningKey(JSON.stringify(jwk))).kid).toBe(ec.kid);
  });

  it.each([
    { name: 'PKCS#1 block', secret: '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----', message: /pkcs8/ },
    { name: 'P-384 key', secret: 'p384', message: /neither RSA nor EC P-256/ },
    { name: 'public JWK', secret: '{"kty":"EC","crv":"P-256","x":"a","y":"b"}', message: /private key/ },
    { name: 'garbage', secret: 'hello', message: /no "PRIVATE KEY" PEM block/ },
  ])('rejects a $name', async ({ secret, message }) => {
    const input =
      secret === 'p384'
        ? (generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string)
        : secret;
    await expect(importSigningKey(input)).rejects.toThrow(message);
  });
});

describe('signJwt / verifyJwt', () => {
  it.each(['rsa', 'ec'] as const)('round-trips %s', async (which) => {
    const key = which === 'rsa' ? rsa : ec;
    const token = await signJwt(key, claims);
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).toBe(`{"alg":"${key.alg}","kid":"${key.kid}"}`);
    expect(await verifyJwt(token, [otherRsa, key], now)).toEqual(claims);
    expect(decodeJwtUnverified(token)?.payload).toEqual(claims);
  });

  it('tries every key when the token has no kid', async () => {
    const token = await signJwt(rsa, claims);
    const [, payload, signature] = token.split('.');
    const noKid = `${b64('{"alg":"RS256"}')}.${payload}.${signature}`;
    // The header is part of the signed input, so re-sign with a kid-less header to test key search.
    expect(await verifyJwt(noKid, [otherRsa, rsa], now)).toBeNull();
    const resigned = await signWithHeader(rsa, { alg: 'RS256' }, claims);
    expect(await verifyJwt(resigned, [otherRsa, rsa], now)).toEqual(claims);
  });

  it('rejects an unknown kid even if another key would verify', async () => {
    const token = await signWithHeader(rsa, { alg: 'RS256', kid: 'nope' }, claims);
    expect(await verifyJwt(token, [rsa], now)).toBeNull();
  });

  it('applies kube time checks with 60s leeway', async () => {
    const token = await signJwt(ec, claims);
    expect(await verifyJwt(token, [ec], new Date((claims.exp + 60) * 1000))).toEqual(claims);
    expect(await verifyJwt(token, [ec], new Date((claims.exp + 61) * 1000))).toBeNull();
    expect(await verifyJwt(await signJwt(ec, { ...claims, exp: undefined }), [ec], now)).toBeNull();
  });

  type Forgery = { name: string; forge: () => Promise<string> | string };
  const forgeries: Forgery[] = [
    { name: 'alg none', forge: () => `${b64('{"alg":"none"}')}.${b64(JSON.stringify(claims))}.` },
    {
      name: 'alg none with kid',
      forge: () => `${b64(JSON.stringify({ alg: 'none', kid: rsa.kid }))}.${b64(JSON.stringify(claims))}.`,
    },
    {
      name: 'tampered payload',
      forge: async () => {
        const [h, , s] = (await signJwt(rsa, claims)).split('.');
        return `${h}.${b64(JSON.stringify({ ...claims, sub: 'system:admin' }))}.${s}`;
      },
    },
    {
      name: 'tampered signature',
      forge: async () => {
        const token = await signJwt(rsa, claims);
        const last = token.at(-2) === 'A' ? 'B' : 'A';
        return token.slice(0, -2) + last + token.at(-1);
      },
    },
    { name: 'key from another secret', forge: () => signWithHeader(otherRsa, { alg: 'RS256', kid: rsa.kid }, claims) },
    {
      name: 'HS256 keyed with the public key',
      forge: () => {
        const input = `${b64(JSON.stringify({ alg: 'HS256', kid: rsa.kid }))}.${b64(JSON.stringify(claims))}`;
        const pem = createPublicKey(pems.rsa).export({ type: 'spki', format: 'pem' });
        return `${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`;
      },
    },
    { name: 'ES256 header on an RSA kid', forge: () => signWithHeader(ec, { alg: 'ES256', kid: rsa.kid }, claims) },
    { name: 'RS256 header on an EC kid', forge: () => signWithHeader(rsa, { alg: 'RS256', kid: ec.kid }, claims) },
    {
      name: 'ES256 signature in DER form',
      forge: async () => {
        const token = await signJwt(ec, claims);
        const [h, p, s] = token.split('.');
        return `${h}.${p}.${b64(p1363ToDer(Buffer.from(s!, 'base64url')))}`;
      },
    },
    { name: 'crit header', forge: () => signWithHeader(rsa, { alg: 'RS256', kid: rsa.kid, crit: ['exp'] }, claims) },
    { name: 'truncated', forge: async () => (await signJwt(rsa, claims)).slice(0, -10) },
    { name: 'two segments', forge: async () => (await signJwt(rsa, claims)).split('.').slice(0, 2).join('.') },
    { name: 'four segments', forge: async () => `${await signJwt(rsa, claims)}.x` },
    { name: '3-segment garbage', forge: () => 'a.b.c' },
    { name: 'non-JSON segments', forge: () => `${b64('not json')}.${b64('[1,2]')}.AAAA` },
    { name: 'padded base64', forge: async () => `${await signJwt(rsa, claims)}==` },
    { name: '1 MB junk', forge: () => 'x'.repeat(1024 * 1024) },
    { name: '1 MB of dots', forge: () => '.'.repeat(1024 * 1024) },
    { name: 'empty string', forge: () => '' },
  ];

  it.each(forgeries)('rejects $name without throwing', async ({ forge }) => {
    const token = await forge();
    await expect(verifyJwt(token, [rsa, ec], now)).resolves.toBeNull();
  });

  it('decodeJwtUnverified never throws on hostile input', () => {
    for (const token of ['', '...', 'a.b', '%%%.%%%.%%%', `${b64('{"a":')}.${b64('{}')}.`, 'x'.repeat(100_000)]) {
      expect(decodeJwtUnverified(token)).toBeNull();
    }
    expect(decodeJwtUnverified(undefined as unknown as string)).toBeNull();
  });
});

/** Signs claims under an arbitrary header with the key's own algorithm. */
async function signWithHeader(key: SigningKey, header: object, payload: object): Promise<string> {
  const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(payload))}`;
  const params = key.alg === 'ES256' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: 'RSASSA-PKCS1-v1_5' };
  const signature = await crypto.subtle.sign(params, key.privateKey, new TextEncoder().encode(input));
  return `${input}.${b64(Buffer.from(signature))}`;
}

/** Re-encodes a 64-byte r||s ECDSA signature as ASN.1 DER. */
function p1363ToDer(signature: Buffer): Buffer {
  const integer = (bytes: Buffer) => {
    let trimmed = bytes;
    while (trimmed.length > 1 && trimmed[0] === 0 && trimmed[1]! < 0x80) trimmed = trimmed.subarray(1);
    if (trimmed[0]! >= 0x80) trimmed = Buffer.concat([Buffer.from([0]), trimmed]);
    return Buffer.concat([Buffer.from([0x02, trimmed.length]), trimmed]);
  };
  const body = Buffer.concat([integer(signature.subarray(0, 32)), integer(signature.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}
