// Strategic merge patch on built-in kinds with their v1.32 schemas: the goldens recorded from a
// real kube-apiserver (074, 075, 070, 087) and the patch strategies and merge keys of Pod,
// Deployment, Service, PodDisruptionBudget and ObjectMeta.
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch, schemaLookupForKind, type SchemaLookup } from '../../src/patch/strategic/index.js';

interface Golden {
  request: { body: Record<string, unknown> };
  response: { status: number; body: Record<string, unknown> };
}

// node:fs through a dynamic import: the project's types are the Workers runtime's.
const nodeFs = 'node:fs';
const { readFileSync } = (await import(nodeFs)) as { readFileSync(path: URL, encoding: 'utf8'): string };
const golden = (file: string): Golden =>
  JSON.parse(readFileSync(new URL(`../../reference/golden/kube-v1.32.13/${file}`, (import.meta as unknown as { url: string }).url), 'utf8'));

const lookup = (group: string, version: string, kind: string): SchemaLookup => {
  const schema = schemaLookupForKind(group, version, kind);
  if (!schema) throw new Error(`no schema for ${kind}`);
  return schema;
};
const deploymentSchema = lookup('apps', 'v1', 'Deployment');
const podSchema = lookup('', 'v1', 'Pod');

type Json = Record<string, unknown>;

