/**
 * POST pods/NAME/binding and its legacy form, POST bindings in the namespace (pkg/registry/core/pod/storage
 * BindingREST and LegacyBindingREST): the scheduler's way of assigning a pod to a node. The
 * Binding is decoded (strict field validation as any create), its name must be the URL's,
 * namespace lifecycle and admission see a CREATE of pods/binding, and the answer is kube's
 * `Success` Status with code 201.
 */
import { mutatingAdmission, validatingAdmission } from '../../admission/dynamic.js';
import { admitCreate } from '../../admission/namespace-lifecycle.js';
import { findResource, type ResourceType } from '../../api/catalog.js';
import { aggregateText } from '../../apimachinery/field-errors.js';
import { badRequest } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { bindPod, validatePodBinding, type PodBinding } from '../../registry/pod-binding.js';
import { storeFor } from '../../registry/registry.js';
import { decodeObjectBody } from './body.js';
import { parseWriteOptions } from './query-options.js';
import { encodedResponse, outputFormat, wantsPretty, withWarnings } from './respond.js';
import type { Handler, RequestScope } from './scope.js';
import { checkFields } from './typed-object.js';

const bindingType = (): ResourceType => findResource('', 'v1', 'bindings')!;
const podsType = (): ResourceType => findResource('', 'v1', 'pods')!;

/** pods/NAME/binding: the Binding must name the URL's pod. */
export const podBindingHandler: Handler = (scope) => bind(scope, (binding) => {
  if (binding.metadata.name !== scope.info.name) throw badRequest('name in URL does not match name in Binding object');
});

/** POST namespaces/NS/bindings: the Binding names the pod. */
export const legacyBindingHandler: Handler = (scope) => bind(scope, (binding) => {
  if (!binding.metadata.name) throw badRequest('Name parameter required.');
});

async function bind(scope: RequestScope, checkName: (binding: KubeObject) => void): Promise<Response> {
  const format = outputFormat(scope, 'status');
  const options = parseWriteOptions(scope.url.searchParams, 'CreateOptions');
  const decoded = await decodeObjectBody(scope.request, bindingType());
  const object = checkFields(scope, decoded.object, options.fieldValidation, decoded.strict, bindingType());
  const namespace = object.metadata.namespace;
  if (namespace && namespace !== scope.namespace) throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
  const podScope = { ...scope, type: podsType(), info: { ...scope.info, name: object.metadata.name ?? '', subresource: 'binding' } };
  await admitCreate(podScope, object.metadata.name ?? '');
  const admitted = (await mutatingAdmission(podScope, { operation: 'CREATE', object, old: null, dryRun: options.dryRun, kind: bindingKind }))!;
  checkName(admitted);
  const binding = podBindingOf(admitted);
  const errors = validatePodBinding(binding);
  // kube answers these with a bare 500 (an aggregate that is no API error); bad input is a 400 here.
  if (errors.length) throw badRequest(aggregateText(errors));
  await validatingAdmission(podScope, { operation: 'CREATE', object: admitted, old: null, dryRun: options.dryRun, kind: bindingKind });
  const pods = scope.type.resource === 'pods' ? scope.store : storeFor(scope.cluster, podsType());
  await bindPod(pods, scope.namespace, binding, { dryRun: options.dryRun, now: scope.now });
  const status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  return withWarnings(encodedResponse(status, format, 201, wantsPretty(scope.request, scope.url)), scope.warnings);
}

const bindingKind = { group: '', version: 'v1', kind: 'Binding' };

function podBindingOf(object: KubeObject): PodBinding {
  const target = (object.target ?? {}) as { kind?: string; name?: string };
  const { name, uid, resourceVersion, annotations } = object.metadata;
  return {
    name: name!, target, ...(uid ? { uid } : {}), ...(resourceVersion ? { resourceVersion } : {}),
    ...(annotations ? { annotations: annotations as Record<string, string> } : {}),
  };
}
