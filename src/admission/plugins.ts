/**
 * The admission chain's built-in plugins (kube's admission.MutationInterface and
 * ValidationInterface) and the request they see. Which plugins run, and in which order, is the
 * server's choice, registered per cluster where it is assembled (server/assembly/hooks.ts), as
 * kube-apiserver's --enable-admission-plugins list is; the dynamic admission (webhooks,
 * ValidatingAdmissionPolicies) runs after them (dynamic.ts).
 */
import type { ResourceType } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { RequestInfo } from '../apimachinery/request-info.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { UserInfo } from '../rbac/index.js';

/** What admission knows of the request it admits (the endpoints' request scope is one). */
export interface AdmissionRequest {
  /** The control plane the request acts in. */
  cluster: ClusterContext;
  url: URL;
  info: RequestInfo;
  type: ResourceType;
  /** The namespace objects live in: the URL's for namespaced types, "" for cluster-scoped ones. */
  namespace: string;
  /** The request's time. */
  now: Date;
  /** Warnings for the client (Warning headers). */
  warnings: string[];
  /** The user the request acts as. */
  user: UserInfo;
  /** Adds admission's audit annotations to the request's audit event, when it records one. */
  auditAnnotate?: (annotations: Record<string, string>) => void;
}

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE';

export interface AdmissionStep {
  operation: Operation;
  /** The new object (null on DELETE). */
  object: KubeObject | null;
  /** The current object (null on CREATE). */
  old: KubeObject | null;
  dryRun: boolean;
  /** The kind of the objects when it is not the resource's (a /scale write admits autoscaling/v1 Scales). */
  kind?: { group: string; version: string; kind: string };
}

/** Changes the object of a step in place (before the mutating webhooks). */
export interface MutatingPlugin {
  admit(request: AdmissionRequest, step: AdmissionStep): void | Promise<void>;
}

/** Refuses a step by throwing its Status (before the policies and validating webhooks). */
export interface ValidatingPlugin {
  validate(request: AdmissionRequest, step: AdmissionStep): void | Promise<void>;
}

/** The built-in plugins of a cluster, in order. */
export interface AdmissionChain {
  mutating: MutatingPlugin[];
  validating: ValidatingPlugin[];
  /** After the policies and webhooks (kube's ResourceQuota is last, so a write they refuse is never charged). */
  validatingLast: ValidatingPlugin[];
}

/** A cluster's chain (provided by the server's assembly); none otherwise. */
export const admissionChain = new ClusterState<AdmissionChain>(() => ({ mutating: [], validating: [], validatingLast: [] }));
