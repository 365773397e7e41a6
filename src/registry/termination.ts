/**
 * The DELETE of kinds whose REST storage terminates before deleting (namespaces, and
 * CustomResourceDefinitions): the first delete, guarded by a uid precondition it adds itself,
 * only marks the object (deletionTimestamp and what the kind adds) in one storage update and
 * answers it; once `finished` says nothing holds it any more, a delete goes through the generic
 * store. Preconditions fail with these REST's own messages ("Precondition failed: ...").
 */
import { conflict, type GroupResource } from '../apimachinery/status.js';
import type { DeleteOptions } from './deletion.js';
import type { WriteContext } from './prepare-write.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { Store } from './store.js';
import type { DeleteResult } from './store-delete.js';

export interface Termination {
  resource: GroupResource;
  /** Marks the current object (a copy) as terminating. */
  start(object: KubeObject, options: DeleteOptions, now: Date): KubeObject;
  /** Nothing the kind itself waits for is left: a delete may proceed to the store. */
  finished(object: KubeObject): boolean;
}

export async function deleteByTermination(store: Store, name: string, options: DeleteOptions, context: WriteContext, termination: Termination): Promise<DeleteResult> {
  const current = await store.get('', name, { match: 'latest' });
  const preconditions = { ...options.preconditions, uid: options.preconditions.uid ?? current.metadata.uid };
  checkPreconditions(termination.resource, current, preconditions);
  if (!current.metadata.deletionTimestamp) {
    const object = await store.updateStored('', name, (latest) => {
      checkPreconditions(termination.resource, latest, preconditions);
      return termination.start(structuredClone(latest), options, context.now);
    }, context);
    return { object, deleted: false, lingers: true };
  }
  if (!termination.finished(current)) return { object: current, deleted: false, lingers: true };
  return store.delete('', name, { ...options, preconditions }, context);
}

function checkPreconditions(resource: GroupResource, object: KubeObject, preconditions: DeleteOptions['preconditions']): void {
  const name = object.metadata.name ?? '';
  if (preconditions.uid !== object.metadata.uid) {
    throw conflict(resource, name, `Precondition failed: UID in precondition: ${preconditions.uid}, UID in object meta: ${object.metadata.uid}`);
  }
  if (preconditions.resourceVersion !== undefined && preconditions.resourceVersion !== object.metadata.resourceVersion) {
    throw conflict(resource, name, `Precondition failed: ResourceVersion in precondition: ${preconditions.resourceVersion}, ResourceVersion in object meta: ${object.metadata.resourceVersion}`);
  }
}
