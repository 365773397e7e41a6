/**
 * Credentials that must not authenticate (the hostile-requests suite): malformed Authorization
 * headers, and forged service account JWTs built from a real token the server issued. The
 * suite's server signs with `serviceAccountKey`, so some forgeries here are correctly signed
 * and fail only on their claims (expired, wrong issuer, audience, uid, unknown account).
 */
import { createHmac, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/** The suite server's service account signing key (EC P-256, PKCS#8 PEM). */
export const serviceAccountKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** An Authorization header value that must be refused with 401, with a label for the report. */
export interface BadCredential {
  label: string;
  /** undefined: no Authorization header at all. */
  authorization: string | undefined;
}

type Claims = Record<string, unknown>;

const text64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json64 = (value: unknown) => text64(JSON.stringify(value));

/** Header values that carry no valid credential. */
export function badAuthorizationHeaders(): BadCredential[] {
  const garbage = (length: number) => 'x'.repeat(length);
  return [
    { label: 'missing', authorization: undefined },
    { label: 'empty bearer', authorization: 'Bearer ' },
    { label: 'bearer only', authorization: 'Bearer' },
    { label: 'garbage', authorization: 'Bearer not-a-token' },
    { label: 'garbage with spaces', authorization: 'Bearer a b c' },
    { label: 'token 100 KiB', authorization: `Bearer ${garbage(100 * 1024)}` },
    { label: 'token 16 KiB + 1', authorization: `Bearer ${garbage(16 * 1024 + 1)}` },
    { label: 'latin-1 token', authorization: 'Bearer adm\u00efn-t\u00f6ken' },
    { label: 'tab in token', authorization: 'Bearer admin\ttoken' },
    { label: 'basic admin', authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    { label: 'basic with admin token', authorization: `Basic ${Buffer.from('admin:admin-test-token-0123456789abcdef').toString('base64')}` },
    { label: 'digest scheme', authorization: 'Digest username="admin", realm="k8s"' },
    { label: 'negotiate scheme', authorization: 'Negotiate YIIBhgYGKwYBBQUCoIIBejCCAXag' },
    { label: 'admin token in other scheme', authorization: 'Token admin-test-token-0123456789abcdef' },
    { label: 'admin token prefix', authorization: 'Bearer admin-test-token-0123456789abcde' },
    { label: 'admin token suffix', authorization: 'Bearer admin-test-token-0123456789abcdefX' },
    { label: 'admin token upper-cased', authorization: 'Bearer ADMIN-TEST-TOKEN-0123456789ABCDEF' },
    { label: 'two bearer tokens', authorization: 'Bearer admin-test-token-0123456789abcdef Bearer x' },
    { label: 'sql-ish token', authorization: "Bearer ' OR '1'='1" },
    { label: 'percent-encoded token', authorization: 'Bearer %61dmin-test-token-0123456789abcdef' },
    { label: 'jwt 2 segments', authorization: `Bearer ${json64({ alg: 'ES256' })}.${json64({ sub: 'admin' })}` },
    { label: 'jwt 4 segments', authorization: `Bearer a.b.c.d` },
    { label: 'jwt 5 segments (JWE)', authorization: `Bearer ${json64({ alg: 'dir', enc: 'A128GCM' })}..iv.cipher.tag` },
    { label: 'jwt non-base64', authorization: 'Bearer !!!.@@@.###' },
    { label: 'jwt empty segments', authorization: 'Bearer ..' },
    { label: 'jwt header not json', authorization: `Bearer ${text64('{not json')}.${json64({})}.c2ln` },
    { label: 'jwt payload array', authorization: `Bearer ${json64({ alg: 'ES256' })}.${json64([1, 2])}.c2ln` },
  ];
}

/** Parts of a real token of the server, for forgeries that keep some of it. */
export interface RealToken {
  header: Claims;
  payload: Claims;
  signature: string;
}

/** Splits a compact JWS. */
export function parseToken(token: string): RealToken {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Claims;
  return { header: decode(header), payload: decode(payload), signature };
}

/** An ES256 JWS signed with `key` (the r||s signature form JWS uses). */
function signEs256(header: Claims, payload: Claims, key: KeyObject): string {
  const input = `${json64(header)}.${json64(payload)}`;
  return `${input}.${Buffer.from(sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' })).toString('base64url')}`;
}

/** An HS256 JWS with `secret` as the HMAC key (the algorithm confusion attack). */
function signHs256(header: Claims, payload: Claims, secret: string): string {
  const input = `${json64(header)}.${json64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** Claims of an account that has every right, were it to exist. */
function adminClaims(real: Claims): Claims {
  return {
    ...real, sub: 'system:serviceaccount:kube-system:admin',
    'kubernetes.io': { namespace: 'kube-system', serviceaccount: { name: 'admin', uid: '00000000-0000-0000-0000-000000000000' } },
  };
}

/** Forged tokens from a real `token` of the server and the public key set it publishes. */
export function forgedTokens(token: string, jwks: { keys: Record<string, unknown>[] }): BadCredential[] {
  const real = parseToken(token);
  const now = Math.floor(Date.now() / 1000);
  const serverKey = createPrivateKey(serviceAccountKey);
  const attackerKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const publicPem = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
  const admin = adminClaims(real.payload);
  const bearer = (label: string, value: string): BadCredential => ({ label, authorization: `Bearer ${value}` });
  return [
    bearer('alg none', `${json64({ ...real.header, alg: 'none' })}.${json64(admin)}.`),
    bearer('alg None, signature kept', `${json64({ ...real.header, alg: 'None' })}.${json64(admin)}.${real.signature}`),
    bearer('HS256 keyed with the JWKS', signHs256({ ...real.header, alg: 'HS256' }, admin, JSON.stringify(jwks))),
    bearer('HS256 keyed with the public PEM', signHs256({ ...real.header, alg: 'HS256' }, admin, publicPem)),
    bearer('HS256 keyed with the JWK x', signHs256({ ...real.header, alg: 'HS256' }, admin, String(jwks.keys[0]!.x))),
    bearer('attacker key, server kid', signEs256(real.header, admin, attackerKey)),
    bearer('attacker key, no kid', signEs256({ alg: 'ES256' }, admin, attackerKey)),
    bearer('attacker key in jwk header', signEs256({ ...real.header, jwk: createPublicKey(attackerKey).export({ format: 'jwk' } as never) }, admin, attackerKey)),
    bearer('wrong kid, real signature', `${json64({ ...real.header, kid: 'bogus' })}.${json64(real.payload)}.${real.signature}`),
    bearer('kid path traversal', signEs256({ ...real.header, kid: '../../../../etc/passwd' }, admin, attackerKey)),
    bearer('tampered payload, real signature', `${json64(real.header)}.${json64(admin)}.${real.signature}`),
    bearer('tampered sub only, real signature', `${json64(real.header)}.${json64({ ...real.payload, sub: 'system:serviceaccount:kube-system:admin' })}.${real.signature}`),
    bearer('signature truncated', token.slice(0, -4)),
    bearer('signature DER-sized', `${token.split('.').slice(0, 2).join('.')}.${Buffer.alloc(72, 1).toString('base64url')}`),
    bearer('crit header', signEs256({ ...real.header, crit: ['exp'] }, real.payload, serverKey)),
    bearer('huge header', signEs256({ ...real.header, pad: 'x'.repeat(60_000) }, admin, attackerKey)),
    bearer('expired, server key', signEs256(real.header, { ...real.payload, exp: now - 3600, iat: now - 7200, nbf: now - 7200 }, serverKey)),
    bearer('no exp, server key', signEs256(real.header, { ...real.payload, exp: undefined }, serverKey)),
    bearer('not yet valid, server key', signEs256(real.header, { ...real.payload, nbf: now + 3600, iat: now + 3600 }, serverKey)),
    bearer('wrong issuer, server key', signEs256(real.header, { ...real.payload, iss: 'https://evil.example.com' }, serverKey)),
    bearer('wrong audience, server key', signEs256(real.header, { ...real.payload, aud: ['https://evil.example.com'] }, serverKey)),
    bearer('unknown account, server key', signEs256(real.header, admin, serverKey)),
    bearer('wrong uid, server key', signEs256(real.header, withUid(real.payload, '11111111-2222-3333-4444-555555555555'), serverKey)),
    bearer('sub disagrees with claims, server key', signEs256(real.header, { ...real.payload, sub: 'system:serviceaccount:kube-system:admin', 'kubernetes.io': admin['kubernetes.io'] }, serverKey)),
    bearer('exp as string, server key', signEs256(real.header, { ...real.payload, exp: String(now + 3600) }, serverKey)),
    bearer('exp 1e400', `${json64(real.header)}.${text64(JSON.stringify(admin).replace(/"exp":\d+/, '"exp":1e400'))}.${real.signature}`),
  ];
}

function withUid(payload: Claims, uid: string): Claims {
  const kube = payload['kubernetes.io'] as { namespace: string; serviceaccount: { name: string; uid: string } };
  return { ...payload, 'kubernetes.io': { ...kube, serviceaccount: { ...kube.serviceaccount, uid } } };
}
