/**
 * Go []byte fields in kube's CBOR: where the descriptor walker finds them (byte-fields.ts), the
 * tag 22 the encoder writes there, and how the request decoder reads byte strings by the body's
 * own apiVersion and kind, the endpoint's (fallback), list items and watch event objects.
 */
import { Decoder, Encoder } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { byteFieldsOf, type ByteFieldNode } from '../../src/codecs/cbor/byte-fields.js';
import { decodeCbor, decodeCborObject, encodeCborObject, encodeCborWatchEvent } from '../../src/codecs/cbor/index.js';

const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const raw = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, 'hex'));
/** cbor-x writing what a client could send: text strings, Uint8Array as untagged byte strings. */
const clientEncoder = new Encoder({ useRecords: false, mapsAsObjects: true });
const referenceDecoder = new Decoder({ mapsAsObjects: false, useRecords: false });

/** A node tree as plain data, for readable expectations. */
function shape(node: ByteFieldNode | undefined): unknown {
  if (!node) return undefined;
  switch (node.kind) {
    case 'object':
      return Object.fromEntries([...node.fields].map(([key, child]) => [key, shape(child)]));
    case 'array':
      return [shape(node.element)];
    case 'map':
      return { '*': shape(node.value) };
    default:
      return node.kind;
  }
}

describe('[]byte fields from the Protobuf descriptors', () => {
  it.each([
    ['v1', 'Secret', { data: { '*': 'bytes' } }],
    ['v1', 'ConfigMap', { binaryData: { '*': 'bytes' } }],
    ['v1', 'ConfigMapList', { items: [{ binaryData: { '*': 'bytes' } }] }],
    ['certificates.k8s.io/v1', 'CertificateSigningRequest', { spec: { request: 'bytes' }, status: { certificate: 'bytes' } }],
    ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', { webhooks: [{ clientConfig: { caBundle: 'bytes' } }] }],
    ['apiextensions.k8s.io/v1', 'CustomResourceDefinition', { spec: { conversion: { webhook: { clientConfig: { caBundle: 'bytes' } } } } }],
    ['apiregistration.k8s.io/v1', 'APIService', { spec: { caBundle: 'bytes' } }],
    ['apps/v1', 'ControllerRevision', { data: 'embedded' }],
    ['v1', 'WatchEvent', { object: 'embedded' }],
    ['meta.k8s.io/v1', 'WatchEvent', { object: 'embedded' }],
    ['v1', 'List', { items: ['embedded'] }],
    ['v1', 'Pod', undefined],
    ['apps/v1', 'Deployment', undefined],
    ['v1', 'Status', undefined],
    ['example.com/v1', 'Widget', undefined],
  ])('%s %s', (apiVersion, kind, expected) => {
    expect(shape(byteFieldsOf(apiVersion, kind))).toEqual(expected);
  });
});

