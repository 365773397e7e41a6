/**
 * Bound service account tokens (TokenRequest, projected volumes): the claims kube signs
 * (pkg/serviceaccount/claims.go Claims) and the user a validated token authenticates as
 * (k8s.io/apiserver/pkg/authentication/serviceaccount ServiceAccountInfo.UserInfo, v1.32).
 *
 * Legacy secret-based tokens (kubernetes.io/service-account-token Secrets, issuer
 * `kubernetes/serviceaccount`) are not supported: only bound tokens are issued or accepted.
 */
import type { UserInfo } from '../rbac/types.js';

/** An object a token is bound to (TokenRequestSpec.boundObjectRef, plus its uid). */
export interface BoundObject {
  kind: 'Pod' | 'Secret' | 'Node';
  name: string;
  uid: string;
}

export interface ObjectRef {
  name: string;
  uid: string;
}

export interface ServiceAccountClaimsInput {
  issuer: string;
  audiences: string[];
  namespace: string;
  serviceAccountName: string;
  serviceAccountUid: string;
  expirationSeconds: number;
  now: Date;
  boundObject?: BoundObject;
  /** The pod's node, for Pod-bound tokens (ServiceAccountTokenPodNodeInfo, on in v1.32). */
  podNode?: ObjectRef;
  /** Unix seconds of `kubernetes.io.warnafter`, set only for extended-expiry projected tokens. */
  warnAfter?: number;
  jti: string;
}

/**
 * The JWT payload kube signs. go-jose's builder round-trips claims through a Go map, so keys
 * come out sorted at every level: aud, exp, iat, iss, jti, kubernetes.io{namespace, node,
 * pod, secret, serviceaccount, warnafter}, nbf, sub. `aud` is always a JSON array.
 */
export function serviceAccountClaims(input: ServiceAccountClaimsInput): Record<string, unknown> {
  const iat = Math.floor(input.now.getTime() / 1000);
  return {
    aud: [...input.audiences],
    exp: iat + input.expirationSeconds,
    iat,
    iss: input.issuer,
    jti: input.jti,
    'kubernetes.io': kubernetesClaim(input),
    nbf: iat,
    sub: serviceAccountUsername(input.namespace, input.serviceAccountName),
  };
}

/** The private `kubernetes.io` claim, keys in sorted order, absent refs omitted. */
function kubernetesClaim(input: ServiceAccountClaimsInput): Record<string, unknown> {
  const bound = input.boundObject;
  const ref = (object: ObjectRef | undefined) => object && { name: object.name, uid: object.uid };
  const node = bound?.kind === 'Node' ? bound : bound?.kind === 'Pod' ? input.podNode : undefined;
  const claim: Record<string, unknown> = {
    namespace: input.namespace,
    node: ref(node),
    pod: ref(bound?.kind === 'Pod' ? bound : undefined),
    secret: ref(bound?.kind === 'Secret' ? bound : undefined),
    serviceaccount: { name: input.serviceAccountName, uid: input.serviceAccountUid },
    warnafter: input.warnAfter,
  };
  for (const key of Object.keys(claim)) if (claim[key] === undefined) delete claim[key];
  return claim;
}

/** serviceaccount.MakeUsername: `system:serviceaccount:<namespace>:<name>`. */
export function serviceAccountUsername(namespace: string, name: string): string {
  return `system:serviceaccount:${namespace}:${name}`;
}

/** What a validated token says about its subject (apiserver ServiceAccountInfo). */
export interface ServiceAccountInfo {
  namespace: string;
  name: string;
  uid: string;
  podName?: string;
  podUid?: string;
  nodeName?: string;
  nodeUid?: string;
  /** `JTI=<jti>` when the token has a jti (CredentialIDForJTI). */
  credentialId?: string;
  /** Bound secret, for the caller's existence check; not part of the user. */
  secretName?: string;
  secretUid?: string;
}

export const CREDENTIAL_ID_KEY = 'authentication.kubernetes.io/credential-id';
export const POD_NAME_KEY = 'authentication.kubernetes.io/pod-name';
export const POD_UID_KEY = 'authentication.kubernetes.io/pod-uid';
export const NODE_NAME_KEY = 'authentication.kubernetes.io/node-name';
export const NODE_UID_KEY = 'authentication.kubernetes.io/node-uid';

/**
 * ServiceAccountInfo.UserInfo: name, uid, groups [system:serviceaccounts,
 * system:serviceaccounts:<ns>], extra pod-name/pod-uid (both needed), credential-id, and
 * node-name (node-uid only alongside it). `extra` is omitted when empty.
 */
export function serviceAccountUserInfo(info: ServiceAccountInfo): UserInfo {
  const extra: Record<string, string[]> = {};
  if (info.podName && info.podUid) {
    extra[POD_NAME_KEY] = [info.podName];
    extra[POD_UID_KEY] = [info.podUid];
  }
  if (info.credentialId) extra[CREDENTIAL_ID_KEY] = [info.credentialId];
  if (info.nodeName) {
    extra[NODE_NAME_KEY] = [info.nodeName];
    if (info.nodeUid) extra[NODE_UID_KEY] = [info.nodeUid];
  }
  const user: UserInfo = {
    name: serviceAccountUsername(info.namespace, info.name),
    uid: info.uid,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${info.namespace}`],
  };
  return Object.keys(extra).length > 0 ? { ...user, extra } : user;
}
