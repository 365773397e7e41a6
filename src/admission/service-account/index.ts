/**
 * kube-apiserver's ServiceAccount admission plugin (plugin/pkg/admission/serviceaccount, v1.32),
 * for pods only. On create (mutating): a pod names `default` when it names no service account
 * (`spec.serviceAccount` mirrors it), the service account must exist (403 `error looking up
 * service account NS/NAME: serviceaccount "NAME" not found`), its token is mounted unless
 * automount is off on the pod or the account (token-volume.ts), and its imagePullSecrets are
 * copied into a pod that has none. Validating, on create and on an ephemeralcontainers update:
 * the account still exists and, if it enforces mountable secrets, the pod names only its secrets;
 * a mirror pod is never mutated and may name no service account, secret or token projection.
 *
 * The `default` account: kube-controller-manager's serviceaccounts controller creates it in every
 * namespace, and kube's plugin waits for it (10 reads 100-200 ms apart) before refusing the pod.
 * This server, unless BUILTIN_CONTROLLERS=off, creates a missing `default` itself when a pod
 * needs it (manager `kube-controller-manager`, as that controller would; kube-controller-manager
 * finds it made), so a pod created right after its namespace is admitted as on kube with
 * kube-controller-manager running; with BUILTIN_CONTROLLERS=off it waits as kube's plugin does.
 */
import { findResource } from '../../api/catalog.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { forbidden, notFound } from '../../apimachinery/status.js';
import { containerOrder, podSpecOrder } from '../../kinds/core/pod-schema.js';
import { asRecord, asRecords, asText, orderEach, orderKeys, type JsonRecord } from '../../kinds/json-values.js';
import { fieldManagement, trackUpdate } from '../../registry/field-manager.js';
import { generateName } from '../../registry/prepare-write.js';
import { storeFor } from '../../registry/registry.js';
import type { AdmissionRequest, AdmissionStep, MutatingPlugin, ValidatingPlugin } from '../plugins.js';
import { disallowedEphemeralReference, disallowedSecretReference, enforcesMountableSecrets, namesAnySecret } from './secret-references.js';
import { mountServiceAccountToken, projectsToken, shouldAutomount } from './token-volume.js';

const defaultName = 'default';
const mirrorAnnotation = 'kubernetes.io/config.mirror';
const serviceAccountsType = () => findResource('', 'v1', 'serviceaccounts')!;

export const serviceAccountAdmission: MutatingPlugin & ValidatingPlugin = {
  async admit(request, step) {
    if (!concernsPod(request, step) || step.operation !== 'CREATE') return;
    const pod = step.object!;
    if (isMirror(pod)) return;
    const spec = (pod.spec ??= {}) as JsonRecord;
    if (!asText(spec.serviceAccountName)) spec.serviceAccountName = defaultName;
    spec.serviceAccount = spec.serviceAccountName;
    const account = await lookUp(request, step, pod, asText(spec.serviceAccountName));
    if (shouldAutomount(account, spec)) mountServiceAccountToken(spec, generateName);
    if (!asRecords(spec.imagePullSecrets).length) {
      const pullSecrets = asRecords(account.imagePullSecrets).map((ref) => ({ name: asText(ref.name) }));
      if (pullSecrets.length) spec.imagePullSecrets = pullSecrets;
    }
    // The fields added read in Go's field order, as kube encodes them.
    for (const list of ['initContainers', 'containers']) orderEach(spec, list, containerOrder);
    orderKeys(spec, podSpecOrder);
  },

  async validate(request, step) {
    if (!concernsPod(request, step)) return;
    const pod = step.object!;
    const spec = (pod.spec ?? {}) as JsonRecord;
    const ephemeral = step.operation === 'UPDATE' && request.info.subresource === 'ephemeralcontainers';
    if (!ephemeral && step.operation !== 'CREATE') return;
    if (!ephemeral && isMirror(pod)) return refuseMirror(request, pod, spec);
    if (!asText(spec.serviceAccountName)) throw refusal(request, pod, `no service account specified for pod ${request.namespace}/${podName(pod)}`);
    const account = await lookUp(request, step, pod, asText(spec.serviceAccountName));
    if (!enforcesMountableSecrets(account)) return;
    const problem = ephemeral ? disallowedEphemeralReference(account, spec) : disallowedSecretReference(account, spec);
    if (problem) throw refusal(request, pod, problem);
  },
};

