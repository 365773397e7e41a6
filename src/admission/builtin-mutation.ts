/**
 * The mutating admission plugins kube-apiserver v1.32 enables by default that change objects on
 * create, in its plugin order, before any mutating webhook: TaintNodesByCondition (a new node is
 * not-ready until its kubelet says otherwise), DefaultStorageClass, StorageObjectInUseProtection
 * (the protection finalizers of claims and volumes) and DefaultIngressClass. They run after the
 * request's field manager, so what they add belongs to no manager, as in kube.
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { asRecords, asText } from '../kinds/json-values.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import type { MutatingPlugin } from './plugins.js';

type Plugin = (cluster: ClusterContext, object: KubeObject) => void | Promise<void>;

/** kube's default plugins, on a create of a main resource (not a subresource, nor a view such as a Scale). */
export const builtinDefaults: MutatingPlugin = {
  admit: (request, step) => (step.operation === 'CREATE' && step.object && !step.kind
    ? admitCreateBuiltIn(request.cluster, request.type, request.info.subresource, step.object)
    : undefined),
};

/** Mutates a new object of `type` (the main resource, not a subresource) as kube's default plugins do. */
export async function admitCreateBuiltIn(cluster: ClusterContext, type: ResourceType, subresource: string, object: KubeObject): Promise<void> {
  if (subresource) return;
  for (const plugin of plugins[`${type.group}/${type.resource}`] ?? []) await plugin(cluster, object);
}

const plugins: Record<string, Plugin[]> = {
  '/nodes': [taintNotReady],
  '/persistentvolumeclaims': [defaultStorageClass, addFinalizer('kubernetes.io/pvc-protection')],
  '/persistentvolumes': [addFinalizer('kubernetes.io/pv-protection')],
  'networking.k8s.io/ingresses': [defaultIngressClass],
};

/** TaintNodesByCondition: node.kubernetes.io/not-ready:NoSchedule unless a taint with that key and effect exists. */
function taintNotReady(_cluster: ClusterContext, node: KubeObject): void {
  const spec = (node.spec ??= {}) as Record<string, unknown>;
  const taints = asRecords(spec.taints);
  if (taints.some((taint) => taint.key === 'node.kubernetes.io/not-ready' && taint.effect === 'NoSchedule')) return;
  spec.taints = [...taints, { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }];
}

/** StorageObjectInUseProtection: the finalizer that keeps an object in use from going. */
function addFinalizer(finalizer: string): Plugin {
  return (_cluster, object) => {
    const finalizers = object.metadata.finalizers ?? [];
    if (!finalizers.includes(finalizer)) object.metadata.finalizers = [...finalizers, finalizer];
  };
}

/** DefaultStorageClass: a claim naming no class (field or beta annotation) gets the default one. */
async function defaultStorageClass(cluster: ClusterContext, claim: KubeObject): Promise<void> {
  const spec = (claim.spec ??= {}) as Record<string, unknown>;
  if (typeof spec.storageClassName === 'string' || claim.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] !== undefined) return;
  const isDefault = (annotations: Record<string, string>) =>
    annotations['storageclass.kubernetes.io/is-default-class'] === 'true' || annotations['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
  const name = await newestDefault(cluster, findResource('storage.k8s.io', 'v1', 'storageclasses')!, isDefault);
  if (name !== undefined) spec.storageClassName = name;
}

/** DefaultIngressClass: an ingress naming no class (field or kubernetes.io/ingress.class) gets the default one. */
async function defaultIngressClass(cluster: ClusterContext, ingress: KubeObject): Promise<void> {
  const spec = (ingress.spec ??= {}) as Record<string, unknown>;
  if (typeof spec.ingressClassName === 'string' || ingress.metadata.annotations?.['kubernetes.io/ingress.class'] !== undefined) return;
  const isDefault = (annotations: Record<string, string>) => annotations['ingressclass.kubernetes.io/is-default-class'] === 'true';
  const name = await newestDefault(cluster, findResource('networking.k8s.io', 'v1', 'ingressclasses')!, isDefault);
  if (name !== undefined) spec.ingressClassName = name;
}

/** The default class: the newest of those marked default, ties broken by name. */
async function newestDefault(cluster: ClusterContext, type: ResourceType, isDefault: (annotations: Record<string, string>) => boolean): Promise<string | undefined> {
  const list = await storeFor(cluster, type).listObjects('', { limit: 0, continue: '', resourceVersion: '', resourceVersionMatch: '' });
  const defaults = list.items.filter((item) => isDefault(item.metadata.annotations ?? {}));
  defaults.sort((a, b) => {
    const created = Date.parse(asText(b.metadata.creationTimestamp)) - Date.parse(asText(a.metadata.creationTimestamp));
    return created !== 0 ? created : asText(a.metadata.name) < asText(b.metadata.name) ? -1 : 1;
  });
  return defaults[0]?.metadata.name;
}
