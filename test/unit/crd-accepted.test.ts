// CRDs kube v1.32 accepts must pass here without a single error: a controller-gen style CRD with
// the features operators use (status and scale subresources, printer columns, int-or-string
// quantities, map lists keyed with a defaulted key, atomic lists and maps, embedded resources,
// free-form maps, CEL rules, enums with defaults, several versions with different schemas,
// a conversion webhook), checked on create and on a no-op update.
import { describe, expect, it } from 'vitest';
import { fieldErrorText } from '../../src/apimachinery/field-errors.js';
import { customResourceDefinition as semantics } from '../../src/kinds/apiextensions/index.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const quantity = {
  anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true,
  pattern: '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$',
};
const port = {
  type: 'object', required: ['containerPort'],
  properties: { containerPort: { type: 'integer', format: 'int32' }, name: { type: 'string' }, protocol: { type: 'string', default: 'TCP' } },
};
const conditions = {
  type: 'array', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'],
  items: {
    type: 'object', required: ['type', 'status', 'lastTransitionTime'],
    properties: {
      type: { type: 'string', maxLength: 316, pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$' },
      status: { type: 'string', enum: ['True', 'False', 'Unknown'] },
      lastTransitionTime: { type: 'string', format: 'date-time' },
      message: { type: 'string', maxLength: 32768 }, observedGeneration: { type: 'integer', format: 'int64', minimum: 0 },
    },
  },
};
const v1Schema = {
  description: 'Widget is the Schema for the widgets API', type: 'object',
  properties: {
    apiVersion: { type: 'string', description: 'APIVersion defines the versioned schema' }, kind: { type: 'string' }, metadata: { type: 'object' },
    spec: {
      type: 'object', required: ['replicas'],
      'x-kubernetes-validations': [{ rule: 'self.replicas <= 10', message: 'too many' }, { rule: 'self.mode == oldSelf.mode', messageExpression: '"immutable"' }],
      properties: {
        replicas: { type: 'integer', format: 'int32', minimum: 0, default: 1 },
        mode: { type: 'string', enum: ['Fast', 'Safe'], default: 'Safe' },
        memory: quantity,
        ports: { type: 'array', items: port, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['containerPort', 'protocol'] },
        args: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'atomic' },
        hosts: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set', maxItems: 16 },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        selector: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { matchLabels: { type: 'object', additionalProperties: { type: 'string' } } } },
        template: { type: 'object', 'x-kubernetes-embedded-resource': true, 'x-kubernetes-preserve-unknown-fields': true },
        config: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
        options: { type: 'object', default: {}, properties: { retries: { type: 'integer', default: 3 } } },
        schedule: { type: 'string', nullable: true, oneOf: [{ format: 'date-time' }, { pattern: '^@every ' }] },
      },
    },
    status: { type: 'object', properties: { replicas: { type: 'integer' }, selector: { type: 'string' }, conditions } },
  },
};
const v2Schema = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } };

const crd: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.apps.example.com' },
  spec: {
    group: 'apps.example.com', scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wd'], categories: ['all'] },
    conversion: {
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1'], clientConfig: { service: { name: 'webhook', namespace: 'system', path: '/convert' }, caBundle: 'Cg==' } },
    },
    versions: [
      {
        name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: v1Schema },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.selector' } },
        additionalPrinterColumns: [
          { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
          { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
          { name: 'Ready', type: 'string', priority: 1, jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
        ],
        selectableFields: [{ jsonPath: '.spec.mode' }],
      },
      { name: 'v1beta1', served: true, storage: false, deprecated: true, deprecationWarning: 'apps.example.com/v1beta1 Widget is deprecated', schema: { openAPIV3Schema: v2Schema } },
    ],
  },
};

describe('a controller-gen style CRD', () => {
  const created = structuredClone(crd);
  semantics.default!(created);
  semantics.prepareForCreate!(created);

  it('is accepted on create', () => {
    expect(semantics.validate!(created).map(fieldErrorText)).toEqual([]);
  });

  it('is accepted on an update that changes nothing, once established', () => {
    const old = structuredClone(created);
    (old.status as Record<string, unknown>).conditions = [{ type: 'Established', status: 'True' }];
    const next = structuredClone(crd);
    semantics.default!(next);
    next.status = old.status;
    semantics.prepareForUpdate!(next, old);
    expect(semantics.validateUpdate!(next, old).map(fieldErrorText)).toEqual([]);
  });
});
