/**
 * The two control planes the scope suites act in: the default one, and a tenant made for the
 * suite on the same server (a ControlPlane, Ready), both seeded with the objects of
 * scripts/scope/seed.mjs. The default plane's admin acts in the tenant through `/clusters/NAME`.
 */
import { adminJson, seed, snapshot } from '../../scripts/scope/seed.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { eventually } from './waiting.js';

export interface Plane {
  name: string;
  /** The plane's base URL: the server, or the server with `/clusters/NAME`. */
  url: string;
}

/** The tenant the scope suites share on a server. */
export const scopeTenant = 'scope-suites';

/** Creates tenant `name` on `server` unless it exists, and waits until it is Ready. */
export async function readyTenant(server: string, name: string): Promise<Plane> {
  const created = await adminJson(server, adminToken, 'POST', '/apis/tenancy.edge-apiserver.dev/v1alpha1/controlplanes', {
    apiVersion: 'tenancy.edge-apiserver.dev/v1alpha1', kind: 'ControlPlane', metadata: { name },
  });
  if (created.status !== 201 && created.status !== 409) throw new Error(`creating tenant ${name}: ${created.status} ${created.text}`);
  await eventually(async () => {
    const plane = (await adminJson(server, adminToken, 'GET', `/apis/tenancy.edge-apiserver.dev/v1alpha1/controlplanes/${name}`)).json;
    return plane?.status?.conditions?.some((condition: { type: string; status: string }) => condition.type === 'Ready' && condition.status === 'True') ?? false;
  });
  return { name: `tenant ${name}`, url: `${server}/clusters/${name}` };
}

/** The default plane of `server` and the scope suites' tenant, both seeded with `namespaces`. */
export async function seededPlanes(server: string, namespaces: string[]): Promise<Plane[]> {
  const planes = [{ name: 'default plane', url: server }, await readyTenant(server, scopeTenant)];
  for (const plane of planes) await seed(plane.url, adminToken, namespaces);
  return planes;
}

/** The seeded objects in `namespaces` of every plane, as `plane: list namespace/name uid resourceVersion` lines. */
export async function snapshotPlanes(planes: Plane[], namespaces: string[]): Promise<string[]> {
  const snapshots = await Promise.all(planes.map((plane) => snapshot(plane.url, adminToken)));
  return snapshots.flatMap((lines, index) => lines.filter((line) => namespaces.includes(namespaceOf(line))).map((line) => `${planes[index]!.name}: ${line}`));
}

/** The namespace of a snapshot line's object (a Namespace's own name). */
function namespaceOf(line: string): string {
  const [list, object] = line.split(' ') as [string, string];
  const [namespace, name] = object.split('/') as [string, string];
  return list === '/api/v1/namespaces' ? name : namespace;
}
