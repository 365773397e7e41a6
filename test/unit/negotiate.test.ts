/** Content negotiation: Accept clauses, conversions, and 406/415. */
import { describe, expect, it } from 'vitest';
import { negotiateInput, negotiateOutput } from '../../src/codecs/negotiate.js';
import { StatusError } from '../../src/core/status.js';

const table = 'application/json;as=Table;v=v1;g=meta.k8s.io';

describe('negotiateOutput', () => {
  it.each([
    ['no Accept', undefined, 'object', { encoding: 'json', mediaType: 'application/json' }],
    ['*/*', '*/*', 'object', { encoding: 'json' }],
    ['application/*', 'application/*', 'object', { encoding: 'json' }],
    ['YAML', 'application/yaml', 'object', { encoding: 'yaml', mediaType: 'application/yaml' }],
    ['protobuf first falls back to JSON', 'application/vnd.kubernetes.protobuf,application/json', 'object', { encoding: 'json' }],
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
    ['application/vnd.kubernetes.protobuf'],
    ['application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io'],
  ])('refuses %s with 406 for a list', (accept) => {
    expect(() => negotiateOutput(accept, 'list')).toThrowError(StatusError);
  });
});

describe('negotiateInput', () => {
  it.each([
    [null, 'json'], ['', 'json'], ['application/json', 'json'], ['application/json; charset=utf-8', 'json'],
    ['application/yaml', 'yaml'], ['application/vnd.kubernetes.protobuf', 'protobuf'],
  ])('%s -> %s', (contentType, want) => {
    expect(negotiateInput(contentType)).toBe(want);
  });

  it('refuses other media types with kube\'s 415 text', () => {
    try {
      negotiateInput('text/plain');
      expect.unreachable();
    } catch (error) {
      expect((error as StatusError).status).toMatchObject({ code: 415, reason: 'UnsupportedMediaType', message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf' });
    }
  });
});
