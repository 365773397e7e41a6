/**
 * Every built-in kind of test/fixtures/round-trip-objects.ts through the Protobuf and CBOR codecs
 * and back, losslessly; and our CBOR checked against cbor-x, an independent implementation, in
 * both directions (cbor-x reads what we write; we read what cbor-x writes: text strings, keys in
 * insertion order, []byte fields as plain base64 text or as untagged raw bytes).
 */
import { Decoder, Encoder, Tag } from 'cbor-x';
import { describe, expect, it } from 'vitest';
import { decodeCborObject, encodeCborObject } from '../../src/codecs/cbor/index.js';
import { decodeProtobufObject, encodeProtobufObject } from '../../src/codecs/protobuf/index.js';
import { roundTripObjects, type KubeObject } from '../fixtures/round-trip-objects.js';

const cases = roundTripObjects.map((object) => [`${object.apiVersion} ${object.kind}`, object] as const);

const referenceDecoder = new Decoder({ mapsAsObjects: false, useRecords: false });
const referenceEncoder = new Encoder({ useRecords: false, mapsAsObjects: true });
const utf8 = new TextDecoder();
const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** cbor-x's reading of our bytes, as JSON: byte strings to text, tag 22 to base64. */
function asJson(value: unknown): unknown {
  if (value instanceof Tag) return value.tag === 22 ? toBase64(value.value as Uint8Array) : asJson(value.value);
  if (value instanceof Uint8Array) return utf8.decode(value);
  if (Array.isArray(value)) return value.map(asJson);
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [utf8.decode(k as Uint8Array), asJson(v)]));
  return value;
}

/** The paths of the tag 22 items in cbor-x's reading, with their content. */
function taggedBytes(value: unknown, path = ''): [string, Uint8Array][] {
  if (value instanceof Tag) return value.tag === 22 ? [[path, value.value as Uint8Array]] : taggedBytes(value.value, path);
  if (Array.isArray(value)) return value.flatMap((item, i) => taggedBytes(item, `${path}/${i}`));
  if (value instanceof Map) return [...value].flatMap(([k, v]) => taggedBytes(v, `${path}/${utf8.decode(k as Uint8Array)}`));
  return [];
}

/** The Go []byte fields of the fixtures, by kind (JSON pointers). */
const BYTE_FIELDS: Record<string, string[]> = {
  Secret: ['/data/password', '/data/tls.key', '/data/username'],
  ConfigMap: ['/binaryData/empty', '/binaryData/logo.png'],
  CertificateSigningRequest: ['/spec/request', '/status/certificate'],
  ValidatingWebhookConfiguration: ['/webhooks/0/clientConfig/caBundle'],
  ConfigMapList: ['/items/1/binaryData/a.bin'],
};

function at(object: unknown, pointer: string): unknown {
  return pointer.split('/').slice(1).reduce((value: any, key) => value?.[key], object);
}

/** The object with its []byte fields replaced by their raw bytes (untagged byte strings). */
function withRawBytes(object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  for (const pointer of BYTE_FIELDS[object.kind] ?? []) {
    const keys = pointer.split('/').slice(1);
    const parent = at(copy, `/${keys.slice(0, -1).join('/')}`.replace(/^\/$/, '')) as Record<string, unknown>;
    parent[keys.at(-1)!] = fromBase64(parent[keys.at(-1)!] as string);
  }
  return copy;
}

describe('JSON → Protobuf → JSON', () => {
  it.each(cases)('%s', (_name, object) => {
    expect(decodeProtobufObject(encodeProtobufObject(object)).object).toEqual(object);
  });
});

describe('JSON → CBOR → JSON', () => {
  it.each(cases)('%s', (_name, object) => {
    const bytes = encodeCborObject(object);
    expect(Buffer.from(bytes.subarray(0, 3)).toString('hex')).toBe('d9d9f7');
    expect(decodeCborObject(bytes)).toEqual(object);
  });
});

describe('cbor-x reads our CBOR', () => {
  it.each(cases)('%s: the same structure', (_name, object) => {
    expect(asJson(referenceDecoder.decode(encodeCborObject(object)))).toEqual(object);
  });

  it.each(cases)('%s: tag 22 with the raw bytes exactly at the Go []byte fields', (_name, object) => {
    const tagged = taggedBytes(referenceDecoder.decode(encodeCborObject(object)));
    expect(tagged.map(([path]) => path).sort()).toEqual(BYTE_FIELDS[object.kind] ?? []);
    for (const [path, bytes] of tagged) expect(bytes).toEqual(fromBase64(at(object, path) as string));
  });
});

describe('we read what cbor-x writes', () => {
  it.each(cases)('%s: text strings, keys unsorted', (_name, object) => {
    expect(decodeCborObject(referenceEncoder.encode(object))).toEqual(object);
  });

  it.each(cases.filter(([, object]) => BYTE_FIELDS[object.kind]))('%s: []byte fields as untagged raw bytes', (_name, object) => {
    expect(decodeCborObject(referenceEncoder.encode(withRawBytes(object)))).toEqual(object);
  });
});

// ---- v1.32 fields, and what a Protobuf round trip cannot give back ---------------------------

