/**
 * Persistent volumes, claims and storage classes (printPersistentVolume,
 * printPersistentVolumeClaim, printStorageClass). v1.29 added the VolumeAttributesClass columns,
 * which v1.26 (the golden recordings) does not have.
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, hasField, objectAt, optionalBooleanAt, optionalStringAt, stringAt, stringsAt, valueAt, wideColumn } from './fields.js';
import { ageOf, nameOf, quantityText } from './format.js';

/** kube's printPersistentVolume. */
export const persistentVolumePrinter: Printer = {
  columns: [
    nameColumn,
    column('Capacity', "capacity is the description of the persistent volume's resources and capacity. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#capacity"),
    column('Access Modes', 'accessModes contains all ways the volume can be mounted. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes'),
    column('Reclaim Policy', 'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim. Valid options are Retain (default for manually created PersistentVolumes), Delete (default for dynamically provisioned PersistentVolumes), and Recycle (deprecated). Recycle must be supported by the volume plugin underlying this PersistentVolume. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#reclaiming'),
    column('Status', 'phase indicates if a volume is available, bound to a claim, or released by a claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#phase'),
    column('Claim', 'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim. Expected to be non-nil when bound. claim.VolumeName is the authoritative bind between PV and PVC. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#binding'),
    column('StorageClass', 'StorageClass of the pv'),
    column('VolumeAttributesClass', 'VolumeAttributesClass of the pv'),
    column('Reason', 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.'),
    ageColumn,
    wideColumn('VolumeMode', 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state. Value of Filesystem is implied when not included in spec.'),
  ],
  cells: (volume, now) => [
    nameOf(volume), quantityText(valueAt(volume, 'spec', 'capacity', 'storage')), accessModes(stringsAt(volume, 'spec', 'accessModes')),
    stringAt(volume, 'spec', 'persistentVolumeReclaimPolicy'), phaseOf(volume), claimOf(volume), storageClassOf(volume),
    unsetIfAbsent(optionalStringAt(volume, 'spec', 'volumeAttributesClassName')), stringAt(volume, 'status', 'reason'), ageOf(volume, now),
    unsetIfAbsent(optionalStringAt(volume, 'spec', 'volumeMode')),
  ],
};

/** kube's printPersistentVolumeClaim: CAPACITY and ACCESS MODES stay empty until the claim is bound. */
export const persistentVolumeClaimPrinter: Printer = {
  columns: [
    nameColumn,
    column('Status', 'phase represents the current phase of PersistentVolumeClaim.'),
    column('Volume', 'volumeName is the binding reference to the PersistentVolume backing this claim.'),
    column('Capacity', 'capacity represents the actual resources of the underlying volume.'),
    column('Access Modes', 'accessModes contains the actual access modes the volume backing the PVC has. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1'),
    column('StorageClass', 'StorageClass of the pvc'),
    column('VolumeAttributesClass', 'VolumeAttributesClass of the pvc'),
    ageColumn,
    wideColumn('VolumeMode', 'volumeMode defines what type of volume is required by the claim. Value of Filesystem is implied when not included in claim spec.'),
  ],
  cells: (claim, now) => {
    const volumeName = stringAt(claim, 'spec', 'volumeName');
    const bound = volumeName !== '';
    return [
      nameOf(claim), phaseOf(claim), volumeName, bound ? quantityText(valueAt(claim, 'status', 'capacity', 'storage')) : '',
      bound ? accessModes(stringsAt(claim, 'status', 'accessModes')) : '', storageClassOf(claim),
      unsetIfAbsent(optionalStringAt(claim, 'spec', 'volumeAttributesClassName')), ageOf(claim, now),
      unsetIfAbsent(optionalStringAt(claim, 'spec', 'volumeMode')),
    ];
  },
};

/** kube's printStorageClass: the default class is marked `(default)`; unset fields print their defaults. */
export const storageClassPrinter: Printer = {
  columns: [
    nameColumn,
    column('Provisioner', 'Provisioner indicates the type of the provisioner.'),
    column('ReclaimPolicy', 'Dynamically provisioned PersistentVolumes of this storage class are created with this reclaimPolicy. Defaults to Delete.'),
    column('VolumeBindingMode', 'VolumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.'),
    column('AllowVolumeExpansion', 'AllowVolumeExpansion shows whether the storage class allow volume expand'),
    ageColumn,
  ],
  // AllowVolumeExpansion is typed string, but kube fills it with a boolean.
  cells: (storageClass, now) => [
    isDefaultClass(storageClass) ? `${nameOf(storageClass)} (default)` : nameOf(storageClass), stringAt(storageClass, 'provisioner'),
    optionalStringAt(storageClass, 'reclaimPolicy') ?? 'Delete', optionalStringAt(storageClass, 'volumeBindingMode') ?? 'Immediate',
    optionalBooleanAt(storageClass, 'allowVolumeExpansion') ?? false, ageOf(storageClass, now),
  ],
};

const accessModeNames: [string, string][] = [['ReadWriteOnce', 'RWO'], ['ReadOnlyMany', 'ROX'], ['ReadWriteMany', 'RWX'], ['ReadWriteOncePod', 'RWOP']];

/** GetAccessModesAsString: `RWO,ROX,RWX,RWOP` in that order whatever the object's order, no repeats. */
function accessModes(modes: string[]): string {
  return accessModeNames.filter(([mode]) => modes.includes(mode)).map(([, short]) => short).join(',');
}

/** The phase; `Terminating` once deleted. */
function phaseOf(object: unknown): string {
  return hasField(object, 'metadata', 'deletionTimestamp') ? 'Terminating' : stringAt(object, 'status', 'phase');
}

/** `namespace/name` of a volume's claim reference, '' when unclaimed. */
function claimOf(volume: unknown): string {
  if (!hasField(volume, 'spec', 'claimRef')) return '';
  return `${stringAt(volume, 'spec', 'claimRef', 'namespace')}/${stringAt(volume, 'spec', 'claimRef', 'name')}`;
}

/** The beta storage-class annotation, when present (even empty), wins over spec.storageClassName. */
function storageClassOf(object: unknown): string {
  const annotation = optionalStringAt(object, 'metadata', 'annotations', 'volume.beta.kubernetes.io/storage-class');
  return annotation ?? stringAt(object, 'spec', 'storageClassName');
}

function isDefaultClass(storageClass: unknown): boolean {
  const annotations = objectAt(storageClass, 'metadata', 'annotations');
  return annotations['storageclass.kubernetes.io/is-default-class'] === 'true' || annotations['storageclass.beta.kubernetes.io/is-default-class'] === 'true';
}

function unsetIfAbsent(value: string | undefined): string {
  return value ?? '<unset>';
}
