/**
 * What the workload kinds (apps, batch: src/kinds/workloads) reuse from the core group for their
 * pod templates, with every path under a caller's prefix such as `spec.template`.
 */
export { defaultContainer, defaultPod, defaultPodSpec, defaultPodTemplate, defaultPodTemplateMetadata } from './pod-defaults.js';
export { validatePodSpec, validatePodTemplateSpec, type PodSpecOptions } from './pod-spec-validation.js';
export { goStringMapLiteral } from './go-values.js';
export { canonicalResourceQuantity, defaultResourceList, formatQuantity, parseQuantity, type Quantity } from './quantity.js';
export { isValidPortName, isValidPortNumber, validatePortNumberOrName } from './network.js';
