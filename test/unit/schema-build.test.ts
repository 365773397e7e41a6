// data/schemas.js: a rebuild is byte-identical, every served kind has a root schema, schemas
// keep what the engine needs and drop what it does not, and packages are parsed lazily.
import { describe, expect, it } from 'vitest';
import { packages } from '../../data/schemas.js';
import { goQualifiedName, goStructName } from '../../src/schema/go-types.js';
import { parsedSchemaPackages, schemaForKind, schemaNameForKind, schemaNamed } from '../../src/schema/registry.js';

// Node built-ins are loaded untyped, as in catalog.test.ts (tsconfig types the Worker runtime only).
const nodeModule = (name: string): Promise<any> => import(name);
const { execFileSync } = await nodeModule('node:child_process');
const { mkdtempSync, readFileSync } = await nodeModule('node:fs');
const { tmpdir } = await nodeModule('node:os');
const { dirname, join } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');

const project: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../..');
const catalog = JSON.parse(readFileSync(join(project, 'data/catalog.json'), 'utf8')) as {
  resources: { group: string; version: string; kind: string }[];
};

describe('scripts/build-schemas.mjs', () => {
  it('rebuilds data/schemas.js byte for byte', () => {
    const out: string = join(mkdtempSync(join(tmpdir(), 'schemas-')), 'schemas.js');
    execFileSync(process.execPath, [join(project, 'scripts/build-schemas.mjs'), out], { cwd: project, stdio: 'pipe' });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(project, 'data/schemas.js'), 'utf8'));
    expect(readFileSync(out.replace(/\.js$/, '.d.ts'), 'utf8')).toBe(readFileSync(join(project, 'data/schemas.d.ts'), 'utf8'));
  });

  it('keeps no descriptions (a property may still be called description, as PriorityClass.description)', () => {
    const keywords = new Set<string>();
    const walk = (node: Record<string, unknown>): void => {
      for (const [key, value] of Object.entries(node)) {
        keywords.add(key);
        if (key === 'properties') for (const property of Object.values(value as Record<string, Record<string, unknown>>)) walk(property);
        else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') walk(value as Record<string, unknown>);
      }
    };
    for (const text of Object.values(packages)) for (const schema of Object.values(JSON.parse(text) as Record<string, Record<string, unknown>>)) walk(schema);
    // `enum` comes from the v1.32 documents (networking.k8s.io/v1), which list string enums.
    expect([...keywords].sort()).toEqual([
      '$ref', 'additionalProperties', 'default', 'enum', 'format', 'items', 'oneOf', 'properties', 'required', 'type',
      'x-kubernetes-int-or-string', 'x-kubernetes-list-map-keys', 'x-kubernetes-list-type', 'x-kubernetes-map-type',
      'x-kubernetes-patch-merge-key', 'x-kubernetes-patch-strategy',
    ]);
  });
});

