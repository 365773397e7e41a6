/**
 * The aggregator's own objects, kept here by each isolate for each cluster since there is no
 * long-running process: the Local APIServices (one per served built-in and custom group-version)
 * and the availability conditions of service-backed APIServices. The Local APIServices are made
 * sure of with the cluster's bootstrap (and every minute after), right after a write of an
 * APIService through the isolate (a WriteListener), and before an APIService read once the custom
 * resource types changed. Availability checks reach out over the network, so they run after the
 * response (waitUntil): every minute, and after a write of an APIService, Service or Endpoints.
 */
import type { Catalog } from '../api/catalog.js';
import { ClusterState, type ClusterContext, type WriteListener } from '../cluster/context.js';
import { servingCatalog } from '../crds/serving-catalog.js';
import { syncLocalApiServices } from './autoregister.js';
import { syncAvailability } from './availability.js';
import { cachedApiServices, forgetApiServices } from './cache.js';

/** Lets work go on after the response where the platform allows (ExecutionContext.waitUntil). */
export type Background = (work: Promise<unknown>) => void;

const recheckMillis = 60_000;

interface SyncState {
  syncedCatalog: Catalog | undefined;
  syncedAt: number;
  availabilityCheckedAt: number;
  availabilityDue: boolean;
}

const syncState = new ClusterState((): SyncState => ({ syncedCatalog: undefined, syncedAt: -Infinity, availabilityCheckedAt: -Infinity, availabilityDue: false }));

/** Writes through this isolate that concern these objects. */
const writeListener = new ClusterState((cluster) => {
  const listener: WriteListener = {
    covers: (type) => type.group === 'apiregistration.k8s.io' || (type.group === '' && (type.resource === 'services' || type.resource === 'endpoints')),
    written: (context, type) => afterWrite(context, type.group),
  };
  cluster.listen(listener);
  return listener;
});

/** The aggregator's post-start hook: the Local APIServices, and their upkeep after writes. */
export async function ensureApiServices(cluster: ClusterContext): Promise<void> {
  writeListener.of(cluster);
  await ensureLocalApiServices(cluster, true);
}

/** The Local APIServices, against the current serving catalog (`force`: even if neither changed nor a minute passed). */
export async function ensureLocalApiServices(cluster: ClusterContext, force = false): Promise<void> {
  const state = syncState.of(cluster);
  const catalog = await servingCatalog(cluster, 'latest');
  if (!force && catalog === state.syncedCatalog && Date.now() - state.syncedAt < recheckMillis) return;
  await syncLocalApiServices(cluster, catalog, new Date());
  forgetApiServices(cluster);
  state.syncedCatalog = catalog;
  state.syncedAt = Date.now();
}

async function afterWrite(cluster: ClusterContext, group: string): Promise<void> {
  if (group === 'apiregistration.k8s.io') await ensureLocalApiServices(cluster, true);
  syncState.of(cluster).availabilityDue = true;
}

/** Checks the service-backed APIServices' availability in the background when due (a write) or a minute old. */
export function scheduleAvailability(cluster: ClusterContext, background: Background): void {
  const state = syncState.of(cluster);
  if (!state.availabilityDue && Date.now() - state.availabilityCheckedAt < recheckMillis) return;
  state.availabilityDue = false;
  state.availabilityCheckedAt = Date.now();
  background(checkAvailability(cluster));
}

async function checkAvailability(cluster: ClusterContext): Promise<void> {
  const apiServices = await cachedApiServices(cluster, true);
  await syncAvailability(cluster, apiServices, new Date());
  forgetApiServices(cluster);
}
