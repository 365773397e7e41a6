/**
 * Error answers as kube-apiserver v1.32.13 gives them (each expected text is its answer to the
 * same request): CEL rules skipped after Required, TooLong, TooMany, NotSupported and
 * TypeInvalid errors with kube's "some validation rules were not checked" error (not after
 * other Invalid ones); anyOf/oneOf reporting the alternative kube-openapi's MatchCount picks
 * (Gateway API v1.6.1's `spec.addresses` schema); and `Warning` headers recorded before a
 * request failed (unknown fields on a 422, 409 or 400), none for fieldValidation=Strict.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, configMap, freshNamespace } from './api-client.js';
import { eventually } from './eventually.js';

const group = `errors${Date.now().toString(36)}.example.com`;
const notChecked = '<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';
let ns = '';

/** Gateway API v1.6.1's `spec.addresses` items (descriptions dropped, the CEL rule kept). */
const address = {
  type: 'object',
  oneOf: [
    { properties: { type: { enum: ['IPAddress'] }, value: { anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } } },
    { properties: { type: { not: { enum: ['IPAddress'] } } } },
  ],
  properties: { type: { type: 'string', default: 'IPAddress', maxLength: 253, minLength: 1 }, value: { type: 'string', maxLength: 253 } },
  'x-kubernetes-validations': [{ rule: "self.type == 'Hostname' ? (!has(self.value) || self.value.matches(r\"\"\"^[a-z0-9.]+$\"\"\")): true", message: 'Hostname value must be valid' }],
};

const definition = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: `gadgets.${group}` },
  spec: {
    group, scope: 'Namespaced', names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: {
              type: 'object', required: ['size'],
              'x-kubernetes-validations': [{ rule: 'self.size <= 10', message: 'size must be at most 10' }],
              properties: {
                size: { type: 'integer' },
                name: { type: 'string', maxLength: 3 },
                tags: { type: 'array', maxItems: 1, items: { type: 'string' } },
                extra: { type: 'object', maxProperties: 1, additionalProperties: { type: 'string' } },
                low: { type: 'integer', minimum: 5 },
                kind: { type: 'string', enum: ['a', 'b'] },
                addresses: { type: 'array', maxItems: 16, items: address },
              },
            },
          },
        },
      },
    }],
  },
};

