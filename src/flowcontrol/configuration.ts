/**
 * The APF configuration each isolate classifies a cluster's requests with: the FlowSchemas and
 * PriorityLevelConfigurations of storage (a CollectionCache in the cluster's context, checked at
 * most once a second, read again at once after a flowcontrol write through this isolate), with
 * kube's mandatory objects imagined where storage lacks them, FlowSchemas sorted by precedence and
 * name, dangling ones left out.
 */
import bootstrap from '../../data/bootstrap-flowcontrol.json';
import { compareGoStrings } from '../apimachinery/selectors/go-strings.js';
import type { ClusterContext } from '../cluster/context.js';
import { CollectionCache, collectionCacheSlot } from '../registry/collection-cache.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { FlowSchemaEntry, PriorityLevel } from './classify.js';
import { flowSchemaType, priorityLevelType } from './types.js';

export interface FlowControlConfiguration {
  schemas: FlowSchemaEntry[];
  levels: Map<string, PriorityLevel>;
}

type Json = any;

function levelOf(name: string, uid: string, spec: Json): PriorityLevel {
  const limited = spec?.limited;
  const queuing = limited?.limitResponse?.queuing;
  return {
    name, uid, exempt: spec?.type === 'Exempt',
    shares: limited?.nominalConcurrencyShares ?? 30,
    reject: limited?.limitResponse?.type !== 'Queue',
    queueCapacity: queuing ? (queuing.queues ?? 64) * (queuing.queueLengthLimit ?? 50) : 0,
  };
}

function schemaOf(name: string, uid: string, spec: Json): FlowSchemaEntry {
  const rules = (spec?.rules ?? []).map((rule: Json) => ({
    subjects: (rule.subjects ?? []).map((subject: Json) => {
      const member = subject.kind === 'User' ? subject.user : subject.kind === 'Group' ? subject.group : subject.serviceAccount;
      return { kind: subject.kind ?? '', name: member?.name ?? '', namespace: member?.namespace ?? '' };
    }),
    resourceRules: (rule.resourceRules ?? []).map((item: Json) => ({
      verbs: item.verbs ?? [], apiGroups: item.apiGroups ?? [], resources: item.resources ?? [], clusterScope: item.clusterScope === true, namespaces: item.namespaces ?? [],
    })),
    nonResourceRules: (rule.nonResourceRules ?? []).map((item: Json) => ({ verbs: item.verbs ?? [], nonResourceURLs: item.nonResourceURLs ?? [] })),
  }));
  return { name, uid, precedence: spec?.matchingPrecedence ?? 1000, priorityLevel: spec?.priorityLevelConfiguration?.name ?? '', rules };
}

/** The configuration of these stored objects (pure; exported for tests). */
export function configurationOf(levelObjects: KubeObject[], schemaObjects: KubeObject[]): FlowControlConfiguration {
  const levels = new Map(levelObjects.map((object) => [object.metadata.name!, levelOf(object.metadata.name!, object.metadata.uid ?? '', object.spec)]));
  const schemas = schemaObjects.map((object) => schemaOf(object.metadata.name!, object.metadata.uid ?? '', object.spec));
  for (const item of bootstrap.priorityLevels.filter((level) => level.mandatory && !levels.has(level.name))) levels.set(item.name, levelOf(item.name, '', item.spec));
  for (const item of bootstrap.flowSchemas.filter((schema) => schema.mandatory && !schemas.some((existing) => existing.name === schema.name))) schemas.push(schemaOf(item.name, '', item.spec));
  const served = schemas.filter((schema) => levels.has(schema.priorityLevel));
  served.sort((left, right) => left.precedence - right.precedence || compareGoStrings(left.name, right.name));
  return { schemas: served, levels };
}

const configurationCache = collectionCacheSlot(() =>
  new CollectionCache<FlowControlConfiguration>(() => [priorityLevelType(), flowSchemaType()], ([levels = [], schemas = []]) => configurationOf(levels, schemas)));

/** The current configuration of `cluster` (at most a second old). */
export function flowControlConfiguration(cluster: ClusterContext): Promise<FlowControlConfiguration> {
  return configurationCache.of(cluster).current(cluster);
}

/** The next request reads the configuration again (the bootstrap ensurer wrote). */
export function forgetFlowControlConfiguration(cluster: ClusterContext): void {
  configurationCache.of(cluster).forget();
}
