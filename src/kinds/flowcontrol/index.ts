/** flowcontrol.apiserver.k8s.io/v1 FlowSchema and PriorityLevelConfiguration semantics, kube v1.32. */
import type { KindSemanticsTable } from '../types.js';
import { defaultFlowSchema, defaultPriorityLevelConfiguration } from './defaults.js';
import { validateConditions } from './conditions.js';
import { validateFlowSchema } from './flow-schema-validation.js';
import { validatePriorityLevelConfiguration } from './priority-level-validation.js';

export const flowcontrolKinds: KindSemanticsTable = {
  'flowcontrol.apiserver.k8s.io/FlowSchema': {
    default: defaultFlowSchema,
    validate: validateFlowSchema,
    validateUpdate: (object) => validateFlowSchema(object),
    validateStatusUpdate: (object) => validateConditions(object),
  },
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': {
    default: defaultPriorityLevelConfiguration,
    validate: validatePriorityLevelConfiguration,
    validateUpdate: (object) => validatePriorityLevelConfiguration(object),
    validateStatusUpdate: (object) => validateConditions(object),
  },
};