/** A Deployment whose pod template has `containers` and, merged over it, `podSpec`. */
function deployment(containers: Json[], podSpec: Json = {}): Json {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', labels: { a: 'b' } },
    spec: {
      replicas: 2, selector: { matchLabels: { a: 'b' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      template: { metadata: { labels: { a: 'b' } }, spec: { containers, ...podSpec } },
    },
  };
}

/** The patch `{spec: {template: {spec: podSpec}}}`. */
const podSpecPatch = (podSpec: Json): Json => ({ spec: { template: { spec: podSpec } } });

const podSpecOf = (object: unknown): Json => ((object as Json).spec as Json & { template: { spec: Json } }).template.spec;

describe('goldens recorded from kube-apiserver', () => {
  // rule: list items merge by merge key (containers by name); server-only items keep their place.
  it('074: a container named in the patch merges by name, its siblings stay in place', () => {
    const created = golden('072-deployment-create.json').response.body;
    const recorded = golden('074-deployment-smp-merge-containers.json');
    const patched = applyStrategicMergePatch(created, recorded.request.body, deploymentSchema) as Json;
    expect(patched.spec).toEqual(recorded.response.body.spec);
    expect(JSON.stringify(podSpecOf(patched).containers)).toBe(JSON.stringify(podSpecOf(recorded.response.body).containers));
  });

  // rule: `$patch: delete` in a list item deletes by merge key.
  it('075: `$patch: delete` with the merge key removes the list item', () => {
    const before = golden('074-deployment-smp-merge-containers.json').response.body;
    const recorded = golden('075-deployment-smp-delete-directive.json');
    const patched = applyStrategicMergePatch(before, recorded.request.body, deploymentSchema) as Json;
    expect(patched.spec).toEqual(recorded.response.body.spec);
  });

  // rule: fields of a list item named by its merge key merge into the live item.
  it('070: the merged pod keeps image busybox and gains command (the diff kube validation printed)', () => {
    const created = golden('065-pod-create.json').response.body;
    const recorded = golden('070-pod-update-spec.json');
    const patched = applyStrategicMergePatch(created, recorded.request.body, podSchema) as { spec: { containers: Json[] } };
    const [container] = patched.spec.containers;
    expect(container).toEqual({ ...(created.spec as { containers: Json[] }).containers[0], command: ['sleep'] });
    expect(recorded.response.body.message).toContain('+ \t\t\tCommand:    []string{"sleep"},');
  });

  // rule: no schemaless strategic merge patch: custom resources get 415 from the handler.
  it('087: custom resources have no schema lookup (kube answers their strategic merge patches with 415)', () => {
    expect(golden('087-cr-smp-unsupported.json').response.status).toBe(415);
    expect(schemaLookupForKind('golden.example.com', 'v1', 'Widget')).toBeUndefined();
  });
});

describe('merge keys of built-in lists', () => {
  const xa = { name: 'xa', image: 'busybox', ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'A', value: '1' }], volumeMounts: [{ name: 'data', mountPath: '/data' }] };
  const yb = { name: 'yb', image: 'busybox' };
  const apply = (patch: Json, podSpec: Json = {}): Json => podSpecOf(applyStrategicMergePatch(deployment([xa, yb], podSpec), podSpecPatch(patch), deploymentSchema));

  it.each<[string, Json, unknown[]]>([
    // rule: containers merge by name, ports inside by containerPort; a new item goes before server-only items.
    ['ports by containerPort', { containers: [{ name: 'xa', ports: [{ containerPort: 8080, name: 'http' }] }] }, [{ ...xa, ports: [{ containerPort: 8080, name: 'http' }, { containerPort: 80, protocol: 'TCP' }] }, yb]],
    // rule: a port named again merges its fields.
    ['port fields merge', { containers: [{ name: 'xa', ports: [{ containerPort: 80, name: 'web' }] }] }, [{ ...xa, ports: [{ containerPort: 80, protocol: 'TCP', name: 'web' }] }, yb]],
    // rule: env merges by name.
    ['env by name', { containers: [{ name: 'xa', env: [{ name: 'A', value: '2' }, { name: 'B', value: '3' }] }] }, [{ ...xa, env: [{ name: 'A', value: '2' }, { name: 'B', value: '3' }] }, yb]],
    // rule: `$patch: delete` with the merge key deletes an env var.
    ['env item deleted by key', { containers: [{ name: 'xa', env: [{ name: 'A', $patch: 'delete' }] }] }, [{ ...xa, env: [] }, yb]],
    // rule: volumeMounts merge by mountPath.
    ['volumeMounts by mountPath', { containers: [{ name: 'xa', volumeMounts: [{ mountPath: '/data', readOnly: true }] }] }, [{ ...xa, volumeMounts: [{ name: 'data', mountPath: '/data', readOnly: true }] }, yb]],
    // rule: null deletes a field of a merged list item.
    ['null deletes a field of an item', { containers: [{ name: 'yb', image: null }] }, [xa, { name: 'yb' }]],
    // rule: a new container is appended as sent (nulls kept) and placed before the server-only ones.
    ['new container', { containers: [{ name: 'zc', image: 'nginx', args: null }] }, [{ name: 'zc', image: 'nginx', args: null }, xa, yb]],
    // rule: `$setElementOrder/containers` reorders without changing contents.
    ['$setElementOrder', { '$setElementOrder/containers': [{ name: 'yb' }, { name: 'xa' }] }, [yb, xa]],
    // rule: `$setElementOrder` places a new container among the existing ones.
    ['$setElementOrder with a new container', { '$setElementOrder/containers': [{ name: 'xa' }, { name: 'zc' }, { name: 'yb' }], containers: [{ name: 'zc', image: 'nginx' }] }, [xa, { name: 'zc', image: 'nginx' }, yb]],
    // rule: a `$patch: replace` item makes the rest of the patch list the whole list.
    ['$patch: replace in a list', { containers: [{ $patch: 'replace' }, { name: 'only', image: 'nginx' }] }, [{ name: 'only', image: 'nginx' }]],
  ])('%s', (_name, patch, containers) => {
    expect(apply(patch).containers).toEqual(containers);
  });

  // rule: a list without x-kubernetes-patch-strategy is replaced.
  it('tolerations have no patch strategy: the list is replaced', () => {
    const tolerations = [{ key: 'a', operator: 'Exists' }];
    expect(apply({ tolerations: [{ key: 'b', operator: 'Exists' }] }, { tolerations }).tolerations).toEqual([{ key: 'b', operator: 'Exists' }]);
  });

  // rule: `$retainKeys` clears the unlisted fields of the item it is in.
  it('volumes (merge,retainKeys): `$retainKeys` in an item switches its volume source', () => {
    const volumes = [{ name: 'data', emptyDir: {} }, { name: 'other', emptyDir: {} }];
    const patch = { volumes: [{ name: 'data', $retainKeys: ['configMap', 'name'], configMap: { name: 'cm' } }] };
    expect(apply(patch, { volumes }).volumes).toEqual([{ name: 'data', configMap: { name: 'cm' } }, { name: 'other', emptyDir: {} }]);
  });
});

