/**
 * The service account token authenticator (pkg/serviceaccount/jwt.go + the validator of bound
 * tokens in pkg/serviceaccount/claims.go): a JWT signed by this server's key, for one of the API
 * audiences, not expired, whose ServiceAccount (and bound Pod or Secret) still exists with the
 * uid in the token. Deleting the ServiceAccount therefore revokes its tokens at once: every
 * request reads it (kube reads an informer cache). Legacy secret-based tokens are not accepted.
 */
import { findResource } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { storeFor } from '../registry/registry.js';
import { decodeJwtUnverified, serviceAccountUserInfo, validateServiceAccountClaims, verifyJwt } from '../authn/index.js';
import type { UserInfo } from '../rbac/index.js';

/** The user of a valid service account token, or null. */
export async function authenticateServiceAccountToken(token: string, cluster: ClusterContext, now: Date): Promise<UserInfo | null> {
  const { credentials } = cluster;
  // Not a JWT at all (another plane's static token, say): no need to import the key.
  if (!decodeJwtUnverified(token)) return null;
  const key = await credentials.signingKey();
  if (!key) return null;
  const payload = await verifyJwt(token, [key], now);
  if (!payload) return null;
  const validation = validateServiceAccountClaims(payload, { issuers: [credentials.issuer], apiAudiences: credentials.apiAudiences, now });
  if (!validation.ok) return null;
  const info = validation.info;
  if (!(await stillExists(cluster, 'serviceaccounts', info.namespace, info.name, info.uid))) return null;
  if (info.secretName && !(await stillExists(cluster, 'secrets', info.namespace, info.secretName, info.secretUid ?? ''))) return null;
  if (info.podName && !(await stillExists(cluster, 'pods', info.namespace, info.podName, info.podUid ?? ''))) return null;
  return serviceAccountUserInfo(info);
}

/** Whether `namespace/name` of a core resource exists with `uid`. */
async function stillExists(cluster: ClusterContext, resource: string, namespace: string, name: string, uid: string): Promise<boolean> {
  const object = await storeFor(cluster, findResource('', 'v1', resource)!).getIfExists(namespace, name);
  return object?.metadata.uid === uid;
}
