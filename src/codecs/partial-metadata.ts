/**
 * PartialObjectMetadata: only the metadata of an object (`as=PartialObjectMetadata;g=meta.k8s.io`),
 * as kube takes it from the internal object (internal-metadata.ts).
 */
import type { KubeObject } from '../apimachinery/object.js';
import { internalMetadata } from './internal-metadata.js';

export function partialObjectMetadata(object: KubeObject, version = 'v1'): Record<string, unknown> {
  return { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: internalMetadata(object) };
}