describe('maps, null deletion and map directives', () => {
  const apply = (patch: Json): Json => applyStrategicMergePatch(deployment([{ name: 'xa', image: 'busybox' }]), patch, deploymentSchema) as Json;

  it.each<[string, Json, (result: Json) => unknown, unknown]>([
    // rule: null deletes a map key.
    ['null deletes a label', { metadata: { labels: { a: null, c: 'd' } } }, (result) => (result.metadata as Json).labels, { c: 'd' }],
    // rule: `$patch: replace` at map level replaces the map with the rest of the patch.
    ['$patch: replace on a map', { metadata: { labels: { $patch: 'replace', c: 'd' } } }, (result) => (result.metadata as Json).labels, { c: 'd' }],
    // rule: `$patch: delete` at map level leaves an empty map.
    ['$patch: delete on a map', { metadata: { labels: { $patch: 'delete' } } }, (result) => (result.metadata as Json).labels, {}],
    // rule: strategy (retainKeys) with `$retainKeys` clears rollingUpdate when switching to Recreate.
    ['deployment strategy with $retainKeys', { spec: { strategy: { $retainKeys: ['type'], type: 'Recreate' } } }, (result) => (result.spec as Json).strategy, { type: 'Recreate' }],
    // rule: without `$retainKeys` a retainKeys field merges like any map.
    ['deployment strategy without $retainKeys', { spec: { strategy: { type: 'Recreate' } } }, (result) => (result.spec as Json).strategy, { type: 'Recreate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } }],
    // rule: a field of another type than the original's is replaced, without looking at the schema.
    ['type change replaces', { spec: { replicas: { a: 1 } } }, (result) => (result.spec as Json).replicas, { a: 1 }],
    // rule: kube quirk (#117568): a map with `$patch` for a field the original lacks is dropped, even `replace`.
    ['$patch: replace on an absent field drops it', podSpecPatch({ affinity: { $patch: 'replace', nodeAffinity: {} } }), (result) => 'affinity' in podSpecOf(result), false],
    // rule: a value for an absent field is taken without its nulls.
    ['absent field taken without nulls', podSpecPatch({ securityContext: { runAsUser: 1, fsGroup: null } }), (result) => podSpecOf(result).securityContext, { runAsUser: 1 }],
  ])('%s', (_name, patch, select, expected) => {
    expect(select(apply(patch))).toEqual(expected);
  });
});

describe('ObjectMeta and other kinds', () => {
  const meta = (metadata: Json): Json => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', ...metadata } });
  const configMapSchema = lookup('', 'v1', 'ConfigMap');
  const applyMeta = (metadata: Json, patch: Json): unknown => (applyStrategicMergePatch(meta(metadata), { metadata: patch }, configMapSchema) as { metadata: unknown }).metadata;

  it.each<[string, Json, Json, Json]>([
    // rule: finalizers (merge, primitives) take the union in patch order.
    ['finalizers union', { finalizers: ['a'] }, { finalizers: ['b', 'a'] }, { name: 'c', finalizers: ['b', 'a'] }],
    // rule: `$deleteFromPrimitiveList/finalizers` removes values.
    ['$deleteFromPrimitiveList', { finalizers: ['a', 'b', 'c'] }, { '$deleteFromPrimitiveList/finalizers': ['b'] }, { name: 'c', finalizers: ['a', 'c'] }],
    // rule: kube quirk: `$deleteFromPrimitiveList/<field>: null` deletes the field itself.
    ['$deleteFromPrimitiveList null', { finalizers: ['a'] }, { '$deleteFromPrimitiveList/finalizers': null }, { name: 'c' }],
    // rule: ownerReferences merge by uid.
    ['ownerReferences by uid', { ownerReferences: [{ uid: '1', name: 'x', kind: 'K', apiVersion: 'v1' }] }, { ownerReferences: [{ uid: '1', controller: true }] }, { name: 'c', ownerReferences: [{ uid: '1', name: 'x', kind: 'K', apiVersion: 'v1', controller: true }] }],
  ])('%s', (_name, metadata, patch, expected) => {
    expect(applyMeta(metadata, patch)).toEqual(expected);
  });

  // rule: ServiceSpec.ports merge by port.
  it('Service ports merge by port', () => {
    const service = { spec: { ports: [{ port: 80, targetPort: 80, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }] } };
    const patched = applyStrategicMergePatch(service, { spec: { ports: [{ port: 80, targetPort: 8080 }] } }, lookup('', 'v1', 'Service'));
    expect(patched).toEqual({ spec: { ports: [{ port: 80, targetPort: 8080, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }] } });
  });

  // rule: patch strategy replace on a map takes the patch map whole.
  it('PodDisruptionBudget selector (replace) takes the patch map whole', () => {
    const budget = { spec: { selector: { matchLabels: { a: '1' }, matchExpressions: [{ key: 'b', operator: 'Exists' }] } } };
    const patched = applyStrategicMergePatch(budget, { spec: { selector: { matchLabels: { c: '2' } } } }, lookup('policy', 'v1', 'PodDisruptionBudget'));
    expect(patched).toEqual({ spec: { selector: { matchLabels: { c: '2' } } } });
  });

  // rule: kube decodes a null patch into an empty map[string]interface{}.
  it('a null patch changes nothing', () => {
    expect(applyStrategicMergePatch(meta({}), null, configMapSchema)).toEqual(meta({}));
  });
});
