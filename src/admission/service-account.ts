/**
 * kube-apiserver's ServiceAccount admission plugin (plugin/pkg/admission/serviceaccount), on a
 * pod's create: the pod runs as `default` when it names no service account, takes the account's
 * imagePullSecrets when it has none, and, when automounting (the pod's
 * automountServiceAccountToken, else the account's, else true), gets the projected
 * `kube-api-access-<5>` volume (a bound token, the namespace's kube-root-ca.crt, the namespace
 * through the downward API), mounted read-only at the token path in every container and init
 * container that mounts nothing there. Mirror pods are left alone.
 *
 * Unlike kube, a pod whose service account does not exist is admitted (unmounted) rather than
 * refused (403 `error looking up service account ...`): without kube-controller-manager no
 * `default` account is ever made here, and servers run without it.
 */
import { findResource } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import { asRecords, asText, type JsonRecord } from '../kinds/json-values.js';
import { mirrorServiceAccount } from '../kinds/core/pod-defaults.js';
import { generateName } from '../registry/prepare-write.js';
import { storeFor } from '../registry/registry.js';
import type { AdmissionRequest, MutatingPlugin } from './plugins.js';

const tokenMountPath = '/var/run/secrets/kubernetes.io/serviceaccount';
const volumePrefix = 'kube-api-access-';
const mirrorAnnotation = 'kubernetes.io/config.mirror';

export const serviceAccountAdmission: MutatingPlugin = {
  async admit(request, step) {
    if (step.operation !== 'CREATE' || !step.object || step.kind || request.info.subresource) return;
    if (request.type.group !== '' || request.type.resource !== 'pods') return;
    const pod = step.object;
    if (pod.metadata.annotations?.[mirrorAnnotation] !== undefined) return;
    const spec = (pod.spec ??= {}) as JsonRecord;
    if (!asText(spec.serviceAccountName)) spec.serviceAccountName = 'default';
    mirrorServiceAccount(spec);
    const account = await serviceAccount(request, asText(spec.serviceAccountName));
    if (!account) return;
    if (shouldAutomount(account, spec)) mountToken(spec);
    if (!asRecords(spec.imagePullSecrets).length) {
      spec.imagePullSecrets = asRecords(account.imagePullSecrets).map((secret) => ({ name: secret.name }));
    }
  },
};

async function serviceAccount(request: AdmissionRequest, name: string): Promise<KubeObject | null> {
  const store = storeFor(request.cluster, findResource('', 'v1', 'serviceaccounts')!);
  return store.get(request.namespace, name, { match: 'latest' }).catch(() => null);
}

/** The pod's preference, else the account's, else true. */
function shouldAutomount(account: KubeObject, spec: JsonRecord): boolean {
  if (typeof spec.automountServiceAccountToken === 'boolean') return spec.automountServiceAccountToken;
  const own = (account as { automountServiceAccountToken?: unknown }).automountServiceAccountToken;
  return typeof own === 'boolean' ? own : true;
}

/** Mounts the token volume (an existing `kube-api-access-` one, else a new one) where nothing is mounted at the token path. */
function mountToken(spec: JsonRecord): void {
  const volumes = asRecords(spec.volumes);
  const existing = volumes.find((volume) => asText(volume.name).startsWith(volumePrefix));
  const name = existing ? asText(existing.name) : generateName(volumePrefix);
  let mounted = false;
  for (const key of ['initContainers', 'containers']) {
    for (const container of asRecords(spec[key])) {
      const mounts = asRecords(container.volumeMounts);
      if (mounts.some((mount) => mount.mountPath === tokenMountPath)) continue;
      container.volumeMounts = [...mounts, { name, readOnly: true, mountPath: tokenMountPath }];
      mounted = true;
    }
  }
  if (!existing && mounted) spec.volumes = [...volumes, { name, projected: tokenVolumeSource() }];
}

/**
 * kube v1.32's TokenVolumeSource: defaultMode 0644 and an expiry of 3607 s (the kubelet refreshes
 * the token; tokens past an hour only warn). The reference binary (openshift/kubernetes) adds a
 * fourth source, openshift-service-ca.crt, an OpenShift carry that upstream lacks.
 */
function tokenVolumeSource(): JsonRecord {
  return {
    defaultMode: 420,
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
  };
}

