/** apiregistration.k8s.io/v1 semantics (kube-aggregator, kube v1.32). */
import type { KindSemanticsTable } from '../types.js';
import { apiServiceSemantics } from './api-service.js';

export const apiregistrationKinds: KindSemanticsTable = {
  'apiregistration.k8s.io/APIService': apiServiceSemantics,
};