const gadgets = () => `/apis/${group}/v1/namespaces/${ns}/gadgets`;
const gadget = (spec: unknown, extra: Record<string, unknown> = {}) => ({ apiVersion: `${group}/v1`, kind: 'Gadget', metadata: { name: 'g' }, spec, ...extra });
const invalid = (causes: string[]) => `Gadget.${group} "g" is invalid: ${causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`}`;

beforeAll(async () => {
  ns = await freshNamespace('crerrors');
  expect((await api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', { body: definition })).status).toBe(201);
  await eventually(async () => (await api('GET', gadgets())).status === 200);
});

describe('CEL rules after schema errors', () => {
  it.each([
    ['Required', { name: 'x' }, ['spec.size: Required value', notChecked]],
    ['TooLong', { size: 20, name: 'long' }, ['spec.name: Too long: may not be more than 3 bytes', notChecked]],
    ['TooMany items', { size: 20, tags: ['a', 'b'] }, ['spec.tags: Too many: 2: must have at most 1 items', notChecked]],
    ['TooMany properties, the map values still checked', { size: 20, extra: { a: '1', b: 2 } }, [
      'spec.extra: Too many: 2: must have at most 1 items',
      'spec.extra.b: Invalid value: "integer": spec.extra.b in body must be of type string: "integer"',
      notChecked,
    ]],
    ['NotSupported', { size: 20, kind: 'c' }, ['spec.kind: Unsupported value: "c": supported values: "a", "b"', notChecked]],
    ['an Invalid value does not block them', { size: 20, low: 1 }, [
      'spec.low: Invalid value: 1: spec.low in body should be greater than or equal to 5',
      'spec: Invalid value: "object": size must be at most 10',
    ]],
    ['nothing blocks them', { size: 20 }, ['spec: Invalid value: "object": size must be at most 10']],
  ])('%s', async (_, spec, causes) => {
    const created = await api('POST', `${gadgets()}?dryRun=All`, { body: gadget(spec) });
    expect(created.status).toBe(422);
    expect(created.json.message).toBe(invalid(causes));
  });

  it('a metadata error of type Invalid does not block them (a label value too long)', async () => {
    const created = await api('POST', `${gadgets()}?dryRun=All`, { body: { ...gadget({ size: 20 }), metadata: { name: 'g', labels: { a: 'x'.repeat(70) } } } });
    expect(created.json.message).toBe(invalid([
      `metadata.labels: Invalid value: "${'x'.repeat(70)}": must be no more than 63 characters`,
      'spec: Invalid value: "object": size must be at most 10',
    ]));
  });
});

describe('anyOf and oneOf report the alternative kube-openapi picks', () => {
  it.each([
    ['not an address', { type: 'IPAddress', value: 'not-an-ip' }],
    ['the default type', { value: '1.2.3.4.5' }],
  ])('%s', async (_, item) => {
    const created = await api('POST', `${gadgets()}?dryRun=All`, { body: gadget({ size: 1, addresses: [item] }) });
    expect(created.json.message).toBe(invalid([
      '<nil>: Invalid value: "": "spec.addresses[0]" must validate one and only one schema (oneOf). Found none valid',
      '<nil>: Invalid value: "": "spec.addresses[0].value" must validate at least one schema (anyOf)',
      `spec.addresses[0].value: Invalid value: "${item.value}": spec.addresses[0].value in body must be of type ipv4: "${item.value}"`,
      notChecked,
    ]));
  });

  it('a valid address and a Hostname the rule refuses', async () => {
    expect((await api('POST', `${gadgets()}?dryRun=All`, { body: gadget({ size: 1, addresses: [{ type: 'IPAddress', value: '10.0.0.1' }] }) })).status).toBe(201);
    const refused = await api('POST', `${gadgets()}?dryRun=All`, { body: gadget({ size: 1, addresses: [{ type: 'Hostname', value: 'Bad_Host' }] }) });
    expect(refused.json.message).toBe(invalid(['spec.addresses[0]: Invalid value: "object": Hostname value must be valid']));
  });
});

describe('warnings on failed requests', () => {
  it('a 422 of a custom resource carries its unknown fields, sorted', async () => {
    const created = await api('POST', gadgets(), { body: gadget({ size: 20, bogus: 1 }, { other: 2 }) });
    expect(created.status).toBe(422);
    expect(created.headers.get('warning')).toBe('299 - "unknown field \\"other\\"", 299 - "unknown field \\"spec.bogus\\""');
  });

  it('a 422 of a Deployment carries its unknown fields in document order', async () => {
    const deployment = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' },
      spec: { bogus: 1, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'c' } }, spec: { containers: [{ name: 'c', image: 'i', bogus2: 1 }] } } },
    };
    const created = await api('POST', `/apis/apps/v1/namespaces/${ns}/deployments`, { body: deployment });
    expect(created.status).toBe(422);
    expect(created.headers.get('warning')).toBe('299 - "unknown field \\"spec.bogus\\"", 299 - "unknown field \\"spec.template.spec.containers[0].bogus2\\""');
  });

  it('so do a 409 and a 400, but not a Strict refusal', async () => {
    const body = { ...configMap('cmw'), bogus: 1 };
    const path = `/api/v1/namespaces/${ns}/configmaps`;
    expect((await api('POST', path, { body })).headers.get('warning')).toBe('299 - "unknown field \\"bogus\\""');
    const again = await api('POST', path, { body });
    expect([again.status, again.headers.get('warning')]).toEqual([409, '299 - "unknown field \\"bogus\\""']);
    const misnamed = await api('PUT', `${path}/nope`, { body });
    expect([misnamed.status, misnamed.headers.get('warning')]).toEqual([400, '299 - "unknown field \\"bogus\\""']);
    const strict = await api('POST', `${path}?fieldValidation=Strict`, { body });
    expect([strict.status, strict.headers.get('warning')]).toEqual([400, null]);
  });
});
