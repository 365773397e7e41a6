/**
 * kube's APF bootstrap ensurer (pkg/registry/flowcontrol/rest, ensurer/strategy.go, kube v1.32),
 * run by each isolate with its bootstrap and after a flowcontrol write through it: the suggested
 * PriorityLevelConfigurations and FlowSchemas, then the mandatory ones, are created when missing
 * (with `apf.kubernetes.io/autoupdate-spec: "true"`, as the producer field manager); an existing
 * one gets the bootstrap spec back when its annotation says "true" (a suggested object without
 * the annotation counts as "true" while its generation is 1; a mandatory one always does), and
 * the annotation is set to what was decided. Objects not in the bootstrap set whose annotation is
 * "true" are deleted. Conflicts and races with other isolates are left for the next pass.
 */
import bootstrap from '../../data/bootstrap-flowcontrol.json';
import type { ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { fieldManagement, trackUpdate } from '../registry/field-manager.js';
import { specsEqual } from '../kinds/flowcontrol/mandatory.js';
import { defaultDeleteOptions } from '../registry/deletion.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { ignoreWriteRaces } from '../registry/write-races.js';
import { apiVersion, autoUpdateAnnotation, flowSchemaType, priorityLevelType, producerManager } from './types.js';

interface BootstrapObject {
  name: string;
  mandatory: boolean;
  spec: unknown;
}

const everything = { continue: '', resourceVersion: '', resourceVersionMatch: '', limit: 0 } as const;

/** Makes the APF configuration objects what kube's ensurer makes them; returns the objects as they are now. */
export async function ensureFlowControlBootstrap(cluster: ClusterContext, now: Date): Promise<{ levels: KubeObject[]; schemas: KubeObject[] }> {
  const levelType = priorityLevelType();
  const schemaType = flowSchemaType();
  for (const mandatory of [false, true]) {
    await ensureObjects(cluster, levelType, bootstrap.priorityLevels.filter((item) => item.mandatory === mandatory), now);
    await ensureObjects(cluster, schemaType, bootstrap.flowSchemas.filter((item) => item.mandatory === mandatory), now);
  }
  await removeUnwanted(cluster, schemaType, bootstrap.flowSchemas);
  await removeUnwanted(cluster, levelType, bootstrap.priorityLevels);
  const [levels, schemas] = await Promise.all([listAll(cluster, levelType), listAll(cluster, schemaType)]);
  return { levels, schemas };
}

async function listAll(cluster: ClusterContext, type: ResourceType): Promise<KubeObject[]> {
  return (await storeFor(cluster, type).listObjects('', everything)).items;
}

async function ensureObjects(cluster: ClusterContext, type: ResourceType, wanted: BootstrapObject[], now: Date): Promise<void> {
  const current = new Map((await listAll(cluster, type)).map((object) => [object.metadata.name!, object]));
  await Promise.all(wanted.map(async (item) => {
    const existing = current.get(item.name);
    if (!existing) return ignoreWriteRaces(create(cluster, type, item, now));
    const revised = revise(existing, item);
    if (revised) await ignoreWriteRaces(update(cluster, type, existing, revised, now));
  }));
}

async function create(cluster: ClusterContext, type: ResourceType, item: BootstrapObject, now: Date): Promise<void> {
  const object: KubeObject = {
    apiVersion, kind: type.kind,
    metadata: { name: item.name, annotations: { [autoUpdateAnnotation]: 'true' } },
    spec: structuredClone(item.spec),
  };
  trackUpdate(fieldManagement(type, producerManager, '', now), null, object);
  await storeFor(cluster, type).create('', object, { dryRun: false, now });
}

/** ReviseIfNeeded: the object with the bootstrap spec and the annotation, or null to leave it. */
export function revise(current: KubeObject, item: BootstrapObject): KubeObject | null {
  const annotation = current.metadata.annotations?.[autoUpdateAnnotation];
  const parsed = parseGoBool(annotation);
  const autoUpdate = item.mandatory || (parsed ?? current.metadata.generation === 1);
  const updateAnnotation = parsed !== autoUpdate;
  const replaceSpec = autoUpdate && !specEqualish(current, item);
  if (!updateAnnotation && !replaceSpec) return null;
  const revised = structuredClone(current);
  if (replaceSpec) revised.spec = structuredClone(item.spec);
  if (updateAnnotation) revised.metadata.annotations = { ...revised.metadata.annotations, [autoUpdateAnnotation]: String(autoUpdate) };
  return revised;
}

/** flowSchemaSpecEqual / plcSpecEqualish: the exempt level may keep its own `spec.exempt`, if it has one. */
function specEqualish(current: KubeObject, item: BootstrapObject): boolean {
  if (current.kind !== 'PriorityLevelConfiguration' || item.name !== 'exempt') return specsEqual(item.spec, current.spec);
  const exempt = (current.spec as { exempt?: unknown } | undefined)?.exempt;
  return exempt !== undefined && exempt !== null && specsEqual({ ...(item.spec as object), exempt }, current.spec);
}

/** strconv.ParseBool. */
function parseGoBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return undefined;
}

async function update(cluster: ClusterContext, type: ResourceType, current: KubeObject, revised: KubeObject, now: Date): Promise<void> {
  revised.metadata.resourceVersion = current.metadata.resourceVersion;
  trackUpdate(fieldManagement(type, producerManager, '', now), current, revised);
  await storeFor(cluster, type).update('', current.metadata.name!, () => revised, { dryRun: false, now });
}

/** RemoveUnwantedObjects: objects outside the bootstrap set annotated autoupdate "true". */
async function removeUnwanted(cluster: ClusterContext, type: ResourceType, wanted: BootstrapObject[]): Promise<void> {
  const names = new Set(wanted.map((item) => item.name));
  const unwanted = (await listAll(cluster, type)).filter((object) => !names.has(object.metadata.name!) && parseGoBool(object.metadata.annotations?.[autoUpdateAnnotation]) === true);
  const store = storeFor(cluster, type);
  const deleting = unwanted.map((object) => store.delete('', object.metadata.name!, { ...defaultDeleteOptions(), preconditions: { uid: object.metadata.uid } }, { dryRun: false, now: new Date() }));
  await Promise.all(deleting.map(ignoreWriteRaces));
}
