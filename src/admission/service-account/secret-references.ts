/**
 * The secrets a pod names, as the ServiceAccount admission plugin checks them (kube v1.32):
 * VisitPodSecretNames over all containers (a mirror pod may name none), and limitSecretReferences
 * / limitEphemeralContainerSecretReferences (a ServiceAccount annotated
 * `kubernetes.io/enforce-mountable-secrets: "true"` allows only the secrets it lists), with kube's
 * texts. Pure.
 */
import { asRecord, asRecords, asText, type JsonRecord } from '../../kinds/json-values.js';

/** Volume sources whose secret is named by `<source>.<field>.name` (a secretRef). */
const secretRefVolumes = ['cephfs', 'cinder', 'flexVolume', 'iscsi', 'rbd', 'scaleIO', 'storageos'];

/** Whether the pod names any secret (pull secrets, env, envFrom, volumes of any container kind). */
export function namesAnySecret(spec: JsonRecord): boolean {
  if (asRecords(spec.imagePullSecrets).some((ref) => asText(ref.name))) return true;
  const containers = [...asRecords(spec.initContainers), ...asRecords(spec.containers), ...asRecords(spec.ephemeralContainers)];
  if (containers.some((container) => envSecretNames(container).some(Boolean) || envFromSecretNames(container).some(Boolean))) return true;
  return asRecords(spec.volumes).some((volume) => volumeSecretNames(volume).some(Boolean));
}

function volumeSecretNames(volume: JsonRecord): string[] {
  const names = [asText(asRecord(volume.secret)?.secretName), asText(asRecord(volume.azureFile)?.secretName)];
  for (const source of secretRefVolumes) names.push(asText(asRecord(asRecord(volume[source])?.secretRef)?.name));
  names.push(asText(asRecord(asRecord(volume.csi)?.nodePublishSecretRef)?.name));
  for (const projection of asRecords(asRecord(volume.projected)?.sources)) names.push(asText(asRecord(projection.secret)?.name));
  return names;
}

function envSecretNames(container: JsonRecord): string[] {
  return asRecords(container.env).map((env) => asText(asRecord(asRecord(env.valueFrom)?.secretKeyRef)?.name));
}

function envFromSecretNames(container: JsonRecord): string[] {
  return asRecords(container.envFrom).map((source) => asText(asRecord(source.secretRef)?.name));
}

/** Whether `serviceAccount` limits the secrets its pods may name (the annotation parsed as Go's ParseBool). */
export function enforcesMountableSecrets(serviceAccount: JsonRecord): boolean {
  const annotations = asRecord(asRecord(serviceAccount.metadata)?.annotations) ?? {};
  return ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(asText(annotations['kubernetes.io/enforce-mountable-secrets']));
}

/** The first secret reference of the pod the ServiceAccount does not allow, as kube words it; undefined when none. */
export function disallowedSecretReference(serviceAccount: JsonRecord, spec: JsonRecord): string | undefined {
  const account = asText(asRecord(serviceAccount.metadata)?.name);
  const mountable = new Set(asRecords(serviceAccount.secrets).map((ref) => asText(ref.name)));
  for (const volume of asRecords(spec.volumes)) {
    const secret = asRecord(volume.secret);
    if (secret && !mountable.has(asText(secret.secretName))) {
      return `volume with secret.secretName="${asText(secret.secretName)}" is not allowed because service account ${account} does not reference that secret`;
    }
  }
  const containerProblem = containerReferences(asRecords(spec.initContainers), 'init container', mountable, account)
    ?? containerReferences(asRecords(spec.containers), 'container', mountable, account);
  if (containerProblem) return containerProblem;
  const pullable = new Set(asRecords(serviceAccount.imagePullSecrets).map((ref) => asText(ref.name)));
  const pullSecrets = asRecords(spec.imagePullSecrets);
  const index = pullSecrets.findIndex((ref) => !pullable.has(asText(ref.name)));
  if (index >= 0) {
    return `imagePullSecrets[${index}].name="${asText(pullSecrets[index]!.name)}" is not allowed because service account ${account} does not reference that imagePullSecret`;
  }
  return undefined;
}

/** The ephemeral containers' first disallowed secret reference (an ephemeralcontainers update). */
export function disallowedEphemeralReference(serviceAccount: JsonRecord, spec: JsonRecord): string | undefined {
  const mountable = new Set(asRecords(serviceAccount.secrets).map((ref) => asText(ref.name)));
  return containerReferences(asRecords(spec.ephemeralContainers), 'ephemeral container', mountable, asText(asRecord(serviceAccount.metadata)?.name));
}

function containerReferences(containers: JsonRecord[], what: string, mountable: Set<string>, account: string): string | undefined {
  const tail = `is not allowed because service account ${account} does not reference that secret`;
  for (const container of containers) {
    const name = asText(container.name);
    for (const env of asRecords(container.env)) {
      const ref = asRecord(asRecord(env.valueFrom)?.secretKeyRef);
      if (ref && !mountable.has(asText(ref.name))) return `${what} ${name} with envVar ${asText(env.name)} referencing secret.secretName="${asText(ref.name)}" ${tail}`;
    }
    for (const source of asRecords(container.envFrom)) {
      const ref = asRecord(source.secretRef);
      if (ref && !mountable.has(asText(ref.name))) return `${what} ${name} with envFrom referencing secret.secretName="${asText(ref.name)}" ${tail}`;
    }
  }
  return undefined;
}
