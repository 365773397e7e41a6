/**
 * PersistentVolumeClaim and PersistentVolume (core/v1) basics: SetDefaults_PersistentVolumeClaim
 * (and its spec), SetDefaults_PersistentVolume, status Pending on create, the common rules of
 * ValidatePersistentVolumeClaimSpec / ValidatePersistentVolumeSpec and their update rules
 * (pkg/apis/core/validation, kube v1.32, RecoverVolumeExpansionFailure on).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { formatQuantity } from '../../apimachinery/quantity-format.js';
import { compareQuantities, parseQuantity, quantitySign } from '../../apimachinery/quantity.js';
import { validateName } from '../../apimachinery/validation/object-meta.js';
import { kubeTimestamp } from '../../apimachinery/object.js';
import { sameJson } from '../json-equality.js';
import { asRecord, asText, asTexts, cloneJson, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { nilValue } from './go-values.js';
import type { GoField } from './pod-schema.js';
import { goStructDiff } from './pod-spec-diff.js';
import { defaultResourceList } from './resource-list.js';

const accessModes = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
const volumeModes = ['Block', 'Filesystem'];

/** Access modes: at least one, known, and ReadWriteOncePod alone. */
function validateAccessModes(modes: unknown, path: string, requiredDetail: string): FieldError[] {
  const list = asTexts(modes);
  const errors = list.length ? [] : [fieldError.required(path, requiredDetail)];
  for (const mode of list) if (!accessModes.includes(mode)) errors.push(fieldError.notSupported(path, mode, accessModes));
  if (list.includes('ReadWriteOncePod') && list.some((mode) => mode !== 'ReadWriteOncePod' && accessModes.includes(mode))) {
    errors.push(fieldError.forbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  }
  return errors;
}

function validateClassAndMode(spec: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  const className = asText(spec.storageClassName);
  if (className) errors.push(...validateName('subdomain', className, false).map((message) => fieldError.invalid('spec.storageClassName', className, message)));
  if (spec.volumeMode !== undefined && spec.volumeMode !== null && !volumeModes.includes(asText(spec.volumeMode))) {
    errors.push(fieldError.notSupported('spec.volumeMode', spec.volumeMode, volumeModes));
  }
  return errors;
}

/** ValidatePersistentVolumeClaimSpec's common rules; kube's storage path is `resources[storage]`. */
function validateClaimSpec(spec: JsonRecord): FieldError[] {
  const errors = validateAccessModes(spec.accessModes, 'spec.accessModes', 'at least 1 access mode is required');
  const requests = asRecord(asRecord(spec.resources)?.requests) ?? {};
  const path = 'spec.resources[storage]';
  const storage = parseQuantity(requests.storage);
  if (!('storage' in requests)) errors.push(fieldError.required(path));
  else if (!storage || quantitySign(storage) <= 0) errors.push(fieldError.invalid(path, storage ? formatQuantity(storage) : requests.storage, 'must be greater than zero'));
  return [...errors, ...validateClassAndMode(spec)];
}

const claimSpecOrder = ['accessModes', 'selector', 'resources', 'volumeName', 'storageClassName', 'volumeMode', 'dataSource', 'dataSourceRef', 'volumeAttributesClassName'];
const claimSpecFields: GoField[] = [
  { go: 'AccessModes', json: 'accessModes', type: '[]core.PersistentVolumeAccessMode', zero: 'nil' },
  { go: 'Selector', json: 'selector', type: '*v1.LabelSelector', zero: 'nil' },
  { go: 'Resources', json: 'resources', type: 'core.VolumeResourceRequirements', zero: 'struct' },
  { go: 'VolumeName', json: 'volumeName', type: 'string', zero: '""' },
  { go: 'StorageClassName', json: 'storageClassName', type: '*string', zero: 'nil' },
  { go: 'VolumeMode', json: 'volumeMode', type: '*core.PersistentVolumeMode', zero: 'nil' },
  { go: 'DataSource', json: 'dataSource', type: '*core.TypedLocalObjectReference', zero: 'nil' },
  { go: 'DataSourceRef', json: 'dataSourceRef', type: '*core.TypedObjectReference', zero: 'nil' },
  { go: 'VolumeAttributesClassName', json: 'volumeAttributesClassName', type: '*string', zero: 'nil' },
];

/** ValidatePersistentVolumeClaimUpdate: the spec is immutable except volumeName (once) and, when bound, the storage request. */
function validateClaimUpdate(claim: JsonRecord, old: JsonRecord): FieldError[] {
  const spec = asRecord(claim.spec) ?? {};
  const oldSpec = asRecord(old.spec) ?? {};
  const newClone = cloneJson(spec);
  const oldClone = cloneJson(oldSpec);
  if (!asText(oldSpec.volumeName)) oldClone.volumeName = newClone.volumeName;
  const bound = asRecord(claim.status)?.phase === 'Bound';
  const newRequests = asRecord(asRecord(newClone.resources)?.requests);
  if (bound && newRequests) newRequests.storage = asRecord(asRecord(oldSpec.resources)?.requests)?.storage;
  const errors: FieldError[] = [];
  if (!sameJson(newClone, oldClone)) {
    const diff = goStructDiff('core.PersistentVolumeClaimSpec', claimSpecFields, oldClone, newClone);
    errors.push(fieldError.forbidden('spec', `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${diff}`));
  }
  const size = parseQuantity(asRecord(asRecord(spec.resources)?.requests)?.storage);
  const oldSize = parseQuantity(asRecord(asRecord(oldSpec.resources)?.requests)?.storage);
  const capacity = parseQuantity(asRecord(asRecord(old.status)?.capacity)?.storage) ?? parseQuantity('0');
  if (size && oldSize && capacity && compareQuantities(size, oldSize) < 0 && compareQuantities(size, capacity) <= 0) {
    errors.push(fieldError.forbidden('spec.resources.requests.storage', 'field can not be less than status.capacity'));
  }
  if ((spec.volumeMode ?? null) !== (oldSpec.volumeMode ?? null)) errors.push(fieldError.invalid('volumeMode', spec.volumeMode ?? nilValue, 'field is immutable'));
  return [...errors, ...validateClaimSpec(spec)];
}

/** The PersistentVolumeClaim kind's semantics. */
export const persistentVolumeClaim: KindSemantics = {
  default(object) {
    const spec = ensureRecord(object as JsonRecord, 'spec');
    setDefault(spec, 'volumeMode', 'Filesystem');
    const resources = asRecord(spec.resources);
    defaultResourceList(resources?.requests);
    defaultResourceList(resources?.limits);
    orderKeys(spec, claimSpecOrder);
    const status = asRecord(object.status);
    if (status) setDefault(status, 'phase', 'Pending');
  },
  prepareForCreate(object) {
    object.status = { phase: 'Pending' };
  },
  validate: (object) => validateClaimSpec(asRecord(object.spec) ?? {}),
  validateUpdate: (object, old) => validateClaimUpdate(object as JsonRecord, old as JsonRecord),
};

const volumeSources = [
  'hostPath', 'gcePersistentDisk', 'awsElasticBlockStore', 'glusterfs', 'flocker', 'nfs', 'rbd', 'quobyte', 'cephfs', 'iscsi',
  'cinder', 'fc', 'flexVolume', 'azureFile', 'vsphereVolume', 'photonPersistentDisk', 'portworxVolume', 'azureDisk', 'scaleIO',
  'local', 'storageos', 'csi',
];

/** ValidatePersistentVolumeSpec's common rules: access modes, a storage capacity, a reclaim policy, one source. */
function validateVolumeSpec(spec: JsonRecord): FieldError[] {
  const errors = validateAccessModes(spec.accessModes, 'spec.accessModes', '');
  const capacity = asRecord(spec.capacity) ?? {};
  if (Object.keys(capacity).length === 0) errors.push(fieldError.required('spec.capacity'));
  for (const [name, value] of Object.entries(capacity)) {
    if (name !== 'storage') errors.push(fieldError.notSupported('spec.capacity', name, ['storage']));
    const quantity = parseQuantity(value);
    if (!quantity || quantitySign(quantity) <= 0) errors.push(fieldError.invalid(`spec.capacity[${name}]`, quantity ? formatQuantity(quantity) : value, 'must be greater than zero'));
  }
  const policy = asText(spec.persistentVolumeReclaimPolicy);
  if (policy && !['Delete', 'Recycle', 'Retain'].includes(policy)) {
    errors.push(fieldError.notSupported('spec.persistentVolumeReclaimPolicy', policy, ['Delete', 'Recycle', 'Retain']));
  }
  errors.push(...validateVolumeSource(spec));
  return [...errors, ...validateClassAndMode(spec)];
}

function validateVolumeSource(spec: JsonRecord): FieldError[] {
  const present = volumeSources.filter((source) => asRecord(spec[source]));
  if (present.length === 0) return [fieldError.required('spec', 'must specify a volume type')];
  const errors = present.slice(1).map((source) => fieldError.forbidden(`spec.${source}`, 'may not specify more than 1 volume type'));
  const source = asRecord(spec[present[0]!])!;
  const path = `spec.${present[0]}`;
  const requiredKeys: Record<string, string[]> = { hostPath: ['path'], nfs: ['server', 'path'], local: ['path'], csi: ['driver', 'volumeHandle'] };
  for (const key of requiredKeys[present[0]!] ?? []) if (!asText(source[key])) errors.push(fieldError.required(`${path}.${key}`));
  if (present[0] === 'local' && !asRecord(spec.nodeAffinity)) errors.push(fieldError.required('spec.nodeAffinity', 'Local volume requires node affinity'));
  return errors;
}

/** ValidatePersistentVolumeUpdate: the source and volumeMode (reported on a path without `spec.`) are immutable. */
function validateVolumeUpdate(volume: JsonRecord, old: JsonRecord): FieldError[] {
  const spec = asRecord(volume.spec) ?? {};
  const oldSpec = asRecord(old.spec) ?? {};
  const errors = validateVolumeSpec(spec);
  const source = (value: JsonRecord) => Object.fromEntries(volumeSources.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
  if (!sameJson(source(spec), source(oldSpec))) {
    errors.push(fieldError.forbidden('spec.persistentvolumesource', 'spec.persistentvolumesource is immutable after creation'));
  }
  if ((spec.volumeMode ?? null) !== (oldSpec.volumeMode ?? null)) errors.push(fieldError.invalid('volumeMode', spec.volumeMode ?? nilValue, 'field is immutable'));
  return errors;
}

/** The PersistentVolume kind's semantics. */
export const persistentVolume: KindSemantics = {
  default(object) {
    const spec = ensureRecord(object as JsonRecord, 'spec');
    setDefault(spec, 'persistentVolumeReclaimPolicy', 'Retain');
    setDefault(spec, 'volumeMode', 'Filesystem');
    defaultResourceList(spec.capacity);
    // SetDefaults_HostPathVolumeSource applies to a volume's hostPath source too.
    const hostPath = asRecord(spec.hostPath);
    if (hostPath) {
      setDefault(hostPath, 'type', '');
      orderKeys(hostPath, ['path', 'type']);
    }
    const status = asRecord(object.status);
    if (status) setDefault(status, 'phase', 'Pending');
  },
  prepareForCreate(object) {
    // PersistentVolumeLastPhaseTransitionTime is GA in v1.31: the strategy stamps the first phase.
    object.status = { phase: 'Pending', lastPhaseTransitionTime: kubeTimestamp(new Date()) };
  },
  validate: (object) => validateVolumeSpec(asRecord(object.spec) ?? {}),
  validateUpdate: (object, old) => validateVolumeUpdate(object as JsonRecord, old as JsonRecord),
};
