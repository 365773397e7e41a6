/**
 * Built-in mutating admission of a ControlPlane create: `spec.server` defaults to where clients
 * reach the tenant as seen from the request that creates it: `https://NAME.<TENANT_DOMAIN>` with
 * a tenant domain, else the request's origin with `/clusters/NAME`. A generated name is chosen
 * here already, since the URL carries it.
 */
import type { ClusterSettings } from '../cluster/settings.js';
import { isJsonObject, type KubeObject } from '../apimachinery/object.js';
import { generateName } from '../registry/prepare-write.js';
import type { MutatingPlugin } from '../admission/plugins.js';
import { isControlPlaneType } from './control-plane-type.js';

/** The defaults of a ControlPlane being created (the default plane's admission chain). */
export const controlPlaneDefaults: MutatingPlugin = {
  admit(request, step) {
    if (step.operation === 'CREATE' && step.object && isControlPlaneType(request.type)) defaultControlPlane(step.object, request.url, request.cluster.settings);
  },
};

/** Fills spec.server of a ControlPlane being created through `url` (in place). */
export function defaultControlPlane(object: KubeObject, url: URL, settings: ClusterSettings): void {
  const meta = object.metadata;
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
  if (!meta.name) return;
  object.spec ??= {};
  if (!isJsonObject(object.spec) || object.spec.server !== undefined) return;
  const domain = settings.tenantDomain;
  object.spec.server = domain ? `${url.protocol}//${meta.name}.${domain}${url.port ? `:${url.port}` : ''}` : `${url.origin}/clusters/${meta.name}`;
}
