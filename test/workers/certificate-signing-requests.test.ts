/**
 * CertificateSigningRequests and their /approval and /status subresources, as kube-apiserver
 * v1.32.13 answers (../shared/kube): the requester recorded at create, Approved/Denied only
 * through /approval, the certificate and Failed through /status, conditions never removed, and
 * condition timestamps filled in by the server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api-client.js';

/** A PEM certificate (self-signed EC, made with openssl) and a PKCS#10 request, both base64 as the API carries them. */
const certificate = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJjRENDQVJXZ0F3SUJBZ0lVVWYrNXk1OWF4dy9CZUZaOXRMdUkzUkMvWWk4d0NnWUlLb1pJemowRUF3SXcKRFRFTE1Ba0dBMVVFQXd3Q1kyRXdIaGNOTWpZeE1USTJNREV4TXpNM1doY05Nall4TVRJM01ERXhNek0zV2pBTgpNUXN3Q1FZRFZRUUREQUpqWVRCWk1CTUdCeXFHU000OUFnRUdDQ3FHU000OUF3RUhBMElBQktqa2tKTEV0aVVGCmo1UHVOdFYzWnRpMFRqaWJicFcvUW5zYVA0VUY2ZDY3b2d1cVNDaVJpalhZaUtrbS9aZWxWM1RhRGVHNzFwWmMKOTVsdWpKOGpGQ09qVXpCUk1CMEdBMVVkRGdRV0JCU3VkRTJPY0dGeVRKYVhBZVVDdEJDU09qRHhnekFmQmdOVgpIU01FR0RBV2dCU3VkRTJPY0dGeVRKYVhBZVVDdEJDU09qRHhnekFQQmdOVkhSTUJBZjhFQlRBREFRSC9NQW9HCkNDcUdTTTQ5QkFNQ0Ewa0FNRVlDSVFEdytjRFhPd2VXWlhLdk9EU1hnQXFITlhyNWdKa0xDVlNoc1gzdHJ0WjIKR0FJaEFNZ2p4UUloOHdoUjlweFl3VWEzdE5JZlhyOHdQNUJRWGhxSi9COXdhSms0Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K';
const request = 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIWU1JR0FBZ0VBTUI0eERqQU1CZ05WQkFNTUJXRnNhV05sTVF3d0NnWURWUVFLREFOa1pYWXdXVEFUQmdjcQpoa2pPUFFJQkJnZ3Foa2pPUFFNQkJ3TkNBQVFjUFhMOVNLb1JmWWs3Z0VHNENuTys0dUphK0lMc1cydERnNkpkCjFqYjkrSjViaE1SbVhpM25sdUV3aWZmZkhNOE40VVBOYklhRVYwS3V6VkRPTVF6cG9BQXdDZ1lJS29aSXpqMEUKQXdJRFJ3QXdSQUlnTXY4WWl6R25KazV1TGw1NmZqUVFnUFBTL1VSWVJkUE5Sd25kcnU4Tkw2c0NJRGpHWVF0NwpmU3lpTG5uSXRXVjd1a1pUYjVLTExZUStCMitMd2toSkU2c3QKLS0tLS1FTkQgQ0VSVElGSUNBVEUgUkVRVUVTVC0tLS0tCg==';
const csrs = '/apis/certificates.k8s.io/v1/certificatesigningrequests';
const csr = (name: string, status?: unknown, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name },
  spec: { request, signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'], ...spec }, ...(status ? { status } : {}),
});
const put = (name: string, subresource: string, status: unknown) => api('PUT', subresource ? `${csrs}/${name}/${subresource}` : `${csrs}/${name}`, { body: csr(name, status) });
const invalid = (name: string, message: string) => `CertificateSigningRequest.certificates.k8s.io "${name}" is invalid: ${message}`;
const condition = (type: string, extra: Record<string, unknown> = {}) => ({ type, status: 'True', ...extra });
const stamped = (type: string, extra: Record<string, unknown> = {}) => ({ ...condition(type, extra), lastUpdateTime: expect.any(String), lastTransitionTime: expect.any(String) });

beforeAll(async () => {
  expect((await api('POST', csrs, { body: csr('c1', { conditions: [condition('Approved')] }, { username: 'mallory', groups: ['system:masters'] }) })).status).toBe(201);
});

