/**
 * What the workload kinds (apps, batch: src/kinds/workloads) reuse from the core group for their
 * pod templates, with every path under a caller's prefix such as `spec.template`. Quantities, ports
 * and IP addresses are in src/core (quantity.ts, validation/ports.ts, validation/ip-addresses.ts).
 */
export { defaultContainer, defaultPod, defaultPodSpec, defaultPodTemplate, defaultPodTemplateMetadata } from './pod-defaults.js';
export { validatePodSpec, validatePodTemplateSpec, type PodSpecOptions } from './pod-spec-validation.js';
export { goStringMapLiteral } from './go-values.js';
export { canonicalResourceQuantity, defaultResourceList } from './resource-list.js';
