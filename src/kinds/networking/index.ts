/** Semantics of the networking kinds (networking.k8s.io, discovery.k8s.io), kube v1.32. */
import type { KindSemanticsTable } from '../types.js';
import { endpointSliceSemantics } from './endpoint-slice.js';
import { ingressClassSemantics } from './ingress-class.js';
import { ingressSemantics } from './ingress.js';
import { networkPolicySemantics } from './network-policy.js';

export const networkingKinds: KindSemanticsTable = {
  'networking.k8s.io/Ingress': ingressSemantics,
  'networking.k8s.io/IngressClass': ingressClassSemantics,
  'networking.k8s.io/NetworkPolicy': networkPolicySemantics,
  'discovery.k8s.io/EndpointSlice': endpointSliceSemantics,
};