describe('CertificateSigningRequest create', () => {
  it('records who asked, whatever spec said, and starts with an empty status', async () => {
    const stored = (await api('GET', `${csrs}/c1`)).json;
    expect(stored.spec).toMatchObject({ username: 'admin', groups: ['system:masters', 'system:authenticated'] });
    expect(stored.status).toEqual({});
  });

  it('records the requester of a CSR created by server-side apply too', async () => {
    const applied = await api('PATCH', `${csrs}/applied?fieldManager=test`, {
      body: csr('applied', undefined, { username: 'mallory' }), headers: { 'content-type': 'application/apply-patch+yaml' },
    });
    expect([applied.status, applied.json.spec.username]).toEqual([201, 'admin']);
  });

  it.each([
    ['no usages', { usages: [] }, 'spec.usages: Required value'],
    ['an unknown usage', { usages: ['flying'] }, 'spec.usages[0]: Unsupported value: "flying": supported values: "any", "cert sign", "client auth", "code signing", "content commitment", "crl sign", "data encipherment", "decipher only", "digital signature", "email protection", "encipher only", "ipsec end system", "ipsec tunnel", "ipsec user", "key agreement", "key encipherment", "microsoft sgc", "netscape sgc", "ocsp signing", "s/mime", "server auth", "signing", "timestamping"'],
    ['a repeated usage', { usages: ['client auth', 'client auth'] }, 'spec.usages[1]: Duplicate value: "client auth"'],
    ['a short expiration', { expirationSeconds: 60 }, 'spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)'],
  ])('refuses %s', async (_name, spec, message) => {
    const response = await api('POST', csrs, { body: csr('bad', undefined, spec) });
    expect([response.status, response.json.message]).toEqual([422, invalid('bad', message)]);
  });
});

describe('/approval', () => {
  it.each([
    ['Approved other than True', { conditions: [condition('Approved', { status: 'False' })] }, 'status.conditions[0].status: Unsupported value: "False": supported values: "True"'],
    ['Approved and Denied together', { conditions: [condition('Approved'), condition('Denied')] }, 'status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive'],
    ['a repeated type, an empty type and a bad status', { conditions: [condition('X'), condition('X', { status: 'Maybe' }), condition('')] },
      '[status.conditions[1].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown", status.conditions[1].type: Duplicate value: "X", status.conditions[2].type: Required value]'],
  ])('refuses %s', async (_name, status, message) => {
    const response = await put('c1', 'approval', status);
    expect([response.status, response.json.message]).toEqual([422, invalid('c1', message)]);
  });

  it('approves: only the conditions change, stamped with the times', async () => {
    const response = await put('c1', 'approval', { certificate, conditions: [condition('Approved', { reason: 'R', message: 'M' })] });
    expect(response.status).toBe(200);
    expect(response.json.status).toEqual({ conditions: [stamped('Approved', { reason: 'R', message: 'M' })] });
  });

  it('never removes a condition', async () => {
    const response = await put('c1', 'approval', { conditions: [] });
    expect(response.json.message).toBe(invalid('c1', 'status.conditions: Forbidden: updates may not remove a condition of type "Approved"'));
  });
});

describe('/status', () => {
  it('refuses content that is no PEM certificate', async () => {
    const response = await put('c1', 'status', { certificate: 'Zm9v', conditions: [condition('Approved', { reason: 'R', message: 'M' })] });
    expect(response.json.message).toBe(invalid('c1', 'status.certificate: Invalid value: "<certificate data>": must contain at least one CERTIFICATE PEM block'));
  });

  it('keeps the stored Approved condition, adds Failed, and keeps metadata changes', async () => {
    const body = csr('c1', { conditions: [condition('Approved', { reason: 'Other', message: 'M2' }), condition('Failed', { reason: 'F' })] });
    const response = await api('PUT', `${csrs}/c1/status`, { body: { ...body, metadata: { name: 'c1', labels: { signer: 'seen' } } } });
    expect(response.json.status).toEqual({ conditions: [stamped('Approved', { reason: 'R', message: 'M' }), stamped('Failed', { reason: 'F' })] });
    expect(response.json.metadata.labels).toEqual({ signer: 'seen' });
  });

  it('takes a certificate once, then refuses to change it or to drop conditions', async () => {
    const conditions = [condition('Approved', { reason: 'R', message: 'M' }), condition('Failed', { reason: 'F' })];
    const issued = await put('c1', 'status', { certificate, conditions });
    expect(issued.json.status).toEqual({ conditions: [stamped('Approved', { reason: 'R', message: 'M' }), stamped('Failed', { reason: 'F' })], certificate });
    const dropped = await put('c1', 'status', { conditions: [] });
    expect(dropped.json.message).toBe(invalid('c1', '[status.conditions: Forbidden: updates may not remove a condition of type "Approved", status.conditions: Forbidden: updates may not remove a condition of type "Failed", status.certificate: Forbidden: updates may not modify existing certificate content]'));
  });

  it('is not changed through the main resource', async () => {
    const response = await put('c1', '', { conditions: [] });
    expect(response.json.status.certificate).toBe(certificate);
  });
});
