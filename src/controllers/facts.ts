/**
 * What the controllers (garbage collector, namespace deleter, graceful deletion) need to know of
 * an object: computed by the write path for the object before and after a write, to tell what
 * the write changed for them (events.ts).
 */
import type { ResourceType } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';

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

export interface ControllerFacts extends ObjectCoordinates {
  uid: string;
  owners?: OwnerLink[];
  finalizers?: string[];
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
}

/** The facts of `object`, of type `type`. */
export function controllerFactsOf(type: ResourceType, object: KubeObject): ControllerFacts {
  const meta = object.metadata;
  const facts: ControllerFacts = {
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
