/**
 * The authorization filter (k8s.io/apiserver/pkg/endpoints/filters/authorization.go): every
 * request, resource or not, is judged for the authenticated (or impersonated) user; a denial is
 * kube's 403. `AUTHORIZATION_MODE` picks the authorizer as kube's --authorization-mode does:
 * `RBAC` (default) or `AlwaysAllow`. Members of system:masters are allowed in either.
 */
import type { RequestInfo } from '../apimachinery/request-info.js';
import { forbiddenText } from '../apimachinery/status.js';
import type { ClusterContext } from '../cluster/context.js';
import { authorize, forbiddenMessage, isPrivileged, type Attributes, type Decision, type UserInfo } from '../rbac/index.js';
import { rbacPolicy } from './rbac-policy.js';

/** The authorizer attributes of a request (authorizer.AttributesRecord from its RequestInfo). */
export function attributesOf(user: UserInfo, info: RequestInfo): Attributes {
  return {
    user, verb: info.verb, namespace: info.namespace, apiGroup: info.apiGroup, resource: info.resource,
    subresource: info.subresource, name: info.name, resourceRequest: info.isResourceRequest, path: info.path,
  };
}

/** The decision of the configured authorizer (system:masters without reading the policy). */
export async function decide(cluster: ClusterContext, attributes: Attributes): Promise<Decision> {
  if (cluster.settings.authorizationMode === 'AlwaysAllow' || isPrivileged(attributes.user)) return { allowed: true, reason: '' };
  return authorize(await rbacPolicy(cluster), attributes);
}

/** Throws kube's 403 unless the request is allowed. */
export async function authorizeRequest(cluster: ClusterContext, attributes: Attributes): Promise<void> {
  const decision = await decide(cluster, attributes);
  if (!decision.allowed) throw forbiddenError(attributes, decision.reason);
}

/** responsewriters.Forbidden: the message of forbiddenMessage, details of the group resource and name. */
export function forbiddenError(attributes: Attributes, reason: string) {
  const resource = { group: attributes.resourceRequest ? attributes.apiGroup : '', resource: attributes.resourceRequest ? attributes.resource : '' };
  return forbiddenText(forbiddenMessage(attributes, reason), resource, attributes.resourceRequest ? attributes.name : '');
}
