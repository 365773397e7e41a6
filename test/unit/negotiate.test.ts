/** Content negotiation: Accept clauses, conversions, and 406/415. */
import { describe, expect, it } from 'vitest';
import { negotiateInput, negotiateOutput, negotiateStream, streamMediaTypes, supportedMediaTypes } from '../../src/codecs/negotiate.js';
import { StatusError } from '../../src/apimachinery/status.js';

const table = 'application/json;as=Table;v=v1;g=meta.k8s.io';

describe('negotiateOutput', () => {
  it.each([
    ['no Accept', undefined, 'object', { encoding: 'json', mediaType: 'application/json' }],
    ['*/*', '*/*', 'object', { encoding: 'json' }],
    ['application/*', 'application/*', 'object', { encoding: 'json' }],
    ['YAML', 'application/yaml', 'object', { encoding: 'yaml', mediaType: 'application/yaml' }],
    ['Protobuf', 'application/vnd.kubernetes.protobuf,application/json', 'object', { encoding: 'protobuf', mediaType: 'application/vnd.kubernetes.protobuf' }],
    ['CBOR', 'application/cbor', 'object', { encoding: 'cbor', mediaType: 'application/cbor' }],
    ['CBOR preferred by quality', 'application/json;q=0.9,application/cbor', 'list', { encoding: 'cbor' }],
    ['a Table is JSON or YAML only', 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io,application/cbor;as=Table;v=v1;g=meta.k8s.io,application/yaml;as=Table;v=v1;g=meta.k8s.io', 'list', { encoding: 'yaml', conversion: 'Table' }],
    ['PartialObjectMetadataList in Protobuf', 'application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io', 'list', { encoding: 'protobuf', conversion: 'PartialObjectMetadataList' }],
    ['stream=watch on a serializer with a stream form', 'application/json;stream=watch', 'list', { encoding: 'json' }],
    ['stream=watch skips YAML', 'application/yaml;stream=watch,application/cbor', 'list', { encoding: 'cbor' }],
    ['an unknown parameter is ignored', 'application/json;charset=utf-8', 'object', { encoding: 'json' }],
    ['kubectl get: Table v1', `${table},application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json`, 'list', { encoding: 'json', conversion: 'Table', conversionVersion: 'v1' }],
    ['Table v1beta1', 'application/json;as=Table;v=v1beta1;g=meta.k8s.io', 'object', { conversion: 'Table', conversionVersion: 'v1beta1' }],
    ['quality decides', 'application/yaml;q=0.5,application/json', 'object', { encoding: 'json' }],
    ['PartialObjectMetadataList on a list', 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io', 'list', { conversion: 'PartialObjectMetadataList' }],
    ['PartialObjectMetadata on an object', 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io', 'object', { conversion: 'PartialObjectMetadata' }],
    ['an unknown conversion is skipped', 'application/json;as=Other;v=v1;g=meta.k8s.io,application/yaml', 'object', { encoding: 'yaml' }],
  ])('%s', (_name, accept, target, want) => {
    expect(negotiateOutput(accept, target as 'object')).toMatchObject(want);
  });

  it('does not offer a Table for a Status', () => {
    expect(negotiateOutput(`${table},application/json`, 'status')).toEqual({ encoding: 'json', mediaType: 'application/json' });
  });

  it.each([
    ['text/html'],
    ['application/cbor-seq'],
    ['application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io'],
  ])('refuses %s with 406 for a list', (accept) => {
    expect(() => negotiateOutput(accept, 'list')).toThrowError(StatusError);
  });

  it('serves custom resources in every encoding but Protobuf, unless converted', () => {
    const custom = { target: 'object' as const, custom: true };
    expect(negotiateOutput('application/vnd.kubernetes.protobuf,application/json', custom)).toMatchObject({ encoding: 'json' });
    expect(negotiateOutput('application/cbor', custom)).toMatchObject({ encoding: 'cbor' });
    expect(negotiateOutput('application/vnd.kubernetes.protobuf;as=PartialObjectMetadata;v=v1;g=meta.k8s.io', custom)).toMatchObject({ encoding: 'protobuf', conversion: 'PartialObjectMetadata' });
    expect(status(() => negotiateOutput('application/vnd.kubernetes.protobuf', custom))).toMatchObject({
      code: 406, reason: 'NotAcceptable', message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor',
    });
  });

  it('checks built-in routes as go-restful does first: exact media types or */*, parameters stripped', () => {
    const object = { target: 'object' as const, builtin: true };
    const collection = { target: 'list' as const, builtin: true, collection: true };
    expect(negotiateOutput('application/json;as=Table;v=v1;g=meta.k8s.io', object)).toMatchObject({ conversion: 'Table' });
    expect(status(() => negotiateOutput('text/html', object))).toMatchObject({
      code: 406, message: '406: Not Acceptable\n\nAvailable representations: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor',
    });
    expect(status(() => negotiateOutput('application/*', object))).toMatchObject({ code: 406 });
    expect(status(() => negotiateOutput('text/html', collection))).toMatchObject({
      message: `406: Not Acceptable\n\nAvailable representations: ${[...supportedMediaTypes, ...streamMediaTypes].join(', ')}`,
    });
    expect(status(() => negotiateOutput('application/json;as=Other;g=meta.k8s.io;v=v1', object))).toMatchObject({
      code: 406, message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor',
    });
  });
});

describe('negotiateStream', () => {
  const watch = { target: 'object' as const, builtin: true, collection: true };
  it.each([
    [undefined, 'json', 'application/json'],
    ['application/json', 'json', 'application/json'],
    ['application/vnd.kubernetes.protobuf', 'protobuf', 'application/vnd.kubernetes.protobuf;stream=watch'],
    ['application/vnd.kubernetes.protobuf;stream=watch', 'protobuf', 'application/vnd.kubernetes.protobuf;stream=watch'],
    ['application/cbor', 'cbor', 'application/cbor-seq'],
  ])('%s -> %s as %s', (accept, encoding, mediaType) => {
    expect(negotiateStream(accept, watch)).toMatchObject({ encoding, mediaType });
  });

  it('refuses YAML, chosen first, with the stream media types', () => {
    expect(status(() => negotiateStream('application/yaml,application/json', watch))).toMatchObject({
      code: 406, message: 'only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch, application/cbor-seq',
    });
  });
});

function status(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof StatusError) return error.status;
    throw error;
  }
  throw new Error('no error');
}

describe('negotiateInput', () => {
  it.each([
    [null, 'json'], ['', 'json'], ['application/json', 'json'], ['application/json; charset=utf-8', 'json'],
    ['application/yaml', 'yaml'], ['application/vnd.kubernetes.protobuf', 'protobuf'], ['application/cbor', 'cbor'],
  ])('%s -> %s', (contentType, want) => {
    expect(negotiateInput(contentType)).toBe(want);
  });

  it('refuses other media types with kube\'s 415 text', () => {
    expect(status(() => negotiateInput('text/plain'))).toMatchObject({
      code: 415, reason: 'UnsupportedMediaType',
      message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf, application/cbor',
    });
  });
});
