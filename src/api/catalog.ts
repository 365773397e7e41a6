/**
 * The catalog of resource types the server serves: the built-in types generated into
 * data/catalog.json by scripts/build-catalog.mjs (from kube's OpenAPI documents and discovery
 * recordings), plus, later, custom resources layered on top through `Catalog.extend`.
 *
 * Order is part of the contract, because discovery documents are compared byte for byte:
 * groups come in kube's /apis order (core "" first), each group's versions in kube version
 * priority (preferred first), and resources within a group-version sorted by plural name.
 */
import catalogJson from '../../data/catalog.json';
import type { SchemaNode } from '../schema/types.js';

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

/** A subresource (`pods/status`); group/version are present only when they differ from the parent's. */
export interface SubresourceType {
  name: string;
  kind: string;
  group?: string;
  version?: string;
  verbs: Verb[];
}

/** One resource of one group-version, as discovery describes it. */
export interface ResourceType {
  group: string; // "" for the core group
  version: string;
  resource: string; // plural, lowercase
  kind: string;
  listKind?: string; // absent for resources without list (reviews, bindings)
  singularName: string; // lowercase kind (what v1.32 serves as singularName/singularResource)
  namespaced: boolean;
  verbs: Verb[]; // sorted alphabetically, as kube serves them
  shortNames?: string[];
  categories?: string[];
  storageVersionHash?: string; // only for resources kept in storage
  subresources?: SubresourceType[]; // sorted by name
  /** Computed per request, nothing stored (TokenReview, SubjectAccessReview, Binding, ComponentStatus). */
  virtual?: boolean;
  /** A custom resource version: what its CustomResourceDefinition says beyond discovery. */
  custom?: CustomResourceInfo;
}

/** The columns `kubectl get` shows for the version (additionalPrinterColumns). */
export interface PrinterColumn {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
  jsonPath: string;
}

/** Where the scale subresource finds replicas and the selector in a custom resource. */
export interface ScalePaths {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/** What serving a custom resource version needs beyond its ResourceType. */
export interface CustomResourceInfo {
  crdName: string;
  /**
   * The CRD's uid: creates carry it to storage, which refuses them once the CRD's cleanup closed
   * it (ObjectWrite.definition), however stale the catalog that admitted them.
   */
  crdUid: string;
  schema: SchemaNode;
  /** The schema of every version of the CRD (stored objects are decoded with their version's). */
  schemas: Readonly<Record<string, SchemaNode>>;
  storageVersion: string;
  status: boolean;
  scale?: ScalePaths;
  printerColumns: PrinterColumn[];
  deprecated: boolean;
  deprecationWarning?: string;
  /** The CRD is being deleted: no new objects. */
  terminating: boolean;
  /** Conversion between versions: None rewrites apiVersion; Webhook calls `webhook` (crds/conversion/). */
  conversion: 'None' | 'Webhook';
  /** The CRD's spec.conversion.webhook, when its strategy is Webhook. */
  webhook?: ConversionWebhookConfig;
  /** The version's selectableFields, as JSON paths (`.spec.color`). */
  selectableFields?: string[];
}

/** A CRD's conversion webhook: its v1 clientConfig and conversionReviewVersions. */
export interface ConversionWebhookConfig {
  clientConfig: { url?: string; service?: { namespace: string; name: string; port: number; path?: string } };
  conversionReviewVersions: string[];
  /** The CRD's uid: a CRD made again under its name converts afresh. */
  crdUid: string;
}

/** An API group with its served versions in kube priority order; versions[0] is preferred. */
export interface GroupEntry {
  name: string;
  versions: string[];
  preferredVersion: string;
}

/** One served group-version with its resources. */
export interface GroupVersionEntry {
  group: string;
  version: string;
  /** "v1" for the core group, "apps/v1" otherwise: the apiVersion of its objects. */
  groupVersion: string;
  preferred: boolean;
  resources: readonly ResourceType[];
}

export interface CatalogData {
  notice: string;
  groups: GroupEntry[];
  resources: ResourceType[];
}

const gvKey = (group: string, version: string): string => `${group}/${version}`;

export const apiVersionOf = (group: string, version: string): string => (group === '' ? version : `${group}/${version}`);

/**
 * Kube's version priority (k8s.io/apimachinery/pkg/version.CompareKubeAwareVersionStrings):
 * GA before beta before alpha, higher numbers first, anything else last by name.
 * Returns < 0 when `a` is preferred over `b`.
 */
export function compareKubeVersions(a: string, b: string): number {
  const parse = (v: string): [number, number, number] | undefined => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return undefined;
    const stability = m[2] === undefined ? 2 : m[2] === 'beta' ? 1 : 0;
    return [stability, Number(m[1]), Number(m[3] ?? 0)];
  };
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  return pb[0] - pa[0] || pb[1] - pa[1] || pb[2] - pa[2];
}

