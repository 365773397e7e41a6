/**
 * What the lifecycle controllers (garbage collector, namespace deleter, graceful deletion) need
 * to know of a stored object, computed by the Worker at write time and kept by the Durable
 * Object beside each revision, so it can tell what a write changed without parsing documents.
 */
import type { ResourceType } from '../api/catalog.js';
import type { KubeObject } from '../registry/object.js';

/** An ownerReference, as the garbage collector reads it. */
export interface OwnerLink {
  uid: string;
  apiVersion: string;
  kind: string;
  name: string;
  /** blockOwnerDeletion: a foreground deletion of the owner waits for this dependent. */
  block?: boolean;
}

/** Where an object lives: its type (group, version, resource) and its namespace and name. */
export interface ObjectCoordinates {
  group: string;
  version: string;
  resource: string;
  namespace: string;
  name: string;
}

export interface LifecycleFacts extends ObjectCoordinates {
  uid: string;
  owners?: OwnerLink[];
  finalizers?: string[];
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
}

/** The facts of `object`, of type `type`. */
export function lifecycleFactsOf(type: ResourceType, object: KubeObject): LifecycleFacts {
  const meta = object.metadata;
  const facts: LifecycleFacts = {
    group: type.group, version: type.version, resource: type.resource,
    namespace: meta.namespace ?? '', name: meta.name ?? '', uid: meta.uid ?? '',
  };
  if (meta.ownerReferences?.length) facts.owners = meta.ownerReferences.map(ownerLink);
  if (meta.finalizers?.length) facts.finalizers = [...meta.finalizers];
  if (meta.deletionTimestamp) facts.deletionTimestamp = meta.deletionTimestamp;
  if (meta.deletionGracePeriodSeconds !== undefined) facts.deletionGracePeriodSeconds = meta.deletionGracePeriodSeconds;
  return facts;
}

function ownerLink(reference: { uid: string; apiVersion: string; kind: string; name: string; blockOwnerDeletion?: boolean }): OwnerLink {
  const link: OwnerLink = { uid: reference.uid, apiVersion: reference.apiVersion, kind: reference.kind, name: reference.name };
  if (reference.blockOwnerDeletion) link.block = true;
  return link;
}