describe('encoder', () => {
  it('writes a Secret as kube does: sorted byte-string keys, tag 22 around the raw data', () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { pw: 'czNjcjN0', bin: 'AQI=' }, type: 'Opaque' };
    expect(toHex(encodeCborObject(secret))).toBe(
      'd9d9f7a5' +
        '4464617461' + 'a2' + '427077' + 'd646' + '733363723374' + '4362696e' + 'd642' + '0102' + // data: pw, bin
        '446b696e64' + '46536563726574' + // kind: Secret
        '4474797065' + '464f7061717565' + // type: Opaque
        '486d65746164617461' + 'a1446e616d654173' + // metadata: {name: s}
        '4a61706956657273696f6e' + '427631', // apiVersion: v1
    );
  });

  it('writes a string that is not base64 at a []byte position as a plain string', () => {
    const bytes = encodeCborObject({ apiVersion: 'v1', kind: 'Secret', data: { a: 'not base64!' } });
    expect(decodeCborObject(bytes)).toEqual({ apiVersion: 'v1', kind: 'Secret', data: { a: 'bm90IGJhc2U2NCE=' } });
  });

  it('writes no tag 22 for kinds without []byte fields, custom resources included', () => {
    const widget = { apiVersion: 'example.com/v1', kind: 'Widget', spec: { data: { a: 'AQI=' }, caBundle: 'AQI=' } };
    expect(toHex(encodeCborObject(widget))).not.toContain('d642');
    expect(decodeCborObject(encodeCborObject(widget))).toEqual(widget);
  });

  it('writes a watch event {type, object}, the object self-described too, its []byte fields tagged', () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { k: 'AQI=' } };
    const bytes = encodeCborWatchEvent('ADDED', secret);
    const head = 'd9d9f7a2' + '4474797065' + '454144444544' + '466f626a656374' + 'd9d9f7a4';
    expect(toHex(bytes).slice(0, head.length)).toBe(head);
    expect(toHex(bytes)).toContain('416bd6420102');
    expect(decodeCbor(bytes)).toEqual({ type: 'ADDED', object: secret });
    const reference = referenceDecoder.decode(bytes) as Map<Uint8Array, unknown>;
    expect([...reference.keys()].map((k) => Buffer.from(k).toString())).toEqual(['type', 'object']);
  });

  it('tags the []byte fields of every item of a list, by the list kind', () => {
    const list = { apiVersion: 'v1', kind: 'SecretList', metadata: {}, items: [{ data: { a: 'AQI=' } }, { data: { b: '/w==' } }] };
    const tagged = toHex(encodeCborObject(list));
    expect(tagged).toContain('4161d6420102');
    expect(tagged).toContain('4162d641ff');
  });

  it('tags the []byte fields of an object held by a RawExtension, by its own kind', () => {
    const list = { apiVersion: 'v1', kind: 'List', metadata: {}, items: [{ apiVersion: 'v1', kind: 'Secret', data: { a: 'AQI=' } }] };
    expect(toHex(encodeCborObject(list))).toContain('4161d6420102');
  });
});

describe('request decoder', () => {
  const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, data: { a: 'AQI=' } };

  it.each([
    ['untagged raw bytes at a []byte position: base64', { ...secret, data: { a: raw('0102') } }, secret],
    ['a text string at a []byte position: kept (the base64 a JSON client would send)', secret, secret],
    ['raw bytes elsewhere: their UTF-8 text', { ...secret, type: raw('4f7061717565') }, { ...secret, type: 'Opaque' }],
    ['list items without kind: by the list kind', { apiVersion: 'v1', kind: 'ConfigMapList', items: [{ binaryData: { b: raw('ff') } }] },
      { apiVersion: 'v1', kind: 'ConfigMapList', items: [{ binaryData: { b: '/w==' } }] }],
    ['CSR spec.request', { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', spec: { request: raw('2d2d2d') } },
      { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', spec: { request: 'LS0t' } }],
    ['a custom resource: no []byte fields', { apiVersion: 'example.com/v1', kind: 'Widget', data: { a: raw('6869') } },
      { apiVersion: 'example.com/v1', kind: 'Widget', data: { a: 'hi' } }],
  ])('%s', (_name, sent, expected) => {
    expect(decodeCborObject(clientEncoder.encode(sent))).toEqual(expected);
  });

  it('uses the endpoint type when the body has no apiVersion and kind', () => {
    const bytes = clientEncoder.encode({ metadata: { name: 's' }, data: { a: raw('0102') } });
    expect(decodeCborObject(bytes, { apiVersion: 'v1', kind: 'Secret' })).toEqual({ metadata: { name: 's' }, data: { a: 'AQI=' } });
    expect(decodeCborObject(bytes)).toEqual({ metadata: { name: 's' }, data: { a: '\u0001\u0002' } });
  });

  it('prefers the body\'s own apiVersion and kind to the endpoint type', () => {
    const bytes = clientEncoder.encode({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: raw('6869') } });
    expect(decodeCborObject(bytes, { apiVersion: 'v1', kind: 'Secret' })).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'hi' } });
  });

  it('reads a watch event object by its own kind', () => {
    const bytes = clientEncoder.encode({ type: 'MODIFIED', object: { ...secret, data: { a: raw('0102') } } });
    expect(decodeCborObject(bytes, { apiVersion: 'v1', kind: 'WatchEvent' })).toEqual({ type: 'MODIFIED', object: secret });
  });

  it('reads its own output back, whatever the tag 22 holds', () => {
    const object = { apiVersion: 'v1', kind: 'ConfigMap', binaryData: { all: Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString('base64') } };
    expect(decodeCborObject(encodeCborObject(object))).toEqual(object);
  });
});