describe('lazy loading', () => {
  // Runs first in this file's module instance: nothing is parsed before a schema is asked for.
  it('parses only the package of the schema asked for', () => {
    expect(parsedSchemaPackages()).toEqual([]);
    expect(schemaForKind('coordination.k8s.io', 'v1', 'Lease')).toBeDefined();
    expect(parsedSchemaPackages()).toEqual(['io.k8s.api.coordination.v1']);
    schemaNamed('io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
    expect(parsedSchemaPackages()).toEqual(['io.k8s.api.coordination.v1', 'io.k8s.apimachinery.pkg.apis.meta.v1']);
  });
});

describe('schemaForKind', () => {
  it.each(catalog.resources.map((resource) => [`${resource.group || 'core'}/${resource.version} ${resource.kind}`, resource] as const))(
    '%s has a root schema',
    (_name, resource) => {
      expect(schemaForKind(resource.group, resource.version, resource.kind)?.type).toBe('object');
    },
  );

  it.each([
    ['', 'v1', 'Pod', 'io.k8s.api.core.v1.Pod'],
    ['apps', 'v1', 'Deployment', 'io.k8s.api.apps.v1.Deployment'],
    ['autoscaling', 'v2', 'HorizontalPodAutoscaler', 'io.k8s.api.autoscaling.v2.HorizontalPodAutoscaler'],
    ['policy', 'v1', 'PodDisruptionBudget', 'io.k8s.api.policy.v1.PodDisruptionBudget'],
    ['apiextensions.k8s.io', 'v1', 'CustomResourceDefinition', 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition'],
  ])('%s/%s %s is %s', (group, version, kind, name) => {
    expect(schemaNameForKind(group, version, kind)).toBe(name);
  });

  it.each([
    ['unknown kind', '', 'v1', 'Widget'],
    ['beta version not served', 'batch', 'v1beta1', 'CronJob'],
    ['unknown group', 'example.com', 'v1', 'Pod'],
  ])('%s has none', (_name, group, version, kind) => {
    expect(schemaForKind(group, version, kind)).toBeUndefined();
  });
});

describe('compact schemas', () => {
  it('ContainerPort keeps types, formats, required, enums (kube v1.32.13 publishes them) and real defaults only', () => {
    expect(schemaNamed('io.k8s.api.core.v1.ContainerPort')).toEqual({
      type: 'object',
      required: ['containerPort'],
      properties: {
        containerPort: { type: 'integer', format: 'int32' },
        hostIP: { type: 'string' },
        hostPort: { type: 'integer', format: 'int32' },
        name: { type: 'string' },
        protocol: { type: 'string', default: 'TCP', enum: ['SCTP', 'TCP', 'UDP'] },
      },
    });
  });

  it.each([
    ['allOf $ref wrappers become $ref', 'io.k8s.api.core.v1.Pod', 'spec', { $ref: 'io.k8s.api.core.v1.PodSpec' }],
    ['patch strategy and merge key kept', 'io.k8s.api.core.v1.PodSpec', 'containers', {
      type: 'array', items: { $ref: 'io.k8s.api.core.v1.Container' }, 'x-kubernetes-list-map-keys': ['name'], 'x-kubernetes-list-type': 'map',
      'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'name',
    }],
    ['list type and map keys kept', 'io.k8s.api.core.v1.PodSpec', 'topologySpreadConstraints',
      { type: 'array', items: { $ref: 'io.k8s.api.core.v1.TopologySpreadConstraint' }, 'x-kubernetes-list-map-keys': ['topologyKey', 'whenUnsatisfiable'], 'x-kubernetes-list-type': 'map', 'x-kubernetes-patch-strategy': 'merge', 'x-kubernetes-patch-merge-key': 'topologyKey' }],
    ['map type kept', 'io.k8s.api.core.v1.ConfigMapKeySelector', undefined, { 'x-kubernetes-map-type': 'atomic' }],
    ['Go zero-value default dropped', 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'creationTimestamp', { $ref: 'io.k8s.apimachinery.pkg.apis.meta.v1.Time' }],
    ['byte format kept', 'io.k8s.api.core.v1.Secret', 'data', { type: 'object', additionalProperties: { type: 'string', format: 'byte' } }],
  ])('%s', (_name, schemaName, property, expected) => {
    const schema = schemaNamed(schemaName)!;
    if (property === undefined) expect(schema).toMatchObject(expected);
    else expect(schema.properties?.[property]).toEqual(expected);
  });

  it('IntOrString carries its structural-schema marker', () => {
    expect(schemaNamed('io.k8s.apimachinery.pkg.util.intstr.IntOrString')).toEqual({
      format: 'int-or-string',
      oneOf: [{ type: 'integer' }, { type: 'string' }],
      'x-kubernetes-int-or-string': true,
    });
  });
});

describe('Go type names', () => {
  it.each([
    ['io.k8s.api.core.v1.ContainerPort', 'ContainerPort', 'v1.ContainerPort'],
    ['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'ObjectMeta', 'v1.ObjectMeta'],
    ['io.k8s.apimachinery.pkg.apis.meta.v1.Time', 'Time', 'v1.Time'],
    ['io.k8s.apimachinery.pkg.api.resource.Quantity', 'Quantity', 'resource.Quantity'],
    ['io.k8s.apimachinery.pkg.util.intstr.IntOrString', 'IntOrString', 'intstr.IntOrString'],
    ['io.k8s.apimachinery.pkg.runtime.RawExtension', 'RawExtension', 'runtime.RawExtension'],
    ['io.k8s.api.autoscaling.v2.MetricSpec', 'MetricSpec', 'v2.MetricSpec'],
    ['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps', 'JSONSchemaProps', 'v1.JSONSchemaProps'],
  ])('%s is struct %s, type %s', (name, struct, qualified) => {
    expect(goStructName(name)).toBe(struct);
    expect(goQualifiedName(name)).toBe(qualified);
  });
});
