/**
 * Services, endpoints and endpoint slices (printService, printEndpoints, printEndpointSlice).
 * The API server prints with Wide set, so load-balancer addresses are never clipped to the 16
 * characters kubectl's own client-side printing would keep.
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, numberAt, optionalNumberAt, optionalStringAt, stringAt, stringMapAt, stringsAt, valueAt, wideColumn } from './fields.js';
import { ageOf, formatLabels, listWithMore, nameOf } from './format.js';

/** kube's printService. */
export const servicePrinter: Printer = {
  columns: [
    nameColumn,
    column('Type', 'type determines how the Service is exposed. Defaults to ClusterIP. Valid options are ExternalName, ClusterIP, NodePort, and LoadBalancer. "ClusterIP" allocates a cluster-internal IP address for load-balancing to endpoints. Endpoints are determined by the selector or if that is not specified, by manual construction of an Endpoints object or EndpointSlice objects. If clusterIP is "None", no virtual IP is allocated and the endpoints are published as a set of endpoints rather than a virtual IP. "NodePort" builds on ClusterIP and allocates a port on every node which routes to the same endpoints as the clusterIP. "LoadBalancer" builds on NodePort and creates an external load-balancer (if supported in the current cloud) which routes to the same endpoints as the clusterIP. "ExternalName" aliases this service to the specified externalName. Several other fields do not apply to ExternalName services. More info: https://kubernetes.io/docs/concepts/services-networking/service/#publishing-services-service-types'),
    column('Cluster-IP', 'clusterIP is the IP address of the service and is usually assigned randomly. If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be blank) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are "None", empty string (""), or a valid IP address. Setting this to "None" makes a "headless service" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies'),
    column('External-IP', 'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.  These IPs are not managed by Kubernetes.  The user is responsible for ensuring that traffic arrives at a node with this IP.  A common example is external load-balancers that are not part of the Kubernetes system.'),
    column('Port(s)', 'The list of ports that are exposed by this service. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies'),
    ageColumn,
    wideColumn('Selector', 'Route service traffic to pods with label keys and values matching this selector. If empty or not present, the service is assumed to have an external process managing its endpoints, which Kubernetes will not modify. Only applies to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/'),
  ],
  cells: (service, now) => [
    nameOf(service), stringAt(service, 'spec', 'type'), clusterIP(service), externalIP(service), servicePorts(service),
    ageOf(service, now), formatLabels(stringMapAt(service, 'spec', 'selector')),
  ],
};

/** kube's printEndpoints. */
export const endpointsPrinter: Printer = {
  columns: [
    nameColumn,
    column('Endpoints', 'The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service.'),
    ageColumn,
  ],
  cells: (endpoints, now) => [nameOf(endpoints), formatEndpoints(endpoints), ageOf(endpoints, now)],
};

/** kube's printEndpointSlice (descriptions from discovery/v1beta1). */
export const endpointSlicePrinter: Printer = {
  columns: [
    nameColumn,
    column('AddressType', 'addressType specifies the type of address carried by this EndpointSlice. All addresses in this slice must be the same type. This field is immutable after creation. The following address types are currently supported: * IPv4: Represents an IPv4 Address. * IPv6: Represents an IPv6 Address. * FQDN: Represents a Fully Qualified Domain Name.'),
    column('Ports', 'ports specifies the list of network ports exposed by each endpoint in this slice. Each port must have a unique name. When ports is empty, it indicates that there are no defined ports. When a port is defined with a nil port value, it indicates "all ports". Each slice may include a maximum of 100 ports.'),
    column('Endpoints', 'endpoints is a list of unique endpoints in this slice. Each slice may include a maximum of 1000 endpoints.'),
    ageColumn,
  ],
  cells: (slice, now) => [nameOf(slice), stringAt(slice, 'addressType'), slicePorts(slice), sliceEndpoints(slice), ageOf(slice, now)],
};

/** The first of clusterIPs (v1's clusterIP when clusterIPs is missing), `<none>` without any. */
function clusterIP(service: unknown): string {
  return stringsAt(service, 'spec', 'clusterIPs')[0] ?? (stringAt(service, 'spec', 'clusterIP') || '<none>');
}

/** getServiceExternalIP: external IPs, the load balancer's addresses, or the external name. */
function externalIP(service: unknown): string {
  const externalIPs = stringsAt(service, 'spec', 'externalIPs');
  switch (stringAt(service, 'spec', 'type')) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const balancer = loadBalancerAddresses(valueAt(service, 'status', 'loadBalancer'));
      if (externalIPs.length > 0) return [...balancer, ...externalIPs].join(',');
      return balancer.length > 0 ? balancer.join(',') : '<pending>';
    }
    case 'ExternalName':
      return stringAt(service, 'spec', 'externalName');
    default:
      return '<unknown>';
  }
}

/** loadBalancerStatusStringer: each ingress point's IP, else its hostname; sorted and unique. */
export function loadBalancerAddresses(status: unknown): string[] {
  const addresses = new Set<string>();
  for (const ingress of listAt(status, 'ingress')) {
    const address = stringAt(ingress, 'ip') || stringAt(ingress, 'hostname');
    if (address !== '') addresses.add(address);
  }
  return [...addresses].sort(compareGoStrings);
}

/** makePortString: `port/protocol`, or `port:nodePort/protocol`; `<none>` without ports. */
function servicePorts(service: unknown): string {
  const ports = listAt(service, 'spec', 'ports').map((port) => {
    const nodePort = numberAt(port, 'nodePort');
    const protocol = stringAt(port, 'protocol');
    return nodePort > 0 ? `${numberAt(port, 'port')}:${nodePort}/${protocol}` : `${numberAt(port, 'port')}/${protocol}`;
  });
  return ports.length === 0 ? '<none>' : ports.join(',');
}

/**
 * formatEndpoints: `ip:port` for every address and port (just `ip` in a subset without ports),
 * the first three and `+ N more...` for the rest; `<none>` without subsets.
 */
function formatEndpoints(endpoints: unknown): string {
  const subsets = listAt(endpoints, 'subsets');
  if (subsets.length === 0) return '<none>';
  const max = 3;
  const list: string[] = [];
  let count = 0;
  for (const subset of subsets) {
    const addresses = listAt(subset, 'addresses').map((address) => stringAt(address, 'ip'));
    const ports = listAt(subset, 'ports');
    const groups = ports.length === 0 ? [addresses] : ports.map((port) => addresses.map((ip) => joinHostPort(ip, numberAt(port, 'port'))));
    for (const group of groups) {
      count += group.length;
      list.push(...group.slice(0, max - list.length));
    }
  }
  const text = list.join(',');
  return count > max ? `${text} + ${count - max} more...` : text;
}

/** net.JoinHostPort: IPv6 addresses in brackets. */
function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** formatDiscoveryPorts: each port's number, else its name, else `*`. */
function slicePorts(slice: unknown): string {
  const ports = listAt(slice, 'ports').map((port) => {
    const number = optionalNumberAt(port, 'port');
    if (number !== undefined) return String(number);
    return optionalStringAt(port, 'name') ?? '*';
  });
  return firstThree(ports);
}

/** formatDiscoveryEndpoints: every address of every endpoint. */
function sliceEndpoints(slice: unknown): string {
  return firstThree(listAt(slice, 'endpoints').flatMap((endpoint) => stringsAt(endpoint, 'addresses')));
}

function firstThree(items: string[]): string {
  return listWithMore(items.slice(0, 3), items.length > 3, items.length, 3);
}
