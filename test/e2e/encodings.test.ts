/**
 * Binary encodings against a real local server, decoded by independent implementations: Protobuf
 * by protobufjs driven by kube's upstream generated.proto files (test/helpers/upstream-proto.ts),
 * CBOR by cbor-x; and kube's gzip threshold as a real HTTP client sees it.
 */
import { Decoder } from 'cbor-x';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { authHeaders } from './test-server.js';
import { alignForComparison, decodeUpstream, decodeWatchFrames, kubeJsonOf } from '../helpers/upstream-proto.js';

const serverUrl = inject('serverUrl');
const namespace = `enc-${Date.now().toString(36)}`;
const protobuf = 'application/vnd.kubernetes.protobuf';

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${serverUrl}${path}`, {
    method, headers: { 'content-type': 'application/json', ...authHeaders(), ...headers }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const json = async (path: string) => JSON.parse(new TextDecoder().decode((await send('GET', path)).bytes));

const deployment = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', labels: { app: 'web' } },
  spec: {
    replicas: 2, selector: { matchLabels: { app: 'web' } },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: 1 } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }], resources: { limits: { cpu: '500m', memory: '128Mi' } } }] },
    },
  },
};

beforeAll(async () => {
  await send('POST', '/api/v1/namespaces', { metadata: { name: namespace } });
  await send('POST', `/apis/apps/v1/namespaces/${namespace}/deployments`, deployment);
  await send('POST', `/api/v1/namespaces/${namespace}/secrets`, { metadata: { name: 's' }, data: { key: 'AP8Bc2VjcmV0' } });
});

describe('Protobuf, decoded by protobufjs from the upstream .proto files', () => {
  it.each([
    ['a Deployment (quantities, int-or-string, times, managedFields)', `/apis/apps/v1/namespaces/${namespace}/deployments/web`],
    ['a Secret (bytes)', `/api/v1/namespaces/${namespace}/secrets/s`],
    ['a list', `/apis/apps/v1/namespaces/${namespace}/deployments`],
    ['a Namespace', `/api/v1/namespaces/${namespace}`],
  ])('%s', async (_name, path) => {
    const { response, bytes } = await send('GET', path, undefined, { accept: protobuf });
    expect(response.headers.get('content-type')).toBe(protobuf);
    const { got, want } = alignForComparison(kubeJsonOf(decodeUpstream(bytes)), await json(path));
    expect(got).toEqual(want);
  });

  it('decodes a watch stream of length-delimited events', async () => {
    const path = `/apis/apps/v1/namespaces/${namespace}/deployments`;
    const { response, bytes } = await send('GET', `${path}?watch=1&timeoutSeconds=1`, undefined, { accept: protobuf });
    expect(response.headers.get('content-type')).toBe(`${protobuf};stream=watch`);
    const events = decodeWatchFrames(bytes);
    expect(events.map((event) => [event.type, event.object.kind])).toEqual([['ADDED', 'Deployment']]);
    const { got, want } = alignForComparison(kubeJsonOf(events[0]!.object), await json(`${path}/web`));
    expect(got).toEqual(want);
  });
});

describe('CBOR, decoded by cbor-x', () => {
  it('serves the same content as JSON, strings as byte strings and []byte as tagged bytes', async () => {
    const path = `/api/v1/namespaces/${namespace}/secrets/s`;
    const { response, bytes } = await send('GET', path, undefined, { accept: 'application/cbor' });
    expect(response.headers.get('content-type')).toBe('application/cbor');
    // Keys are byte strings too: cbor-x gives Maps keyed by Uint8Array.
    const decoded = new Decoder({ mapsAsObjects: false }).decode(bytes);
    const text = (value: unknown): unknown => {
      if (value instanceof Uint8Array) return new TextDecoder().decode(value);
      if (value instanceof Map) return Object.fromEntries([...value].map(([key, item]) => [text(key), text(item)]));
      if (Array.isArray(value)) return value.map(text);
      if (value && typeof value === 'object' && 'tag' in value) return Buffer.from((value as unknown as { value: Uint8Array }).value).toString('base64');
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, text(item)]));
      return value;
    };
    expect(text(decoded)).toEqual(await json(path));
  });
});

describe('compression', () => {
  it('gzips a list over 128 KiB for a client that accepts gzip, and decompresses to the same JSON', async () => {
    for (let i = 0; i < 70; i++) {
      await send('POST', `/api/v1/namespaces/${namespace}/configmaps`, { metadata: { name: `big${i}` }, data: { value: 'x'.repeat(2000) } });
    }
    const path = `/api/v1/namespaces/${namespace}/configmaps`;
    const { response, bytes } = await send('GET', path, undefined, { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(new TextDecoder().decode(bytes)).items).toHaveLength(70);
  });
});
