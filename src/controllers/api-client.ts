/**
 * The controllers' access to the objects of their cluster: the same Stores the API serves (so every write
 * gets kube's validation, finalizer handling, watch events and controller events), used the way
 * kube-controller-manager uses the API. Writes are recorded in managedFields as Updates by
 * `kube-controller-manager`; a write to an object that is gone, or was replaced by another with
 * the same name (different uid), is skipped.
 */
import type { Catalog, ResourceType } from '../api/catalog.js';
import { findServedResource, servingCatalog } from '../crds/serving-catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { fieldManagement, trackUpdate } from '../registry/field-manager.js';
import type { PropagationPolicy } from '../registry/deletion.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import type { ObjectList } from '../apimachinery/object.js';
import type { ListedObjects } from '../registry/store.js';
import { storageResourceOf } from '../registry/stored-codec.js';
import type { ObjectCoordinates } from '../durable/partition/events.js';

export const controllerManager = 'kube-controller-manager';

/** The DeleteOptions a controller deletes with. */
export interface DeleteHow {
  propagationPolicy?: PropagationPolicy;
  gracePeriodSeconds?: number;
}

/** Thrown inside an update to leave the object as it is. */
class Unchanged extends Error {}

export class ApiClient {
  constructor(private readonly cluster: ClusterContext, private readonly now: () => Date) {}

  /** The served catalog: built-in types and established custom resources (crds/serving-catalog.ts). */
  catalog(): Promise<Catalog> {
    return servingCatalog(this.cluster);
  }

  /** The type at `coordinates` (its group, version and resource). */
  async typeAt(coordinates: Pick<ObjectCoordinates, 'group' | 'version' | 'resource'>): Promise<ResourceType | undefined> {
    return findServedResource(this.cluster, coordinates.group, coordinates.version, coordinates.resource);
  }

  /** The type an ownerReference's apiVersion and kind name, if served. */
  async typeOfKind(apiVersion: string, kind: string): Promise<ResourceType | undefined> {
    const slash = apiVersion.indexOf('/');
    const [group, version] = slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
    return (await this.catalog()).findByKind(group, version, kind) ?? (await servingCatalog(this.cluster, 'miss')).findByKind(group, version, kind);
  }

  /** Every namespaced type objects can be stored as (what a namespace must be emptied of), custom resources included. */
  async namespacedTypes(): Promise<ResourceType[]> {
    const catalog = await servingCatalog(this.cluster, 'latest');
    const seen = new Set<string>();
    const types: ResourceType[] = [];
    for (const { group, version } of catalog.groupVersions()) {
      for (const type of catalog.resourcesOf(group, version)) {
        const { group: storageGroup, resource } = storageResourceOf(type.group, type.resource);
        const storage = `${storageGroup}/${resource}`;
        if (!type.namespaced || type.virtual || !type.verbs.includes('delete') || seen.has(storage)) continue;
        seen.add(storage);
        types.push(type);
      }
    }
    return types;
  }

  /** The object, or null when it does not exist. */
  async get(type: ResourceType, namespace: string, name: string): Promise<KubeObject | null> {
    try {
      return await storeFor(this.cluster, type).get(namespace, name, { match: 'latest' });
    } catch (error) {
      if (isCode(error, 404)) return null;
      throw error;
    }
  }

  /** A page of the collection, its items streamed (pages of big objects never sit in memory whole). */
  async list(type: ResourceType, namespace: string, continueToken: string, limit: number): Promise<ListedObjects> {
    return storeFor(this.cluster, type).list(namespace, { limit, continue: continueToken, resourceVersion: '', resourceVersionMatch: '' });
  }

  /** The whole collection in memory: for types whose collections are small (CRDs). */
  async listObjects(type: ResourceType, namespace: string): Promise<ObjectList> {
    return storeFor(this.cluster, type).listObjects(namespace, { limit: 0, continue: '', resourceVersion: '', resourceVersionMatch: '' });
  }

  /** Closes custom resource `type`'s CustomResourceDefinition in storage: no create under it succeeds any more (Store.closeDefinition). */
  closeDefinition(type: ResourceType): Promise<void> {
    return storeFor(this.cluster, type).closeDefinition();
  }

  /** Creates an object as `manager`; null when one of that name exists already. */
  async create(type: ResourceType, namespace: string, object: KubeObject, manager = controllerManager): Promise<KubeObject | null> {
    const management = fieldManagement(type, manager, '', this.now());
    try {
      return await storeFor(this.cluster, type).create(namespace, trackUpdate(management, null, object), { dryRun: false, now: this.now() });
    } catch (error) {
      if (isCode(error, 409)) return null;
      throw error;
    }
  }

  /**
   * Updates the object with uid `uid` through `subresource` ('' or 'status', or 'finalize' for a
   * namespace) as `manager`: `change` edits a copy and returns false to leave it. True if a write happened.
   */
  async update(type: ResourceType, namespace: string, name: string, uid: string, change: (object: KubeObject) => boolean, subresource = '', manager = controllerManager): Promise<boolean> {
    const store = storeFor(this.cluster, type, subresource);
    const management = fieldManagement(type, manager, subresource, this.now());
    try {
      await store.update(namespace, name, (current) => {
        if (!current || current.metadata.uid !== uid) throw new Unchanged();
        const next = structuredClone(current);
        if (!change(next)) throw new Unchanged();
        return trackUpdate(management, current, next);
      }, { dryRun: false, now: this.now() });
      return true;
    } catch (error) {
      if (error instanceof Unchanged || isCode(error, 404)) return false;
      throw error;
    }
  }

  /**
   * Deletes the object with uid `uid`: null once it is gone (or was already gone, or replaced by
   * another with the same name), else the object as it lingers (finalizers, a grace period).
   */
  async delete(type: ResourceType, namespace: string, name: string, uid: string, how: DeleteHow): Promise<KubeObject | null> {
    const store = storeFor(this.cluster, type);
    const options = { dryRun: false, preconditions: { uid }, ...how };
    try {
      const result = await store.delete(namespace, name, options, { dryRun: false, now: this.now() });
      return result.deleted ? null : result.object;
    } catch (error) {
      if (isCode(error, 404) || isPreconditionFailure(error)) return null;
      throw error;
    }
  }
}

/** The uid precondition failed: the object named is another one now. */
function isPreconditionFailure(error: unknown): boolean {
  return isCode(error, 409) && /the UID in the precondition/.test((error as Error).message);
}

function isCode(error: unknown, code: number): boolean {
  return (error as { code?: number } | null)?.code === code;
}
