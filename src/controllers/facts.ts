/**
 * What the controllers (garbage collector, namespace deleter, graceful deletion) need to know of
 * an object: computed by the write path for the object before and after a write, to tell what
 * the write changed for them (durable/partition/events.ts, where the facts' shape is defined).
 */
import type { ResourceType } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { ControllerFacts, OwnerLink } from '../durable/partition/events.js';

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
