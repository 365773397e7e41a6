/**
 * CSI storage kinds: volume attachments, CSI drivers, CSI nodes and CSI storage capacities
 * (printVolumeAttachment, printCSIDriver, printCSINode, printCSIStorageCapacity). Boolean columns
 * hold booleans, with the API's defaults for unset fields.
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { booleanAt, column, hasField, listAt, optionalBooleanAt, stringAt, stringsAt, valueAt } from './fields.js';
import { ageOf, nameOf, quantityText } from './format.js';

/** kube's printVolumeAttachment. Its Attacher column has format `name`, a kube quirk. */
export const volumeAttachmentPrinter: Printer = {
  columns: [
    nameColumn,
    { ...column('Attacher', 'Attacher indicates the name of the volume driver that MUST handle this request. This is the name returned by GetPluginName().'), format: 'name' },
    column('PV', 'Name of the persistent volume to attach.'),
    column('Node', 'The node that the volume should be attached to.'),
    column('Attached', 'Indicates the volume is successfully attached. This field must only be set by the entity completing the attach operation, i.e. the external-attacher.', 'boolean'),
    ageColumn,
  ],
  cells: (attachment, now) => [
    nameOf(attachment), stringAt(attachment, 'spec', 'attacher'), stringAt(attachment, 'spec', 'source', 'persistentVolumeName'),
    stringAt(attachment, 'spec', 'nodeName'), booleanAt(attachment, 'status', 'attached'), ageOf(attachment, now),
  ],
};

/** kube's printCSIDriver. */
export const csiDriverPrinter: Printer = {
  columns: [
    nameColumn,
    column('AttachRequired', 'attachRequired indicates this CSI volume driver requires an attach operation (because it implements the CSI ControllerPublishVolume() method), and that the Kubernetes attach detach controller should call the attach volume interface which checks the volumeattachment status and waits until the volume is attached before proceeding to mounting. The CSI external-attacher coordinates with CSI volume driver and updates the volumeattachment status when the attach operation is complete. If the CSIDriverRegistry feature gate is enabled and the value is specified to false, the attach operation will be skipped. Otherwise the attach operation will be called.\n\nThis field is immutable.', 'boolean'),
    column('PodInfoOnMount', 'If set to true, podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations. If set to false, pod information will not be passed on mount. Default is false. The CSI driver specifies podInfoOnMount as part of driver deployment. If true, Kubelet will pass pod information as VolumeContext in the CSI NodePublishVolume() calls. The CSI driver is responsible for parsing and validating the information passed in as VolumeContext. The following VolumeConext will be passed if podInfoOnMount is set to true. This list might grow, but the prefix will be used. "csi.storage.k8s.io/pod.name": pod.Name "csi.storage.k8s.io/pod.namespace": pod.Namespace "csi.storage.k8s.io/pod.uid": string(pod.UID) "csi.storage.k8s.io/ephemeral": "true" if the volume is an ephemeral inline volume\n                                defined by a CSIVolumeSource, otherwise "false"\n\n"csi.storage.k8s.io/ephemeral" is a new feature in Kubernetes 1.16. It is only required for drivers which support both the "Persistent" and "Ephemeral" VolumeLifecycleMode. Other drivers can leave pod info disabled and/or ignore this field. As Kubernetes 1.15 doesn\'t support this field, drivers can only support one mode when deployed on such a cluster and the deployment determines which mode that is, for example via a command line parameter of the driver.\n\nThis field is immutable.', 'boolean'),
    column('StorageCapacity', 'If set to true, storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report by creating CSIStorageCapacity objects with capacity information.\n\nThe check can be enabled immediately when deploying a driver. In that case, provisioning new volumes with late binding will pause until the driver deployment has published some suitable CSIStorageCapacity object.\n\nAlternatively, the driver can be deployed with the field unset or false and it can be flipped later when storage capacity information has been published.\n\nThis field was immutable in Kubernetes <= 1.22 and now is mutable.', 'boolean'),
    column('TokenRequests', 'TokenRequests indicates the CSI driver needs pods\' service account tokens it is mounting volume for to do necessary authentication. Kubelet will pass the tokens in VolumeContext in the CSI NodePublishVolume calls. The CSI driver should parse and validate the following VolumeContext: "csi.storage.k8s.io/serviceAccount.tokens": {\n  "<audience>": {\n    "token": <token>,\n    "expirationTimestamp": <expiration timestamp in RFC3339>,\n  },\n  ...\n}\n\nNote: Audience in each TokenRequest should be different and at most one token is empty string. To receive a new token after expiry, RequiresRepublish can be used to trigger NodePublishVolume periodically.'),
    column('RequiresRepublish', 'RequiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume. This field defaults to false.\n\nNote: After a successful initial NodePublishVolume call, subsequent calls to NodePublishVolume should only update the contents of the volume. New mount points will not be seen by a running container.', 'boolean'),
    column('Modes', 'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports. The default if the list is empty is "Persistent", which is the usage defined by the CSI specification and implemented in Kubernetes via the usual PV/PVC mechanism. The other mode is "Ephemeral". In this mode, volumes are defined inline inside the pod spec with CSIVolumeSource and their lifecycle is tied to the lifecycle of that pod. A driver has to be aware of this because it is only going to get a NodePublishVolume call for such a volume. For more information about implementing this mode, see https://kubernetes-csi.github.io/docs/ephemeral-local-volumes.html A driver can support one or more of these modes and more modes may be added in the future. This field is beta.\n\nThis field is immutable.'),
    ageColumn,
  ],
  cells: (driver, now) => {
    const modes = stringsAt(driver, 'spec', 'volumeLifecycleModes').join(',');
    return [
      nameOf(driver), optionalBooleanAt(driver, 'spec', 'attachRequired') ?? true, booleanAt(driver, 'spec', 'podInfoOnMount'),
      booleanAt(driver, 'spec', 'storageCapacity'), tokenRequests(driver), booleanAt(driver, 'spec', 'requiresRepublish'),
      modes === '' ? '<none>' : modes, ageOf(driver, now),
    ];
  },
};

/** kube's printCSINode: the number of registered drivers. */
export const csiNodePrinter: Printer = {
  columns: [nameColumn, column('Drivers', 'Drivers indicates the number of CSI drivers registered on the node', 'integer'), ageColumn],
  cells: (node, now) => [nameOf(node), listAt(node, 'spec', 'drivers').length, ageOf(node, now)],
};

/** kube's printCSIStorageCapacity: no AGE column. */
export const csiStorageCapacityPrinter: Printer = {
  columns: [
    nameColumn,
    column('StorageClassName', 'The name of the StorageClass that the reported capacity applies to. It must meet the same requirements as the name of a StorageClass object (non-empty, DNS subdomain). If that object no longer exists, the CSIStorageCapacity object is obsolete and should be removed by its creator. This field is immutable.'),
    column('Capacity', 'Capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest with topology and parameters that match the previous fields.\n\nThe semantic is currently (CSI spec 1.2) defined as: The available capacity, in bytes, of the storage that can be used to provision volumes. If not set, that information is currently unavailable.'),
  ],
  cells: (capacity) => [
    nameOf(capacity), stringAt(capacity, 'storageClassName'), hasField(capacity, 'capacity') ? quantityText(valueAt(capacity, 'capacity')) : '<unset>',
  ],
};

/** The token requests' audiences, `<unset>` when the field is absent (an empty list prints ''). */
function tokenRequests(driver: unknown): string {
  if (!hasField(driver, 'spec', 'tokenRequests')) return '<unset>';
  return listAt(driver, 'spec', 'tokenRequests').map((request) => stringAt(request, 'audience')).join(',');
}
