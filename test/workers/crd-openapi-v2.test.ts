/**
 * Custom resources in /openapi/v2 (src/crds/openapi-v2.ts), against what kube-apiserver v1.32.13
 * publishes for the same CRD (`widgets` below: nullable, defaulted,
 * int-or-string, allOf, example, preserved unknown fields, embedded resources, CEL rules, a
 * selectable field, and a second version not served), recorded from ../shared/kube into
 * test/fixtures/kube-v1.32.13-crd-openapi-v2.json: its kind and list definitions, equal; the
 * paths of its served version; nothing of the unserved one. A version that preserves unknown
 * fields at its root is published as `type: object` (the upstream conformance specs
 * CustomResourcePublishOpenAPI wait for these definitions in /openapi/v2).
 */
import { describe, expect, it } from 'vitest';
import reference from '../fixtures/kube-v1.32.13-crd-openapi-v2.json';
import { api } from './api-client.js';
import { eventually } from './eventually.js';

const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** The CRD the reference was asked about. */
const widgets = {
  "apiVersion": "apiextensions.k8s.io/v1",
  "kind": "CustomResourceDefinition",
  "metadata": {
    "name": "widgets.v2.example.com"
  },
  "spec": {
    "group": "v2.example.com",
    "scope": "Namespaced",
    "names": {
      "plural": "widgets",
      "singular": "widget",
      "kind": "Widget"
    },
    "versions": [
      {
        "name": "v1",
        "served": true,
        "storage": true,
        "selectableFields": [
          {
            "jsonPath": ".spec.color"
          }
        ],
        "schema": {
          "openAPIV3Schema": {
            "type": "object",
            "description": "A widget.",
            "required": [
              "spec"
            ],
            "properties": {
              "spec": {
                "type": "object",
                "required": [
                  "color",
                  "maybe"
                ],
                "example": {
                  "color": "red"
                },
                "properties": {
                  "color": {
                    "type": "string",
                    "default": "red",
                    "enum": [
                      "red",
                      "blue"
                    ],
                    "example": "red"
                  },
                  "maybe": {
                    "type": "string",
                    "nullable": true
                  },
                  "size": {
                    "x-kubernetes-int-or-string": true,
                    "anyOf": [
                      {
                        "type": "integer"
                      },
                      {
                        "type": "string"
                      }
                    ]
                  },
                  "count": {
                    "type": "integer",
                    "minimum": 0,
                    "format": "int64",
                    "allOf": [
                      {
                        "minimum": 0
                      }
                    ]
                  },
                  "tags": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "string"
                    }
                  },
                  "free": {
                    "type": "object",
                    "x-kubernetes-preserve-unknown-fields": true,
                    "properties": {
                      "a": {
                        "type": "string"
                      }
                    }
                  },
                  "list": {
                    "type": "array",
                    "x-kubernetes-preserve-unknown-fields": true,
                    "items": {
                      "type": "string"
                    }
                  },
                  "template": {
                    "type": "object",
                    "x-kubernetes-embedded-resource": true,
                    "properties": {
                      "spec": {
                        "type": "object",
                        "properties": {
                          "x": {
                            "type": "string"
                          }
                        }
                      }
                    }
                  },
                  "loose": {
                    "type": "object",
                    "x-kubernetes-embedded-resource": true,
                    "x-kubernetes-preserve-unknown-fields": true
                  },
                  "rules": {
                    "type": "object",
                    "x-kubernetes-validations": [
                      {
                        "rule": "self.a == self.a"
                      }
                    ],
                    "properties": {
                      "a": {
                        "type": "string"
                      }
                    }
                  }
                }
              }
            }
          }
        }
      },
      {
        "name": "v2",
        "served": false,
        "storage": false,
        "schema": {
          "openAPIV3Schema": {
            "type": "object"
          }
        }
      }
    ]
  }
};

async function swagger(): Promise<{ json: any; etag: string }> {
  const response = await api('GET', '/openapi/v2');
  expect(response.status).toBe(200);
  return { json: response.json, etag: response.headers.get('etag') ?? '' };
}

async function established(crd: unknown, group: string, version: string): Promise<void> {
  const created = await api('POST', crds, { body: crd });
  expect(created.status, created.text).toBe(201);
  await eventually(async () => (await api('GET', `/apis/${group}/${version}`)).status === 200);
}

describe('custom resources in /openapi/v2', () => {
  it('publishes each served version\'s kind and list as kube-apiserver does, with their paths', async () => {
    const before = await swagger();
    await established(widgets, 'v2.example.com', 'v1');
    const { json, etag } = await swagger();
    expect(etag).not.toBe(before.etag);
    const published = Object.fromEntries(Object.entries(json.definitions).filter(([name]) => name.startsWith('com.example.v2.')));
    expect(published).toEqual(reference);
    expect(Object.keys(json.paths).filter((path) => path.includes('v2.example.com')).sort()).toEqual([
      '/apis/v2.example.com/v1/namespaces/{namespace}/widgets', '/apis/v2.example.com/v1/namespaces/{namespace}/widgets/{name}', '/apis/v2.example.com/v1/widgets',
    ]);
    expect(json.paths['/apis/v2.example.com/v1/namespaces/{namespace}/widgets/{name}'].get.responses['200'].schema).toEqual({ $ref: '#/definitions/com.example.v2.v1.Widget' });
  });

  it('publishes a version preserving unknown fields at its root as an object, and forgets a deleted CRD', async () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'loose.v2.example.com' },
      spec: {
        group: 'v2.example.com', scope: 'Cluster', names: { plural: 'loose', singular: 'loose', kind: 'Loose' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true, properties: { spec: { type: 'object' } } } } }],
      },
    };
    await established(crd, 'v2.example.com', 'v1');
    await eventually(async () => (await swagger()).json.definitions['com.example.v2.v1.Loose'] !== undefined);
    expect((await swagger()).json.definitions['com.example.v2.v1.Loose']).toEqual({
      type: 'object', 'x-kubernetes-group-version-kind': [{ group: 'v2.example.com', kind: 'Loose', version: 'v1' }], 'x-kubernetes-selectable-fields': [],
    });
    expect((await api('DELETE', `${crds}/loose.v2.example.com`)).status).toBe(200);
    await eventually(async () => (await swagger()).json.definitions['com.example.v2.v1.Loose'] === undefined);
  });
});
