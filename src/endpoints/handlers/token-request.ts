/**
 * POST serviceaccounts/<name>/token (pkg/registry/core/serviceaccount/storage/token.go): a
 * TokenRequest answered with a service account JWT signed by this server's key, for the asked
 * audiences (default: the API's), valid `expirationSeconds` (default 3600, at least 600),
 * optionally bound to a Pod or Secret of the namespace. The token carries the ServiceAccount's
 * uid, so it stops authenticating once that ServiceAccount is deleted. Without a signing key
 * (SERVICE_ACCOUNT_KEY) the subresource is not served, as kube without --service-account-signing-key-file.
 */
import { findResource } from '../../api/catalog.js';
import { serviceAccountClaims, signJwt, type BoundObject } from '../../authn/index.js';
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { conflict, invalid } from '../../apimachinery/status.js';
import { pageNotFoundText } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { kubeTimestamp } from '../../apimachinery/object.js';
import { storeFor } from '../../registry/registry.js';
import { reviewRequest } from './reviews/review-body.js';
import { respondObject } from './respond.js';
import type { Handler, RequestScope } from './scope.js';

const tokenRequestKind = { group: 'authentication.k8s.io', kind: 'TokenRequest' };
const defaultExpirationSeconds = 3600;
const bindableKinds = new Set(['Pod', 'Secret']);

export const tokenRequestHandler: Handler = async (scope) => {
  const key = await scope.cluster.credentials.signingKey();
  if (!key) return new Response(pageNotFoundText, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const request = await reviewRequest(scope, { ...scope.type, group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' });
  const name = scope.info.name;
  const spec = (request.spec ?? {}) as Record<string, any>;
  checkRequest(request, spec, scope);
  const account = await scope.store.get(scope.namespace, name, { match: 'latest' });
  const bound = spec.boundObjectRef ? await boundObject(scope, spec.boundObjectRef) : undefined;
  const audiences: string[] = Array.isArray(spec.audiences) && spec.audiences.length ? spec.audiences : scope.cluster.credentials.apiAudiences;
  const expirationSeconds = Number(spec.expirationSeconds ?? defaultExpirationSeconds);
  const claims = serviceAccountClaims({
    issuer: scope.cluster.credentials.issuer, audiences, namespace: scope.namespace, serviceAccountName: name,
    serviceAccountUid: account.metadata.uid!, expirationSeconds, now: scope.now, jti: crypto.randomUUID(),
    ...(bound ? { boundObject: bound } : {}),
  });
  const token = await signJwt(key, claims);
  const expires = new Date(scope.now.getTime() + expirationSeconds * 1000);
  const metadata = { ...request.metadata, name, namespace: scope.namespace, creationTimestamp: kubeTimestamp(scope.now) };
  const answer = {
    ...request, metadata, spec: { ...spec, audiences, expirationSeconds, boundObjectRef: spec.boundObjectRef ?? null },
    status: { token, expirationTimestamp: kubeTimestamp(expires) },
  } as unknown as KubeObject;
  return respondObject(scope, answer, 201);
};

/** Name and namespace must match the URL's; ValidateTokenRequest's expiration bounds. */
function checkRequest(request: KubeObject, spec: Record<string, any>, scope: RequestScope): void {
  const errors: FieldError[] = [];
  const { name, namespace } = request.metadata;
  if (name && name !== scope.info.name) errors.push(fieldError.invalid('metadata.name', name, 'must match the service account name if specified'));
  if (namespace && namespace !== scope.namespace) errors.push(fieldError.invalid('metadata.namespace', namespace, 'must match the service account namespace if specified'));
  const seconds = spec.expirationSeconds;
  if (seconds !== undefined && seconds !== null) {
    if (typeof seconds !== 'number' || seconds < 600) errors.push(fieldError.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes'));
    else if (seconds > 2 ** 32) errors.push(fieldError.invalid('spec.expirationSeconds', seconds, 'may not specify a duration larger than 2^32 seconds'));
  }
  if (errors.length) throw invalid(tokenRequestKind, scope.info.name, errors);
}

/** The bound Pod or Secret, which must exist (with the given uid, if any). */
async function boundObject(scope: RequestScope, ref: Record<string, any>): Promise<BoundObject> {
  const kind = String(ref.kind ?? '');
  if (!bindableKinds.has(kind)) {
    throw invalid(tokenRequestKind, scope.info.name, [fieldError.invalid('spec.boundObjectRef.kind', kind, 'must be one of: Pod, Secret')]);
  }
  const resource = kind === 'Pod' ? 'pods' : 'secrets';
  const store = storeFor(scope.cluster, findResource('', 'v1', resource)!);
  const object = await store.get(scope.namespace, String(ref.name ?? ''), { match: 'latest' });
  if (ref.uid && ref.uid !== object.metadata.uid) {
    throw conflict({ group: '', resource }, String(ref.name), `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  return { kind: kind as BoundObject['kind'], name: object.metadata.name!, uid: object.metadata.uid! };
}
