/**
 * Encodings through the Worker in workerd: Protobuf and CBOR responses, request bodies, watch
 * streams and errors, negotiation's 406/415 texts, and kube's gzip threshold. Protobuf bodies are
 * checked against kube's recordings 029 and 088; every binary body is decoded back and compared
 * with the JSON the server serves for the same object.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CborDecodeError, decodeCbor, decodeCborObject, encodeCbor, encodeCborObject } from '../../src/codecs/cbor/index.js';
import { decodeMessage, decodeProtobufObject, encodeProtobufObject, messageDescriptor } from '../../src/codecs/protobuf/index.js';
import { adminAuthorization, api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';
import { exports } from 'cloudflare:workers';

const protobuf = 'application/vnd.kubernetes.protobuf';
const cbor = 'application/cbor';
let ns = '';
const cm = () => `/api/v1/namespaces/${ns}/configmaps`;

/** A request whose body and answer are bytes. */
async function binary(method: string, path: string, headers: Record<string, string>, body?: Uint8Array | string) {
  const response: Response = await (exports as any).default.fetch(new Request(`http://edge.test${path}`, { method, headers: { ...adminAuthorization, ...headers }, body }));
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

beforeAll(async () => {
  ns = await freshNamespace('enc');
  expect((await api('POST', cm(), { body: configMap('c1', { metadata: { name: 'c1', labels: { tier: 'web' } } }) })).status).toBe(201);
});

describe('Protobuf', () => {
  it('serves an object in kube\'s envelope, decoding to the JSON served for it (golden 029)', async () => {
    const response = await binary('GET', `${cm()}/c1`, { accept: protobuf });
    expect([response.status, response.headers.get('content-type'), hex(response.bytes.slice(0, 4))]).toEqual([200, protobuf, '6b387300']);
    const decoded = decodeProtobufObject(response.bytes).object;
    expect(decoded).toEqual((await api('GET', `${cm()}/c1`)).json);
  });

  it('serves typed lists and PartialObjectMetadataList', async () => {
    const list = await binary('GET', cm(), { accept: protobuf });
    const decoded = decodeProtobufObject(list.bytes).object as any;
    expect([decoded.kind, decoded.items.map((item: any) => item.metadata.name)]).toEqual(['ConfigMapList', ['c1']]);
    const partial = await binary('GET', cm(), { accept: `${protobuf};as=PartialObjectMetadataList;g=meta.k8s.io;v=v1` });
    const metadata = decodeProtobufObject(partial.bytes).object as any;
    expect([metadata.kind, metadata.apiVersion, metadata.items[0].metadata.labels]).toEqual(['PartialObjectMetadataList', 'meta.k8s.io/v1', { tier: 'web' }]);
  });

  it('answers errors as a Protobuf Status', async () => {
    const response = await binary('GET', `${cm()}/missing`, { accept: protobuf });
    expect([response.status, response.headers.get('content-type')]).toEqual([404, protobuf]);
    expect(decodeProtobufObject(response.bytes).object).toMatchObject({ kind: 'Status', reason: 'NotFound', code: 404, message: 'configmaps "missing" not found' });
  });

  it('is not a Table encoding: a Table asked in Protobuf only is 406', async () => {
    const response = await api('GET', cm(), { headers: { accept: `${protobuf};as=Table;g=meta.k8s.io;v=v1` } });
    expect([response.status, response.json.message]).toEqual([406, 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor']);
  });

  it('decodes request bodies and answers in JSON when asked', async () => {
    const body = encodeProtobufObject({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'from-pb' }, data: { k: 'v' } });
    const response = await binary('POST', cm(), { 'content-type': protobuf, accept: 'application/json' }, body);
    expect(response.status).toBe(201);
    expect(JSON.parse(new TextDecoder().decode(response.bytes)).data).toEqual({ k: 'v' });
  });

  it('streams a watch as length-delimited WatchEvents whose objects are enveloped', async () => {
    const response = await binary('GET', `${cm()}?watch=1&timeoutSeconds=1`, { accept: protobuf });
    expect(response.headers.get('content-type')).toBe(`${protobuf};stream=watch`);
    const events = lengthDelimited(response.bytes).map((frame) => decodeMessage(messageDescriptor('k8s.io.apimachinery.pkg.apis.meta.v1.WatchEvent'), frame) as any);
    expect(events.map((event) => [event.type, event.object.kind, event.object.metadata.name]).sort()).toEqual([['ADDED', 'ConfigMap', 'c1'], ['ADDED', 'ConfigMap', 'from-pb']]);
  });
});

describe('Protobuf and custom resources', () => {
  it('refuses Protobuf for a custom resource with a Protobuf Status (golden 088)', async () => {
    const group = `enc${Date.now().toString(36)}.example.com`;
    await establishGadgets(group);
    const response = await binary('GET', `/apis/${group}/v1/namespaces/${ns}/gadgets/g1`, { accept: protobuf });
    expect([response.status, response.headers.get('content-type')]).toEqual([406, protobuf]);
    expect(decodeProtobufObject(response.bytes).object).toEqual({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotAcceptable', code: 406,
      message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor',
    });
    const fallback = await api('GET', `/apis/${group}/v1/namespaces/${ns}/gadgets/g1`, { headers: { accept: `${protobuf}, application/json` } });
    expect([fallback.status, fallback.headers.get('content-type'), fallback.json.kind]).toEqual([200, 'application/json', 'Gadget']);
    const cborResponse = await binary('GET', `/apis/${group}/v1/namespaces/${ns}/gadgets/g1`, { accept: cbor });
    expect(decodeCbor(cborResponse.bytes)).toEqual(fallback.json);
  });
});

describe('CBOR', () => {
  it('serves objects with the self-describe tag, decoding to the JSON served for them', async () => {
    const response = await binary('GET', `${cm()}/c1`, { accept: cbor });
    expect([response.status, response.headers.get('content-type'), hex(response.bytes.slice(0, 3))]).toEqual([200, cbor, 'd9d9f7']);
    expect(decodeCbor(response.bytes)).toEqual((await api('GET', `${cm()}/c1`)).json);
  });

  it('creates from CBOR with []byte fields as raw bytes (tag 22) and serves them back', async () => {
    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's1' }, data: { key: btoa('\u0000\u00ffbinary') }, type: 'Opaque' };
    const body = encodeCborObject(secret);
    const created = await binary('POST', `/api/v1/namespaces/${ns}/secrets`, { 'content-type': cbor, accept: cbor }, body);
    expect(created.status).toBe(201);
    const decoded = decodeCborObject(created.bytes) as any;
    expect(decoded.data).toEqual(secret.data);
    expect((await api('GET', `/api/v1/namespaces/${ns}/secrets/s1`)).json.data).toEqual(secret.data);
  });

  it('applies application/apply-patch+cbor', async () => {
    const config = encodeCbor({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied' }, data: { x: 'y' } });
    const response = await binary('PATCH', `${cm()}/applied?fieldManager=cbor-applier`, { 'content-type': 'application/apply-patch+cbor' }, config);
    expect(response.status).toBe(201);
    const stored = (await api('GET', `${cm()}/applied`)).json;
    expect([stored.data, stored.metadata.managedFields[0].manager, stored.metadata.managedFields[0].operation]).toEqual([{ x: 'y' }, 'cbor-applier', 'Apply']);
  });

  it.each([
    ['application/json-patch+cbor'],
    ['application/merge-patch+cbor'],
  ])('refuses %s with 415', async (contentType) => {
    const response = await binary('PATCH', `${cm()}/c1`, { 'content-type': contentType }, encodeCbor({ data: { a: '2' } }));
    expect(response.status).toBe(415);
  });

  it.each([
    ['a duplicate key', 'd9d9f7a2416101416102', 'cbor: found duplicate map key "a" at map element index 1'],
    ['invalid UTF-8 in a text string', 'd9d9f7a1616161ff', 'cbor: invalid UTF-8 string'],
    ['an indefinite-length map', 'd9d9f7bf416101ff', "cbor: indefinite-length map isn't allowed"],
  ])('refuses %s with 400 and writes nothing', async (_name, body, message) => {
    const before = (await api('GET', cm())).json.metadata.resourceVersion;
    const bytes = Uint8Array.from(body.match(/../g)!.map((byte) => parseInt(byte, 16)));
    const response = await binary('POST', cm(), { 'content-type': cbor }, bytes);
    expect(response.status).toBe(400);
    expect(JSON.parse(new TextDecoder().decode(response.bytes)).message).toContain(message);
    expect((await api('GET', cm())).json.metadata.resourceVersion).toBe(before);
  });

  it('streams a watch as an application/cbor-seq of self-described events', async () => {
    const response = await binary('GET', `${cm()}?watch=1&timeoutSeconds=1&fieldSelector=metadata.name%3Dc1`, { accept: cbor });
    expect(response.headers.get('content-type')).toBe('application/cbor-seq');
    const events = cborSequence(response.bytes);
    expect(events).toEqual([{ type: 'ADDED', object: (await api('GET', `${cm()}/c1`)).json }]);
  });
});

describe('negotiation', () => {
  it('refuses YAML watches with the stream media types, in a YAML Status', async () => {
    const response = await api('GET', `${cm()}?watch=1`, { headers: { accept: 'application/yaml' } });
    expect([response.status, response.headers.get('content-type')]).toEqual([406, 'application/yaml']);
    expect(response.text).toContain('message: "only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch, application/cbor-seq"');
  });

  it('lists the stream types in the 406 of a collection route, as go-restful does', async () => {
    const response = await api('GET', cm(), { headers: { accept: 'text/html' } });
    expect(response.json.message).toBe('406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor, application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch, application/cbor-seq');
  });

  it('honours quality values across encodings', async () => {
    const response = await binary('GET', `${cm()}/c1`, { accept: `application/json;q=0.5, ${cbor};q=0.9, ${protobuf};q=0.1` });
    expect(response.headers.get('content-type')).toBe(cbor);
  });
});

describe('compression', () => {
  beforeAll(async () => {
    const value = 'x'.repeat(2000);
    for (let i = 0; i < 70; i++) await api('POST', cm(), { body: configMap(`big${i}`, { data: { value } }) });
  });

  it('gzips a response above 128 KiB when the client accepts gzip', async () => {
    const response = await binary('GET', cm(), { 'accept-encoding': 'gzip' });
    expect([response.headers.get('content-encoding'), response.headers.get('vary')]).toEqual(['gzip', 'Accept-Encoding']);
  });

  it('leaves smaller responses, clients without gzip and `gzip;q=...` tokens uncompressed, without a Content-Encoding header', async () => {
    const small = await binary('GET', `${cm()}/c1`, { 'accept-encoding': 'gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(new TextDecoder().decode(small.bytes)).metadata.name).toBe('c1');
    expect((await binary('GET', cm(), {})).headers.get('content-encoding')).toBeNull();
    expect((await binary('GET', cm(), { 'accept-encoding': 'gzip;q=1' })).headers.get('content-encoding')).toBeNull();
  });

  it('marks what it leaves uncompressed no-transform for a client that accepts a coding (the platform compresses otherwise)', async () => {
    const cacheControl = async (acceptEncoding?: string) =>
      (await binary('GET', `${cm()}/c1`, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {})).headers.get('cache-control');
    expect(await cacheControl('gzip')).toBe('no-cache, private, no-transform');
    expect(await cacheControl('br, zstd')).toBe('no-cache, private, no-transform');
    expect(await cacheControl()).toBe('no-cache, private');
    expect(await cacheControl('identity')).toBe('no-cache, private');
    const gzipped = await binary('GET', cm(), { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('cache-control')).toBe('no-cache, private');
  });

  it('reads the client\'s own Accept-Encoding where the platform replaced it (cf.clientAcceptEncoding)', async () => {
    const asSent = async (clientAcceptEncoding: string) => {
      const request = new Request(`http://edge.test${cm()}`, { headers: { 'accept-encoding': 'br, gzip', ...adminAuthorization }, cf: { clientAcceptEncoding } } as RequestInit);
      return ((await (exports as any).default.fetch(request)) as Response).headers.get('content-encoding');
    };
    expect([await asSent(''), await asSent('gzip, deflate')]).toEqual([null, 'gzip']);
  });

  it('never compresses a watch stream, however much it sends', async () => {
    const response = await binary('GET', `${cm()}?watch=1&timeoutSeconds=1`, { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache, private, no-transform');
    expect(response.bytes.byteLength).toBeGreaterThan(128 * 1024);
  });
});

function lengthDelimited(bytes: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset < bytes.length;) {
    const length = view.getUint32(offset);
    frames.push(bytes.subarray(offset + 4, offset + 4 + length));
    offset += 4 + length;
  }
  return frames;
}

/** Splits a CBOR sequence by decoding growing prefixes (each item is self-delimiting). */
function cborSequence(bytes: Uint8Array): unknown[] {
  const items: unknown[] = [];
  let start = 0;
  for (let end = start + 1; end <= bytes.length; end++) {
    try {
      items.push(decodeCbor(bytes.subarray(start, end)));
      start = end;
    } catch (error) {
      if (!(error instanceof CborDecodeError)) throw error;
    }
  }
  expect(start).toBe(bytes.length);
  return items;
}

async function establishGadgets(group: string): Promise<void> {
  const definition = {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `gadgets.${group}` },
    spec: {
      group, scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
    },
  };
  expect((await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: definition })).status).toBe(201);
  await eventually(async () => (await api('POST', `/apis/${group}/v1/namespaces/${ns}/gadgets`, { body: { apiVersion: `${group}/v1`, kind: 'Gadget', metadata: { name: 'g1' }, spec: { n: 1 } } })).status === 201);
}
