/** PartialObjectMetadata: only the metadata of an object (`as=PartialObjectMetadata;g=meta.k8s.io`). */
import type { KubeObject } from '../registry/object.js';

export function partialObjectMetadata(object: KubeObject, version = 'v1'): Record<string, unknown> {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: object.metadata };
}
