/**
 * API Priority and Fairness' classification (k8s.io/apiserver/pkg/util/flowcontrol, kube v1.32):
 * the FlowSchemas, in order of matchingPrecedence then name, skipping those whose priority level
 * does not exist (Dangling); the first with a rule whose subjects match the user and whose
 * resource rules (or, for a non-resource request, non-resource rules) match the request wins.
 * The mandatory exempt and catch-all objects are always there: when missing from storage kube
 * imagines them, without a uid.
 */
import type { RequestInfo } from '../apimachinery/request-info.js';
import type { UserInfo } from '../rbac/index.js';

export interface PriorityLevel {
  name: string;
  uid: string;
  exempt: boolean;
  /** nominalConcurrencyShares of a Limited level. */
  shares: number;
  /** Reject instead of queueing when the level is full. */
  reject: boolean;
  /** queues * queueLengthLimit: how many requests may wait. */
  queueCapacity: number;
}

export interface FlowSchemaRule {
  subjects: Subject[];
  resourceRules: { verbs: string[]; apiGroups: string[]; resources: string[]; clusterScope: boolean; namespaces: string[] }[];
  nonResourceRules: { verbs: string[]; nonResourceURLs: string[] }[];
}

export interface Subject {
  kind: string;
  name: string;
  namespace: string;
}

export interface FlowSchemaEntry {
  name: string;
  uid: string;
  precedence: number;
  priorityLevel: string;
  rules: FlowSchemaRule[];
}

export interface Classification {
  flowSchema: FlowSchemaEntry;
  priorityLevel: PriorityLevel;
}

const all = '*';
const has = (list: string[], value: string): boolean => list.includes(all) || list.includes(value);

function subjectMatches(subject: Subject, user: UserInfo): boolean {
  switch (subject.kind) {
    case 'User':
      return subject.name === all || subject.name === user.name;
    case 'Group':
      return subject.name === all || user.groups.includes(subject.name);
    case 'ServiceAccount':
      return subject.name === all
        ? user.name.startsWith(`system:serviceaccount:${subject.namespace}:`)
        : user.name === `system:serviceaccount:${subject.namespace}:${subject.name}`;
    default:
      return false;
  }
}

function resourceMatches(resources: string[], info: RequestInfo): boolean {
  if (resources.includes(all)) return true;
  return resources.includes(info.subresource ? `${info.resource}/${info.subresource}` : info.resource);
}

function nonResourceUrlMatches(urls: string[], path: string): boolean {
  return urls.some((url) => url === all || url === path || (url.endsWith('*') && path.startsWith(url.slice(0, -1))));
}

function ruleMatches(rule: FlowSchemaRule, user: UserInfo, info: RequestInfo): boolean {
  if (!rule.subjects.some((subject) => subjectMatches(subject, user))) return false;
  if (!info.isResourceRequest) return rule.nonResourceRules.some((item) => has(item.verbs, info.verb) && nonResourceUrlMatches(item.nonResourceURLs, info.path));
  return rule.resourceRules.some((item) => has(item.verbs, info.verb) && has(item.apiGroups, info.apiGroup) && resourceMatches(item.resources, info)
    && (info.namespace === '' ? item.clusterScope : has(item.namespaces, info.namespace)));
}

/** The FlowSchema and priority level of a request; `schemas` sorted, every level they name present. */
export function classify(schemas: FlowSchemaEntry[], levels: Map<string, PriorityLevel>, user: UserInfo, info: RequestInfo): Classification {
  for (const flowSchema of schemas) {
    const priorityLevel = levels.get(flowSchema.priorityLevel);
    if (priorityLevel && flowSchema.rules.some((rule) => ruleMatches(rule, user, info))) return { flowSchema, priorityLevel };
  }
  // catch-all matches every authenticated and unauthenticated request and is always there.
  const catchAll = schemas.find((schema) => schema.name === 'catch-all')!;
  return { flowSchema: catchAll, priorityLevel: levels.get(catchAll.priorityLevel)! };
}
