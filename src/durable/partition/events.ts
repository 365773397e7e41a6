/**
 * Controller events: what a committed write tells the server's own controllers. The write path
 * computes one (controllers/messages.ts) and storage keeps it, in the write's own transaction, in its outbox
 * when the write matters to them:
 *   - every deletion (the object may own others),
 *   - a change of ownerReferences (the owner -> dependents graph changes),
 *   - a write to an object being deleted that changes its deletion state or finalizers
 *     (orphan and foreground deletion, graceful deletion, namespace termination),
 *   - every write of a CustomResourceDefinition (its names, establishment and cleanup) and of a
 *     ControlPlane (its tenant's provisioning and erasure).
 * Other writes (most of them) produce nothing. With the built-in controllers off
 * (BUILTIN_CONTROLLERS=off: kube-controller-manager does garbage collection, namespace deletion
 * and pod grace periods), only the CustomResourceDefinition and ControlPlane events remain.
 */

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

export interface ControllerEvent extends ObjectCoordinates {
  uid: string;
  /** The object is gone (this write deleted it). */
  deleted: boolean;
  /** ownerReferences after the write (none when deleted) and before it. */
  owners: OwnerLink[];
  previousOwners: OwnerLink[];
  finalizers: string[];
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
}

/**
 * The event of a write from `previous` to `next` (null: absent), or null when it matters to no
 * controller; with `builtin` false (BUILTIN_CONTROLLERS=off), only CRD writes matter.
 */
export function controllerEvent(previous: ControllerFacts | null, next: ControllerFacts | null, builtin = true): ControllerEvent | null {
  const facts = next ?? previous;
  if (!facts || (!builtin && !alwaysWatched(facts))) return null;
  const deleted = next === null;
  const owners = next?.owners ?? [];
  const previousOwners = previous?.owners ?? [];
  if (!deleted && !alwaysWatched(facts) && !ownersChanged(previousOwners, owners) && !deletionChanged(previous, next!)) return null;
  const event: ControllerEvent = {
    group: facts.group, version: facts.version, resource: facts.resource, namespace: facts.namespace, name: facts.name,
    uid: facts.uid, deleted, owners, previousOwners, finalizers: facts.finalizers ?? [],
  };
  if (facts.deletionTimestamp) event.deletionTimestamp = facts.deletionTimestamp;
  if (facts.deletionGracePeriodSeconds !== undefined) event.deletionGracePeriodSeconds = facts.deletionGracePeriodSeconds;
  return event;
}

/** Types whose every write some controller acts on: the task that does (by group/resource). */
const watchedTypes: Record<string, 'crd' | 'controlplane'> = {
  'apiextensions.k8s.io/customresourcedefinitions': 'crd',
  'tenancy.edge-apiserver.dev/controlplanes': 'controlplane',
};

/** The task every write of the object's type schedules, if its type is always watched. */
export function watchingTask(object: { group: string; resource: string }): 'crd' | 'controlplane' | undefined {
  return watchedTypes[`${object.group}/${object.resource}`];
}

/** Types whose every write some controller acts on. */
export function alwaysWatched(object: { group: string; resource: string }): boolean {
  return watchingTask(object) !== undefined;
}

function ownersChanged(before: OwnerLink[], after: OwnerLink[]): boolean {
  const text = (links: OwnerLink[]) => links.map((link) => `${link.uid}:${link.block ? 1 : 0}`).sort().join(',');
  return text(before) !== text(after);
}

/** Deletion started, or the finalizers or grace period of an object being deleted changed. */
function deletionChanged(previous: ControllerFacts | null, next: ControllerFacts): boolean {
  if (!next.deletionTimestamp) return false;
  if (!previous?.deletionTimestamp) return true;
  return previous.deletionTimestamp !== next.deletionTimestamp
    || previous.deletionGracePeriodSeconds !== next.deletionGracePeriodSeconds
    || (previous.finalizers ?? []).join('\n') !== (next.finalizers ?? []).join('\n');
}
