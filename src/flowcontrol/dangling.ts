/**
 * The Dangling condition kube's APF controller keeps on every FlowSchema (apf_controller.go):
 * False/Found when the PriorityLevelConfiguration it names exists, True/NotFound when it does
 * not, applied to /status by server-side apply as `api-priority-and-fairness-config-consumer-v1`
 * whenever status, reason or message would change (the transition time is the time of that write).
 */
import type { ClusterContext } from '../cluster/context.js';
import { applyOnto, fieldManagement } from '../registry/field-manager.js';
import { kubeTimestamp, type KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { notFound } from '../apimachinery/status.js';
import { ignoreWriteRaces } from '../registry/write-races.js';
import { apiVersion, consumerManager, flowSchemaType } from './types.js';

interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason: string;
  message: string;
}

/** The Dangling condition a FlowSchema should carry, given the names of the existing priority levels. */
export function danglingCondition(flowSchema: KubeObject, levelNames: Set<string>): Condition {
  const level = ((flowSchema.spec as { priorityLevelConfiguration?: { name?: string } } | undefined)?.priorityLevelConfiguration?.name) ?? '';
  const quoted = JSON.stringify(level);
  return levelNames.has(level)
    ? { type: 'Dangling', status: 'False', reason: 'Found', message: `This FlowSchema references the PriorityLevelConfiguration object named ${quoted} and it exists` }
    : { type: 'Dangling', status: 'True', reason: 'NotFound', message: `This FlowSchema references the PriorityLevelConfiguration object named ${quoted} but there is no such object` };
}

function current(flowSchema: KubeObject): Condition | undefined {
  const conditions = (flowSchema.status as { conditions?: Condition[] } | undefined)?.conditions ?? [];
  return conditions.find((condition) => condition.type === 'Dangling');
}

/** Applies the Dangling condition to every FlowSchema whose condition is not the wanted one. */
export async function syncDanglingConditions(cluster: ClusterContext, schemas: KubeObject[], levels: KubeObject[], now: Date): Promise<void> {
  const levelNames = new Set(levels.map((level) => level.metadata.name!));
  const type = flowSchemaType();
  const store = storeFor(cluster, type, 'status');
  await Promise.all(schemas.map(async (schema) => {
    const wanted = danglingCondition(schema, levelNames);
    const have = current(schema);
    if (have && have.status === wanted.status && have.reason === wanted.reason && have.message === wanted.message) return;
    const config: KubeObject = { apiVersion, kind: 'FlowSchema', metadata: { name: schema.metadata.name! }, status: { conditions: [{ ...wanted, lastTransitionTime: kubeTimestamp(now) }] } };
    const management = fieldManagement(type, consumerManager, 'status', now);
    await ignoreWriteRaces(store.update('', schema.metadata.name!, (live) => {
      if (!live || live.metadata.uid !== schema.metadata.uid) throw notFound({ group: type.group, resource: type.resource }, schema.metadata.name!);
      return applyOnto(management, live, config, true);
    }, { dryRun: false, now }));
  }));
}