/** An immutable view over groups and resources, indexed for lookups. */
export class Catalog {
  private readonly byGV = new Map<string, ResourceType[]>();
  private readonly byGroup = new Map<string, GroupEntry>();

  constructor(
    private readonly groupList: readonly GroupEntry[],
    private readonly resourceList: readonly ResourceType[],
  ) {
    for (const g of groupList) this.byGroup.set(g.name, g);
    for (const r of resourceList) {
      const key = gvKey(r.group, r.version);
      const list = this.byGV.get(key);
      if (list) list.push(r);
      else this.byGV.set(key, [r]);
    }
    for (const list of this.byGV.values()) list.sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0));
  }

  findResource(group: string, version: string, resource: string): ResourceType | undefined {
    return this.byGV.get(gvKey(group, version))?.find((r) => r.resource === resource);
  }

  /** The resource of a group-version serving `kind` (e.g. to map a posted object to its resource). */
  findByKind(group: string, version: string, kind: string): ResourceType | undefined {
    return this.byGV.get(gvKey(group, version))?.find((r) => r.kind === kind);
  }

  /** Resources of one group-version, sorted by plural; empty when the group-version is not served. */
  resourcesOf(group: string, version: string): readonly ResourceType[] {
    return this.byGV.get(gvKey(group, version)) ?? [];
  }

  /** All groups in kube order, the core group ("") first. */
  groups(): readonly GroupEntry[] {
    return this.groupList;
  }

  /** The groups /apis lists: all but the core group, which kube serves at /api. */
  namedGroups(): readonly GroupEntry[] {
    return this.groupList.filter((g) => g.name !== '');
  }

  group(name: string): GroupEntry | undefined {
    return this.byGroup.get(name);
  }

  preferredVersion(group: string): string | undefined {
    return this.byGroup.get(group)?.preferredVersion;
  }

  /** Every served group-version: groups in kube order, versions in priority order. */
  groupVersions(): GroupVersionEntry[] {
    return this.groupList.flatMap((g) =>
      g.versions.map((version) => ({
        group: g.name,
        version,
        groupVersion: apiVersionOf(g.name, version),
        preferred: version === g.preferredVersion,
        resources: this.resourcesOf(g.name, version),
      })),
    );
  }

  /**
   * A new catalog with extra resource types (custom resources) layered over this one. Types
   * replace same group/version/resource entries. Groups not yet known are appended after
   * the existing ones, sorted by name; new versions are merged in kube version priority.
   * `groups` may pin a group's version order explicitly.
   */
  extend(resources: readonly ResourceType[], groups: readonly GroupEntry[] = []): Catalog {
    const replaced = new Set(resources.map((r) => `${gvKey(r.group, r.version)}/${r.resource}`));
    const kept = this.resourceList.filter((r) => !replaced.has(`${gvKey(r.group, r.version)}/${r.resource}`));
    const pinned = new Map(groups.map((g) => [g.name, g]));
    const versions = new Map(this.groupList.map((g) => [g.name, [...g.versions]]));
    const added: string[] = [];
    for (const r of resources) {
      const vs = versions.get(r.group);
      if (!vs) {
        versions.set(r.group, [r.version]);
        added.push(r.group);
      } else if (!vs.includes(r.version)) vs.push(r.version);
    }
    const entry = (name: string): GroupEntry => {
      const pin = pinned.get(name);
      if (pin) return pin;
      const vs = (versions.get(name) ?? []).sort(compareKubeVersions);
      return { name, versions: vs, preferredVersion: vs[0] ?? '' };
    };
    const names = [...this.groupList.map((g) => g.name), ...added.sort()];
    return new Catalog(names.map(entry), [...kept, ...resources]);
  }
}

/** The built-in types of kube-apiserver, from data/catalog.json. */
export const builtinCatalog = new Catalog(
  (catalogJson as CatalogData).groups,
  (catalogJson as CatalogData).resources,
);

export const findResource = (group: string, version: string, resource: string): ResourceType | undefined =>
  builtinCatalog.findResource(group, version, resource);
export const resourcesOf = (group: string, version: string): readonly ResourceType[] =>
  builtinCatalog.resourcesOf(group, version);
export const groupVersions = (): GroupVersionEntry[] => builtinCatalog.groupVersions();
export const preferredVersion = (group: string): string | undefined => builtinCatalog.preferredVersion(group);
export const groups = (): readonly GroupEntry[] => builtinCatalog.groups();
