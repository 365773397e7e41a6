/**
 * Volume defaults of pkg/apis/core/v1/defaults.go (SetDefaults_Volume, the *VolumeSource default
 * modes, HostPathVolumeSource type, ServiceAccountTokenProjection expiry, ObjectFieldSelector
 * apiVersion) and the claim template's volumeMode, with fields in Go order.
 */
import { asRecord, asRecords, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import { configMapVolumeOrder, fieldRefOrder, keyToPathOrder, secretVolumeOrder, volumeOrder, volumeSourceOrder } from './pod-schema.js';

/** 0644, the default file mode of secret, configMap, downwardAPI and projected volumes. */
const defaultFileMode = 420;
const oneHourSeconds = 3600;

/** The defaults of each volume of a pod spec's `volumes` list, in place. */
export function defaultVolumes(volumes: unknown): void {
  for (const volume of asRecords(volumes)) defaultVolume(volume);
}

function defaultVolume(volume: JsonRecord): void {
  // SetDefaults_Volume: a volume without any source is an emptyDir.
  if (!volumeSourceOrder.some((source) => volume[source] !== undefined && volume[source] !== null)) volume.emptyDir = {};
  const secret = asRecord(volume.secret);
  if (secret) defaultModeAndItems(secret, secretVolumeOrder);
  const configMap = asRecord(volume.configMap);
  if (configMap) defaultModeAndItems(configMap, configMapVolumeOrder);
  const downwardAPI = asRecord(volume.downwardAPI);
  if (downwardAPI) defaultDownwardAPI(downwardAPI);
  const projected = asRecord(volume.projected);
  if (projected) defaultProjected(projected);
  const hostPath = asRecord(volume.hostPath);
  if (hostPath) {
    setDefault(hostPath, 'type', '');
    orderKeys(hostPath, ['path', 'type']);
  }
  const claimSpec = asRecord(asRecord(asRecord(volume.ephemeral)?.volumeClaimTemplate)?.spec);
  if (claimSpec) setDefault(claimSpec, 'volumeMode', 'Filesystem');
  orderKeys(volume, volumeOrder);
}

function defaultModeAndItems(source: JsonRecord, order: readonly string[]): void {
  setDefault(source, 'defaultMode', defaultFileMode);
  for (const item of asRecords(source.items)) orderKeys(item, keyToPathOrder);
  orderKeys(source, order);
}

function defaultDownwardAPI(source: JsonRecord, withMode = true): void {
  for (const item of asRecords(source.items)) {
    const fieldRef = asRecord(item.fieldRef);
    if (fieldRef) {
      setDefault(fieldRef, 'apiVersion', 'v1');
      orderKeys(fieldRef, fieldRefOrder);
    }
    orderKeys(item, ['path', 'fieldRef', 'resourceFieldRef', 'mode']);
  }
  if (withMode) setDefault(source, 'defaultMode', defaultFileMode);
  orderKeys(source, ['items', 'defaultMode']);
}

function defaultProjected(projected: JsonRecord): void {
  for (const source of asRecords(projected.sources)) {
    const token = asRecord(source.serviceAccountToken);
    if (token) {
      setDefault(token, 'expirationSeconds', oneHourSeconds);
      orderKeys(token, ['audience', 'expirationSeconds', 'path']);
    }
    const downwardAPI = asRecord(source.downwardAPI);
    if (downwardAPI) defaultDownwardAPI(downwardAPI, false);
    for (const key of ['secret', 'configMap']) {
      const reference = asRecord(source[key]);
      for (const item of asRecords(reference?.items)) orderKeys(item, keyToPathOrder);
    }
  }
  setDefault(projected, 'defaultMode', defaultFileMode);
  orderKeys(projected, ['sources', 'defaultMode']);
}