const fixture = (kind: string): KubeObject => structuredClone(roundTripObjects.find((o) => o.kind === kind)!);

function withField(kind: string, set: (object: any) => void): KubeObject {
  const object = fixture(kind);
  set(object);
  return object;
}

/**
 * v1.32 fields that the vendored v1.26 generated.proto files lack, which
 * reference/overlays/v1.32-proto.json adds to data/proto-descriptors.json: each comes back as
 * kube serves it.
 */
const V1_32_FIELDS: [string, KubeObject][] = [
  ['Pod status.hostIPs (v1.28)', withField('Pod', (o) => (o.status.hostIPs = [{ ip: '10.0.0.11' }]))],
  ['Pod sidecar init container restartPolicy (v1.28), resizePolicy (v1.27)', withField('Pod', (o) => {
    o.spec.containers[0].resizePolicy = [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }];
    o.spec.initContainers = [{ ...o.spec.containers[0], name: 'proxy', restartPolicy: 'Always' }];
  })],
  ['Pod preStop sleep (v1.29), appArmorProfile (v1.30)', withField('Pod', (o) => {
    o.spec.containers[0].lifecycle = { preStop: { sleep: { seconds: 5 } } };
    o.spec.securityContext = { appArmorProfile: { type: 'RuntimeDefault' } };
    o.spec.containers[0].securityContext = { appArmorProfile: { type: 'Localhost', localhostProfile: 'k8s-nginx' } };
  })],
  ['Job spec.podReplacementPolicy as the server defaults it (v1.29)',
    withField('Job', (o) => (o.spec.podReplacementPolicy = 'Failed'))],
  ['Job spec.managedBy, successPolicy, backoffLimitPerIndex; status.terminating, failedIndexes', withField('Job', (o) => {
    Object.assign(o.spec, { completionMode: 'Indexed', completions: 4, backoffLimitPerIndex: 1, maxFailedIndexes: 2 });
    Object.assign(o.spec, { podReplacementPolicy: 'Failed', managedBy: 'example.com/queue' });
    o.spec.successPolicy = { rules: [{ succeededIndexes: '0-2', succeededCount: 2 }] };
    Object.assign(o.status, { terminating: 0, failedIndexes: '3' });
  })],
  ['Node status.runtimeHandlers (v1.30) and features (v1.31)', withField('Node', (o) => {
    o.status.runtimeHandlers = [
      { name: '', features: { recursiveReadOnlyMounts: true, userNamespaces: true } },
      { name: 'runc', features: { recursiveReadOnlyMounts: false } },
    ];
    o.status.features = { supplementalGroupsPolicy: true };
  })],
  ['PersistentVolume status.lastPhaseTransitionTime as the server sets it (v1.28)',
    withField('PersistentVolume', (o) => (o.status = { phase: 'Pending', lastPhaseTransitionTime: '2026-11-21T09:55:37Z' }))],
  ['Service spec.trafficDistribution (v1.30)', withField('Service', (o) => (o.spec.trafficDistribution = 'PreferClose'))],
  ['CustomResourceDefinition ValidationRule fields (v1.27-v1.29), selectableFields (v1.30)',
    withField('CustomResourceDefinition', (o) => {
      const version = o.spec.versions[0];
      version.selectableFields = [{ jsonPath: '.spec.color' }];
      version.schema.openAPIV3Schema.properties.spec.properties.color['x-kubernetes-validations'] = [{
        rule: "self != 'green'", messageExpression: "'no ' + self", reason: 'FieldValueForbidden', fieldPath: '.color',
        optionalOldSelf: false,
      }];
    })],
];

describe('v1.32 fields through Protobuf', () => {
  it.each(V1_32_FIELDS)('%s', (_name, served) => {
    expect(decodeProtobufObject(encodeProtobufObject(served)).object).toEqual(served);
  });
});

/**
 * [what is lost and why, the object as kube serves it, what our Protobuf round trip gives].
 * kube's own Protobuf behaviour, or the Go shape it enforces.
 */
const PROTOBUF_GAPS: [string, KubeObject, KubeObject][] = [
  ['Pod condition without lastProbeTime: a Go value metav1.Time, whose zero kube prints as null',
    withField('Pod', (o) => o.status.conditions.forEach((c: any) => delete c.lastProbeTime)), fixture('Pod')],
  ['StatefulSet volumeClaimTemplates apiVersion and kind: no Protobuf message holds a nested TypeMeta',
    withField('StatefulSet', (o) => Object.assign(o.spec.volumeClaimTemplates[0], { apiVersion: 'v1', kind: 'PersistentVolumeClaim' })), fixture('StatefulSet')],
];

describe('what a Protobuf round trip cannot give back', () => {
  it.each(PROTOBUF_GAPS)('%s', (_name, served, protobuf) => {
    expect(decodeProtobufObject(encodeProtobufObject(served)).object).toEqual(protobuf);
  });

  it.each(PROTOBUF_GAPS)('CBOR keeps it: %s', (_name, served) => {
    expect(decodeCborObject(encodeCborObject(served))).toEqual(served);
  });
});
