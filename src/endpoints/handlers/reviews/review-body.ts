/**
 * Request and response of the create-only review resources: the body decoded as the endpoint's
 * kind (JSON, YAML, Protobuf or CBOR), the answer 201 with the review and its status, as kube's
 * create handler writes it (metadata.creationTimestamp null: nothing is stored).
 */
import type { ResourceType } from '../../../api/catalog.js';
import type { KubeObject } from '../../../apimachinery/object.js';
import { decodeObjectBody } from '../body.js';
import { outputFormat, respondObject } from '../respond.js';
import type { RequestScope } from '../scope.js';

/** The review in the request body, decoded as `type` (default: the endpoint's). */
export async function reviewRequest(scope: RequestScope, type: ResourceType = scope.type): Promise<KubeObject> {
  outputFormat(scope, 'object');
  const { object } = await decodeObjectBody(scope.request, type);
  return object;
}

/** 201 with the review as answered. */
export function respondReview(scope: RequestScope, review: KubeObject): Response {
  const { metadata, ...rest } = review;
  return respondObject(scope, { ...rest, metadata: { ...metadata, creationTimestamp: null } } as unknown as KubeObject, 201);
}
