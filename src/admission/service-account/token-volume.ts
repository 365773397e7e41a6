/**
 * The ServiceAccount admission plugin's token mount (plugin/pkg/admission/serviceaccount,
 * mountServiceAccountToken and TokenVolumeSource, kube v1.32): every init and regular container
 * (never an ephemeral one) without a mount at /var/run/secrets/kubernetes.io/serviceaccount gets a
 * read-only mount of the pod's first `kube-api-access-*` volume, or of a new projected volume
 * `kube-api-access-<5 random>` (token for 3607 s, the namespace's kube-root-ca.crt, the
 * namespace), added only when some container mounts it. Pure: the caller gives the name generator.
 */
import { asRecord, asRecords, type JsonRecord } from '../../kinds/json-values.js';

export const tokenMountPath = '/var/run/secrets/kubernetes.io/serviceaccount';
export const tokenVolumePrefix = 'kube-api-access-';

/** Whether the token is mounted: the pod's automountServiceAccountToken, else the ServiceAccount's, else true. */
export function shouldAutomount(serviceAccount: JsonRecord, spec: JsonRecord): boolean {
  if (typeof spec.automountServiceAccountToken === 'boolean') return spec.automountServiceAccountToken;
  if (typeof serviceAccount.automountServiceAccountToken === 'boolean') return serviceAccount.automountServiceAccountToken;
  return true;
}

/** Mounts the token volume into `spec`'s init and regular containers; `generateName` names a new volume. */
export function mountServiceAccountToken(spec: JsonRecord, generateName: (base: string) => string): void {
  const existing = asRecords(spec.volumes).find((volume) => String(volume.name ?? '').startsWith(tokenVolumePrefix));
  const volumeName = existing ? String(existing.name) : generateName(tokenVolumePrefix);
  let mounted = false;
  for (const container of [...asRecords(spec.initContainers), ...asRecords(spec.containers)]) {
    const mounts = asRecords(container.volumeMounts);
    if (mounts.some((mount) => mount.mountPath === tokenMountPath)) continue;
    container.volumeMounts = [...mounts, { name: volumeName, readOnly: true, mountPath: tokenMountPath }];
    mounted = true;
  }
  if (!existing && mounted) spec.volumes = [...asRecords(spec.volumes), { name: volumeName, projected: tokenVolumeSource() }];
}

/**
 * TokenVolumeSource in v1 form, with kube's defaults (defaultMode 420). expirationSeconds is
 * WarnOnlyBoundTokenExpirationSeconds (3600 + 7): the kubelet asks for that and kube issues an hour.
 */
export function tokenVolumeSource(): JsonRecord {
  return {
    sources: [
      { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
    defaultMode: 420,
  };
}

/** Whether a volume projects a service account token (a mirror pod may not). */
export function projectsToken(volume: JsonRecord): boolean {
  return asRecords(asRecord(volume.projected)?.sources).some((source) => asRecord(source.serviceAccountToken) !== undefined);
}
