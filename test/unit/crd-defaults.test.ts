// CustomResourceDefinition defaulting and strategy (src/kinds/apiextensions), kube v1.32:
// SetDefaults_* of pkg/apis/apiextensions/v1/defaults.go, the object as Go marshals it back
// (struct field order, omitempty, sorted maps; golden 079), and the strategy's storedVersions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinition as semantics } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const golden = (file: string) => JSON.parse(readFileSync(`reference/golden/kube-v1.32.13/${file}.json`, 'utf8'));

function created(object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  semantics.default!(copy);
  semantics.prepareForCreate!(copy);
  return copy;
}

const widget = (spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com', names: { plural: 'widgets', kind: 'Widget' }, scope: 'Namespaced',
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }], ...spec,
  },
});

describe('golden 079: a posted CRD', () => {
  const { request, response } = golden('079-crd-create');
  const object = created(request.body);

  it('gets kube\'s spec and status, byte for byte (field order included)', () => {
    expect(JSON.stringify(object.spec)).toBe(JSON.stringify(response.body.spec));
    expect(JSON.stringify(object.status)).toBe(JSON.stringify(response.body.status));
  });

  it('is valid, and so is the CRD kube answered with (080)', () => {
    expect(semantics.validate!(object).map(fieldErrorText)).toEqual([]);
    const established = golden('080-crd-wait').response.body;
    expect(semantics.validateUpdate!(created(established), established).map(fieldErrorText)).toEqual([]);
  });
});

describe('SetDefaults_CustomResourceDefinitionSpec', () => {
  it('defaults singular to the lower-cased kind, listKind to kind+List, conversion to None', () => {
    const { spec } = created(widget());
    expect(spec).toMatchObject({
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' }, conversion: { strategy: 'None' },
    });
  });

  it('defaults a conversion webhook service port to 443 and keeps Go\'s field order', () => {
    const service = { name: 'conv', namespace: 'ns' };
    const { spec } = created(widget({ conversion: { webhook: { conversionReviewVersions: ['v1'], clientConfig: { service } }, strategy: 'Webhook' } }));
    expect(JSON.stringify((spec as Record<string, unknown>).conversion)).toBe(
      '{"strategy":"Webhook","webhook":{"clientConfig":{"service":{"namespace":"ns","name":"conv","port":443}},"conversionReviewVersions":["v1"]}}',
    );
  });

  it('sets status.storedVersions to the storage version when it is empty (on decode)', () => {
    const object = widget();
    semantics.default!(object);
    expect(object.status).toEqual({ conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: ['v1'] });
  });
});

describe('the shape Go writes back', () => {
  it('drops omitempty zero values, fills non-omitempty ones and sorts maps and default values', () => {
    const schema = {
      type: 'object', nullable: false, description: '', required: [],
      properties: { b: { type: 'string', default: 'x' }, a: { type: 'object', default: { z: 1, y: { d: 1, c: 2 } }, properties: {} } },
    };
    const { spec } = created(widget({ versions: [{ storage: true, name: 'v1', schema: { openAPIV3Schema: schema }, deprecated: false }] }));
    const version = (spec as { versions: Record<string, unknown>[] }).versions[0]!;
    expect(JSON.stringify(version)).toBe(
      '{"name":"v1","served":false,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":'
      + '{"a":{"type":"object","default":{"y":{"c":2,"d":1},"z":1}},"b":{"type":"string","default":"x"}}}}}',
    );
  });

  it('writes conversion.webhook back only when it holds clientConfig or conversionReviewVersions', () => {
    const { spec } = created(widget({ conversion: { strategy: 'None', webhook: {} } }));
    expect((spec as Record<string, unknown>).conversion).toEqual({ strategy: 'None' });
  });
});

describe('the strategy\'s storedVersions', () => {
  it('starts with the storage version and the zero status (PrepareForCreate)', () => {
    expect(created(widget()).status).toEqual({ conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: ['v1'] });
  });

  it('appends a new storage version on update without touching the old object (PrepareForUpdate)', () => {
    const old = created(widget());
    const next = widget({ versions: [{ name: 'v1', served: true, storage: false }, { name: 'v2', served: true, storage: true }] });
    semantics.default!(next);
    next.status = old.status;
    semantics.prepareForUpdate!(next, old);
    expect((next.status as Record<string, unknown>).storedVersions).toEqual(['v1', 'v2']);
    expect((old.status as Record<string, unknown>).storedVersions).toEqual(['v1']);
  });
});