/** kube's shouldIgnore: a pod, through the pod itself or (validation only) its ephemeralcontainers. */
function concernsPod(request: AdmissionRequest, step: AdmissionStep): boolean {
  const { type, info } = request;
  return type.group === '' && type.resource === 'pods' && !step.kind && !!step.object
    && (info.subresource === '' || info.subresource === 'ephemeralcontainers');
}

function isMirror(pod: KubeObject): boolean {
  return pod.metadata.annotations?.[mirrorAnnotation] !== undefined;
}

function refuseMirror(request: AdmissionRequest, pod: KubeObject, spec: JsonRecord): void {
  if (asText(spec.serviceAccountName)) throw refusal(request, pod, 'a mirror pod may not reference service accounts');
  if (namesAnySecret(spec)) throw refusal(request, pod, 'a mirror pod may not reference secrets');
  if (asRecords(spec.volumes).some(projectsToken)) throw refusal(request, pod, 'a mirror pod may not use ServiceAccountToken volume projections');
}

/** The pod's service account, or kube's 403 when it does not exist. */
async function lookUp(request: AdmissionRequest, step: AdmissionStep, pod: KubeObject, name: string): Promise<JsonRecord> {
  const account = await readAccount(request, name) ?? (name === defaultName ? await awaitDefault(request, step.dryRun) : null);
  if (account) return account;
  const missing = notFound({ group: '', resource: 'serviceaccount' }, name).message;
  throw refusal(request, pod, `error looking up service account ${request.namespace}/${name}: ${missing}`);
}

async function readAccount(request: AdmissionRequest, name: string): Promise<KubeObject | null> {
  try {
    return await storeFor(request.cluster, serviceAccountsType()).get(request.namespace, name, { match: 'latest' });
  } catch (error) {
    if ((error as { code?: number }).code === 404) return null;
    throw error;
  }
}

/** The `default` account: made now by the built-in controllers, else waited for as kube's plugin does. */
async function awaitDefault(request: AdmissionRequest, dryRun: boolean): Promise<JsonRecord | null> {
  if (request.cluster.settings.builtinControllers !== 'off') return dryRun ? { metadata: { name: defaultName } } : createDefault(request);
  const pause = 100 + Math.floor(Math.random() * 100);
  for (let attempt = 1; attempt < 10; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    const account = await readAccount(request, defaultName);
    if (account) return account;
  }
  return null;
}

async function createDefault(request: AdmissionRequest): Promise<JsonRecord | null> {
  const type = serviceAccountsType();
  const object: KubeObject = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: defaultName, namespace: request.namespace } };
  const management = fieldManagement(type, 'kube-controller-manager', '', request.now);
  try {
    return await storeFor(request.cluster, type).create(request.namespace, trackUpdate(management, null, object), { dryRun: false, now: request.now });
  } catch (error) {
    if ((error as { code?: number }).code === 409) return readAccount(request, defaultName);
    throw error;
  }
}

function podName(pod: KubeObject): string {
  return pod.metadata.name || asText(asRecord(pod.metadata)?.generateName);
}

/** admission.NewForbidden: `pods "NAME" is forbidden: ...` (the generateName while the name is not made yet). */
function refusal(request: AdmissionRequest, pod: KubeObject, why: string) {
  return forbidden({ group: '', resource: 'pods' }, podName(pod) || 'Unknown', why);
}
