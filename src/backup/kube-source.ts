/**
 * Reading a running kube-apiserver as a snapshot's source (`npm run snapshot -- import`): every
 * type its discovery serves with `list`, in its group's preferred version, read page by page in
 * kube's key order (namespace/name), the same order a snapshot keeps. Events are not copied (kube
 * keeps them an hour; they describe the old cluster's happenings). Each type is read at its own
 * version: kube offers no version across types; stop writes to the source for an exact copy.
 */
export type KubeGet = (path: string) => Promise<any>;

export interface KubeType {
  group: string;
  version: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  /** Why it is not copied, when it is not. */
  skip?: string;
}

const firstTypes = ['apiextensions.k8s.io/customresourcedefinitions', '/namespaces'];

/** The types kube serves, CRDs and Namespaces first, each once (its group's preferred version). */
export async function kubeTypes(get: KubeGet): Promise<KubeType[]> {
  const groups: { group: string; version: string }[] = [{ group: '', version: 'v1' }];
  for (const entry of (await get('/apis')).groups ?? []) groups.push({ group: entry.name, version: entry.preferredVersion.version });
  const types: KubeType[] = [];
  for (const { group, version } of groups) {
    const list = await get(group ? `/apis/${group}/${version}` : '/api/v1');
    for (const resource of list.resources ?? []) {
      if (resource.name.includes('/')) continue;
      const type: KubeType = { group, version, resource: resource.name, kind: resource.kind, namespaced: !!resource.namespaced };
      if (!resource.verbs?.includes('list')) continue; // computed per request (reviews, bindings): nothing stored
      if (resource.name === 'events') type.skip = 'Events are not copied';
      if (group === '' && resource.name === 'componentstatuses') type.skip = 'computed per request, nothing stored';
      types.push(type);
    }
  }
  const rank = (type: KubeType) => {
    const index = firstTypes.indexOf(`${type.group}/${type.resource}`);
    return index < 0 ? firstTypes.length : index;
  };
  return types.map((type, order) => ({ type, order })).sort((a, b) => rank(a.type) - rank(b.type) || a.order - b.order).map(({ type }) => type);
}

const pageSize = 500;

/** A type's objects, as kube lists them, each with its key and its JSON (apiVersion and kind filled in). */
export async function* kubeObjects(get: KubeGet, type: KubeType): AsyncGenerator<{ key: string; json: string }> {
  const base = `${type.group ? `/apis/${type.group}` : '/api'}/${type.version}/${type.resource}`;
  const apiVersion = type.group ? `${type.group}/${type.version}` : type.version;
  let token = '';
  do {
    const page = await get(`${base}?limit=${pageSize}${token ? `&continue=${encodeURIComponent(token)}` : ''}`);
    for (const item of page.items ?? []) {
      const object = { apiVersion, kind: type.kind, ...item };
      const key = object.metadata.namespace ? `${object.metadata.namespace}/${object.metadata.name}` : object.metadata.name;
      yield { key, json: JSON.stringify(object) };
    }
    token = page.metadata?.continue ?? '';
  } while (token);
}
