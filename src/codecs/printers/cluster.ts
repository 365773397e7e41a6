/**
 * Cluster-wide kinds: nodes, component statuses, leases, runtime classes and priority classes
 * (printNode, printComponentStatus, printLease, printRuntimeClass, printPriorityClass).
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { booleanAt, column, listAt, numberAt, stringAt, stringMapAt, valueAt, wideColumn } from './fields.js';
import { ageOf, nameOf } from './format.js';

const nodeAddressesDescription = 'List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node\'s address in its own status or consumers of the downward API (status.hostIP).';

/** kube's printNode. */
export const nodePrinter: Printer = {
  columns: [
    nameColumn,
    column('Status', 'The status of the node'),
    column('Roles', 'The roles of the node'),
    ageColumn,
    column('Version', 'Kubelet Version reported by the node.'),
    wideColumn('Internal-IP', nodeAddressesDescription),
    wideColumn('External-IP', nodeAddressesDescription),
    wideColumn('OS-Image', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).'),
    wideColumn('Kernel-Version', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64)."),
    wideColumn('Container-Runtime', 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).'),
  ],
  cells: (node, now) => {
    const info = valueAt(node, 'status', 'nodeInfo');
    return [
      nameOf(node), nodeStatus(node), nodeRoles(node), ageOf(node, now), stringAt(info, 'kubeletVersion'),
      nodeAddress(node, 'InternalIP'), nodeAddress(node, 'ExternalIP'),
      orUnknown(stringAt(info, 'osImage')), orUnknown(stringAt(info, 'kernelVersion')), orUnknown(stringAt(info, 'containerRuntimeVersion')),
    ];
  },
};

/** kube's printComponentStatus: the Healthy condition's status, message and error. */
export const componentStatusPrinter: Printer = {
  columns: [
    nameColumn,
    column('Status', 'Status of the component conditions'),
    column('Message', 'Message of the component conditions'),
    column('Error', 'Error of the component conditions'),
  ],
  cells: (component) => {
    const healthy = listAt(component, 'conditions').find((condition) => stringAt(condition, 'type') === 'Healthy');
    if (healthy === undefined) return [nameOf(component), 'Unknown', '', ''];
    const status = stringAt(healthy, 'status') === 'True' ? 'Healthy' : 'Unhealthy';
    return [nameOf(component), status, stringAt(healthy, 'message'), stringAt(healthy, 'error')];
  },
};

/** kube's printLease. */
export const leasePrinter: Printer = {
  columns: [nameColumn, column('Holder', 'holderIdentity contains the identity of the holder of a current lease. If Coordinated Leader Election is used, the holder identity must be equal to the elected LeaseCandidate.metadata.name field.'), ageColumn],
  cells: (lease, now) => [nameOf(lease), stringAt(lease, 'spec', 'holderIdentity'), ageOf(lease, now)],
};

/**
 * kube's printRuntimeClass. The Handler column's description is empty: kube looks it up in
 * ObjectMeta's documentation, which has no `handler` field.
 */
export const runtimeClassPrinter: Printer = {
  columns: [nameColumn, column('Handler', ''), ageColumn],
  cells: (runtimeClass, now) => [nameOf(runtimeClass), stringAt(runtimeClass, 'handler'), ageOf(runtimeClass, now)],
};

/**
 * kube's printPriorityClass. v1.32 added PREEMPTIONPOLICY (priority 0 though kube only fills it
 * for wide output, which the server always asks for).
 */
export const priorityClassPrinter: Printer = {
  columns: [
    nameColumn,
    column('Value', 'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.', 'integer'),
    column('Global-Default', 'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.', 'boolean'),
    ageColumn,
    column('PreemptionPolicy', 'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.'),
  ],
  cells: (priorityClass, now) => [
    nameOf(priorityClass), numberAt(priorityClass, 'value'), booleanAt(priorityClass, 'globalDefault'), ageOf(priorityClass, now),
    stringAt(priorityClass, 'preemptionPolicy'),
  ],
};

/** `Ready` or `NotReady` from the Ready condition, `Unknown` without one; `,SchedulingDisabled` when cordoned. */
function nodeStatus(node: unknown): string {
  const conditions = listAt(node, 'status', 'conditions');
  // kube indexes the conditions by type, so the last Ready condition wins.
  const ready = conditions.filter((condition) => stringAt(condition, 'type') === 'Ready').at(-1);
  const status = ready === undefined ? ['Unknown'] : [stringAt(ready, 'status') === 'True' ? 'Ready' : 'NotReady'];
  if (booleanAt(node, 'spec', 'unschedulable')) status.push('SchedulingDisabled');
  return status.join(',');
}

/** findNodeRoles: `node-role.kubernetes.io/<role>` label keys and `kubernetes.io/role` values, sorted. */
function nodeRoles(node: unknown): string {
  const roles = new Set<string>();
  for (const [key, value] of Object.entries(stringMapAt(node, 'metadata', 'labels'))) {
    const prefix = 'node-role.kubernetes.io/';
    if (key.startsWith(prefix) && key.length > prefix.length) roles.add(key.slice(prefix.length));
    else if (key === 'kubernetes.io/role' && value !== '') roles.add(value);
  }
  return roles.size === 0 ? '<none>' : [...roles].sort(compareGoStrings).join(',');
}

/** The first address of `type`, `<none>` without one. */
function nodeAddress(node: unknown, type: string): string {
  const address = listAt(node, 'status', 'addresses').find((item) => stringAt(item, 'type') === type);
  return address === undefined ? '<none>' : stringAt(address, 'address');
}

function orUnknown(value: string): string {
  return value === '' ? '<unknown>' : value;
}
