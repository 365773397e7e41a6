/**
 * audit.k8s.io/v1 as kube v1.32 defines it (k8s.io/apiserver/pkg/apis/audit/v1/types.go): the
 * Policy that chooses a level per request, and the Event written at each stage of a request.
 */

export type Level = 'None' | 'Metadata' | 'Request' | 'RequestResponse';
export type Stage = 'RequestReceived' | 'ResponseStarted' | 'ResponseComplete' | 'Panic';

export const levels: Level[] = ['None', 'Metadata', 'Request', 'RequestResponse'];
export const stages: Stage[] = ['RequestReceived', 'ResponseStarted', 'ResponseComplete', 'Panic'];

/** Whether `level` is below `other` (Level.Less). */
export const levelBelow = (level: Level, other: Level): boolean => levels.indexOf(level) < levels.indexOf(other);

export interface GroupResources {
  group?: string;
  resources?: string[];
  resourceNames?: string[];
}

export interface PolicyRule {
  level: Level;
  users?: string[];
  userGroups?: string[];
  verbs?: string[];
  resources?: GroupResources[];
  namespaces?: string[];
  nonResourceURLs?: string[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

export interface Policy {
  apiVersion?: string;
  kind?: string;
  rules?: PolicyRule[];
  omitStages?: Stage[];
  omitManagedFields?: boolean;
}

/** What the policy decided for one request (RequestAuditConfig). */
export interface RequestAuditConfig {
  level: Level;
  omitStages: Stage[];
  omitManagedFields: boolean;
}

export interface ObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

export interface EventUser {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export interface ResponseStatus {
  metadata: Record<string, never>;
  status?: string;
  message?: string;
  reason?: string;
  details?: unknown;
  code?: number;
}

/** An audit.k8s.io/v1 Event, fields in kube's order. */
export interface AuditEvent {
  kind: 'Event';
  apiVersion: 'audit.k8s.io/v1';
  level: Level;
  auditID: string;
  stage: Stage;
  requestURI: string;
  verb: string;
  user: EventUser;
  impersonatedUser?: EventUser;
  sourceIPs?: string[];
  userAgent?: string;
  objectRef?: ObjectReference;
  responseStatus?: ResponseStatus;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: string;
  stageTimestamp: string;
  annotations?: Record<string, string>;
}
