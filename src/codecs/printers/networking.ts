/** Ingresses, ingress classes and network policies (printIngress, printIngressClass, printNetworkPolicy). */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, optionalStringAt, stringAt, valueAt } from './fields.js';
import { ageOf, formatLabelSelector, nameOf } from './format.js';
import { loadBalancerAddresses } from './services.js';

/** kube's printIngress. */
export const ingressPrinter: Printer = {
  columns: [
    nameColumn,
    column('Class', 'The name of the IngressClass resource that should be used for additional configuration'),
    column('Hosts', 'Hosts that incoming requests are matched against before the ingress rule'),
    column('Address', 'Address is a list containing ingress points for the load-balancer'),
    column('Ports', 'Ports of TLS configurations that open'),
    ageColumn,
  ],
  // The server prints wide, so the address list is not clipped to 16 characters.
  cells: (ingress, now) => [
    nameOf(ingress), optionalStringAt(ingress, 'spec', 'ingressClassName') ?? '<none>', ingressHosts(ingress),
    loadBalancerAddresses(valueAt(ingress, 'status', 'loadBalancer')).join(','),
    listAt(ingress, 'spec', 'tls').length > 0 ? '80, 443' : '80', ageOf(ingress, now),
  ],
};

/** kube's printIngressClass (v1.32 does not yet mark the default class). */
export const ingressClassPrinter: Printer = {
  columns: [
    nameColumn,
    column('Controller', 'Controller that is responsible for handling this class'),
    column('Parameters', 'A reference to a resource with additional parameters'),
    ageColumn,
  ],
  cells: (ingressClass, now) => [nameOf(ingressClass), stringAt(ingressClass, 'spec', 'controller'), ingressClassParameters(ingressClass), ageOf(ingressClass, now)],
};

/** kube's printNetworkPolicy. */
export const networkPolicyPrinter: Printer = {
  columns: [
    nameColumn,
    column('Pod-Selector', 'Selects the pods to which this NetworkPolicy object applies.  The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods.  In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.'),
    ageColumn,
  ],
  // podSelector is a struct, not a pointer, in the internal type: absent reads as empty, `<none>`.
  cells: (policy, now) => [nameOf(policy), formatLabelSelector(valueAt(policy, 'spec', 'podSelector') ?? {}), ageOf(policy, now)],
};

/**
 * formatHosts: the hosts of the first three rules; past three, ` + N more...` where N counts the
 * rules (with a host or not) beyond three. `*` when no rule names a host.
 */
function ingressHosts(ingress: unknown): string {
  const rules = listAt(ingress, 'spec', 'rules');
  const max = 3;
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === max) more = true;
    const host = stringAt(rule, 'host');
    if (!more && host !== '') hosts.push(host);
  }
  if (hosts.length === 0) return '*';
  return more ? `${hosts.join(',')} + ${rules.length - max} more...` : hosts.join(',');
}

/** `Kind.apiGroup/name` of the parameters reference, `<none>` without one. */
function ingressClassParameters(ingressClass: unknown): string {
  const parameters = valueAt(ingressClass, 'spec', 'parameters');
  if (parameters === undefined || parameters === null) return '<none>';
  const group = optionalStringAt(parameters, 'apiGroup');
  const kind = group === undefined ? stringAt(parameters, 'kind') : `${stringAt(parameters, 'kind')}.${group}`;
  return `${kind}/${stringAt(parameters, 'name')}`;
}
