/** The flowcontrol.apiserver.k8s.io/v1 types of the catalog and the API's fixed names. */
import { findResource, type ResourceType } from '../api/catalog.js';

export const flowcontrolGroup = 'flowcontrol.apiserver.k8s.io';
export const apiVersion = `${flowcontrolGroup}/v1`;
/** Set on the bootstrap objects: "true" lets kube keep (or restore) their spec, and delete an unwanted object. */
export const autoUpdateAnnotation = 'apf.kubernetes.io/autoupdate-spec';
/** The field manager of kube's bootstrap ensurer (pkg/registry/flowcontrol/ensurer). */
export const producerManager = 'api-priority-and-fairness-config-producer-v1';
/** The field manager of kube's APF controller, which writes the FlowSchemas' Dangling condition. */
export const consumerManager = 'api-priority-and-fairness-config-consumer-v1';

export function flowSchemaType(): ResourceType {
  return findResource(flowcontrolGroup, 'v1', 'flowschemas')!;
}

export function priorityLevelType(): ResourceType {
  return findResource(flowcontrolGroup, 'v1', 'prioritylevelconfigurations')!;
}
