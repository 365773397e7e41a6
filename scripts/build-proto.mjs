#!/usr/bin/env node
/**
 * Builds data/proto-descriptors.json, the message descriptors that the runtime Protobuf codec
 * (src/codecs/protobuf/) walks reflectively, from kube's `generated.proto` files.
 *
 *   node scripts/build-proto.mjs [outPath] [--check-openapi]
 *   (inputs: env PROTO_DIR, default reference/proto, and env OPENAPI_DIR, default
 *    reference/openapi/v3, both relative to the project; reference/overlays/v1.32-proto.json and
 *    the `proto.messages` of reference/overlays/v1.32-types.json;
 *    src/apply/go-zero-values.ts; outPath defaults to data/proto-descriptors.json)
 *
 * The vendored .proto files are kube v1.26's. The overlay adds the v1.32 fields (and messages)
 * the server handles, with their Go type and json tag, and removes what v1.32 no longer has;
 * it is merged into the parsed files before anything else, idempotently, so newer .proto files
 * that already have a field make its entry a no-op. v1.32-types.json adds whole resource types
 * (ValidatingAdmissionPolicy, SelfSubjectReview) in the same format; a Go field embedded with
 * `json:",inline"` is written with that tag and listed in INLINE.
 *
 * protobufjs is used only to PARSE the .proto files here, at build time: its runtime encoders
 * generate code with `new Function`, which workerd forbids.
 *
 * Output (deterministic: same inputs, same bytes):
 *   messages: { FQN: [[number, jsonName, type, flags?], ...] }  fields in number order
 *     type:  a scalar (string int32 int64 bool bytes double ...), a message FQN (no leading
 *            dot; a message of the field's own package is named without the package), or
 *            "map<K,V>" with V a scalar or a message
 *     flags: r repeated | i inline (the Go field is embedded with json:",inline": its message's
 *            fields appear in the parent's JSON) | v Go value field, not a pointer (gogo always
 *            writes it; a zero scalar on the wire means "unset") | p Go pointer string ("" is
 *            kept on decode) | k scalar without omitempty (OpenAPI lists it as required): kube's
 *            JSON prints its zero value, so decode keeps it
 *            An overlay field takes them from its Go type and tag: []T r, *string p, a Go value
 *            v, plus k for a scalar without omitempty. A Go value metav1.Time or MicroTime (a
 *            `{}` in go-zero-values.ts, e.g. PodCondition.lastProbeTime) is v: gogo always writes
 *            it, and its zero decodes to the `null` kube's JSON prints.
 *   special: { FQN: mapping } messages whose JSON form is not an object (Time, Quantity, ...)
 *   kinds:   { apiVersion: [package, [Kind, ...]] } every top-level kind and List kind; the
 *            message of a kind is package.Kind
 *   metaKinds: { Kind: FQN } meta.k8s.io kinds that are served under every apiVersion
 *
 * The OpenAPI documents supply only the `k` flags. --check-openapi also compares JSON names and
 * kinds with them and exits 1 on a difference not explained by a known exception.
 */
import protobuf from 'protobufjs';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NOTICE =
  'Derived by scripts/build-proto.mjs from the generated.proto files of k8s.io/api, ' +
  'k8s.io/apimachinery, k8s.io/apiextensions-apiserver and k8s.io/kube-aggregator, the v1.32 ' +
  'fields of reference/overlays/v1.32-proto.json, and the OpenAPI v3 documents of kube-apiserver ' +
  '(Apache License 2.0, The Kubernetes Authors).';

const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';
const SKIP_PACKAGES = ['k8s.io.apimachinery.pkg.apis.testapigroup.'];

/** Messages whose kube JSON is not a plain object; the runtime implements each mapping. */
const SPECIAL = {
  [`${META}.Time`]: 'time',
  [`${META}.MicroTime`]: 'microtime',
  [`${META}.Duration`]: 'duration',
  [`${META}.FieldsV1`]: 'json',
  [`${META}.Verbs`]: 'items',
  'k8s.io.api.authentication.v1.ExtraValue': 'items',
  'k8s.io.api.authorization.v1.ExtraValue': 'items',
  'k8s.io.api.certificates.v1.ExtraValue': 'items',
  'k8s.io.apimachinery.pkg.api.resource.Quantity': 'quantity',
  'k8s.io.apimachinery.pkg.util.intstr.IntOrString': 'intorstring',
  'k8s.io.apimachinery.pkg.runtime.RawExtension': 'raw',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSON': 'json',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrArray': 'schemaOrArray',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrBool': 'schemaOrBool',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaPropsOrStringArray': 'schemaOrStringArray',
};

/** Proto field names that differ from the Go json tag (found by --check-openapi). */
const RENAMES = {
  'k8s.io.api.admissionregistration.v1.MutatingWebhookConfiguration': { Webhooks: 'webhooks' },
  'k8s.io.api.admissionregistration.v1.ValidatingWebhookConfiguration': { Webhooks: 'webhooks' },
  'k8s.io.api.authentication.v1.BoundObjectReference': { uID: 'uid' },
  'k8s.io.api.networking.v1.IngressClassParametersReference': { aPIGroup: 'apiGroup' },
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps': {
    ref: '$ref',
    schema: '$schema',
    xKubernetesPreserveUnknownFields: 'x-kubernetes-preserve-unknown-fields',
    xKubernetesEmbeddedResource: 'x-kubernetes-embedded-resource',
    xKubernetesIntOrString: 'x-kubernetes-int-or-string',
    xKubernetesListMapKeys: 'x-kubernetes-list-map-keys',
    xKubernetesListType: 'x-kubernetes-list-type',
    xKubernetesMapType: 'x-kubernetes-map-type',
    xKubernetesValidations: 'x-kubernetes-validations',
  },
};

/** Go fields embedded with `json:",inline"` that still have a protobuf field of their own. */
const INLINE = {
  'k8s.io.api.admissionregistration.v1.NamedRuleWithOperations': ['ruleWithOperations'],
  'k8s.io.api.admissionregistration.v1.RuleWithOperations': ['rule'],
  'k8s.io.api.core.v1.ConfigMapEnvSource': ['localObjectReference'],
  'k8s.io.api.core.v1.ConfigMapKeySelector': ['localObjectReference'],
  'k8s.io.api.core.v1.ConfigMapProjection': ['localObjectReference'],
  'k8s.io.api.core.v1.ConfigMapVolumeSource': ['localObjectReference'],
  'k8s.io.api.core.v1.SecretEnvSource': ['localObjectReference'],
  'k8s.io.api.core.v1.SecretKeySelector': ['localObjectReference'],
  'k8s.io.api.core.v1.SecretProjection': ['localObjectReference'],
  'k8s.io.api.core.v1.EphemeralContainer': ['ephemeralContainerCommon'],
  'k8s.io.api.core.v1.PersistentVolumeSpec': ['persistentVolumeSource'],
  'k8s.io.api.core.v1.Probe': ['handler'],
  'k8s.io.api.core.v1.Volume': ['volumeSource'],
  'k8s.io.api.networking.v1.IngressRule': ['ingressRuleValue'],
};

// Go value (non-pointer) fields, by message, beyond the rules in flagsOf(). gogo writes them even
// when zero; kube's JSON omits their zero values (omitempty) or prints a zero that means the
// same as absent. Provenance: meta.k8s.io from its types.go; the API kinds are the fields that
// kubectl v1.32 wrote with a zero value in its Protobuf request bodies (create namespace,
// configmap, secret, deployment, service, quota, pdb, cronjob, token, ingress, role(binding),
// priorityclass, autoscale, auth can-i, and create job --from a CronJob whose pod template sets
// every part of a PodSpec). A field not listed keeps a zero it receives.
const VALUE_FIELDS = {
  'k8s.io.api.apps.v1.ControllerRevision': 'revision',
  'k8s.io.api.apps.v1.DaemonSetSpec': 'template updateStrategy minReadySeconds',
  'k8s.io.api.apps.v1.DaemonSetStatus': 'currentNumberScheduled numberMisscheduled desiredNumberScheduled ' +
    'numberReady observedGeneration updatedNumberScheduled numberAvailable numberUnavailable',
  'k8s.io.api.apps.v1.DeploymentSpec': 'template strategy minReadySeconds paused',
  'k8s.io.api.apps.v1.DeploymentStatus': 'observedGeneration replicas updatedReplicas availableReplicas ' +
    'unavailableReplicas readyReplicas',
  'k8s.io.api.apps.v1.DeploymentStrategy': 'type',
  'k8s.io.api.apps.v1.ReplicaSetSpec': 'template minReadySeconds',
  'k8s.io.api.apps.v1.ReplicaSetStatus': 'replicas fullyLabeledReplicas observedGeneration readyReplicas ' +
    'availableReplicas',
  'k8s.io.api.apps.v1.StatefulSetSpec': 'template updateStrategy minReadySeconds',
  'k8s.io.api.apps.v1.StatefulSetStatus': 'observedGeneration replicas readyReplicas currentReplicas ' +
    'updatedReplicas availableReplicas',
  'k8s.io.api.authentication.v1.TokenRequestStatus': 'token expirationTimestamp',
  'k8s.io.api.authentication.v1.TokenReviewStatus': 'authenticated',
  'k8s.io.api.authorization.v1.ResourceAttributes': 'group version subresource name',
  'k8s.io.api.authorization.v1.SubjectAccessReviewStatus': 'allowed reason evaluationError denied',
  'k8s.io.api.authorization.v1.SubjectRulesReviewStatus': 'incomplete evaluationError',
  'k8s.io.api.autoscaling.v1.HorizontalPodAutoscalerSpec': 'maxReplicas',
  'k8s.io.api.autoscaling.v1.HorizontalPodAutoscalerStatus': 'currentReplicas desiredReplicas',
  'k8s.io.api.autoscaling.v1.ScaleSpec': 'replicas',
  'k8s.io.api.autoscaling.v1.ScaleStatus': 'replicas',
  'k8s.io.api.batch.v1.CronJob': 'status',
  'k8s.io.api.batch.v1.CronJobSpec': 'concurrencyPolicy jobTemplate',
  'k8s.io.api.batch.v1.JobSpec': 'template',
  'k8s.io.api.batch.v1.JobStatus': 'active succeeded failed completedIndexes',
  'k8s.io.api.batch.v1.JobTemplateSpec': 'spec',
  'k8s.io.api.core.v1.AWSElasticBlockStoreVolumeSource': 'fsType partition readOnly',
  'k8s.io.api.core.v1.AzureFileVolumeSource': 'readOnly',
  'k8s.io.api.core.v1.Binding': 'target',
  'k8s.io.api.core.v1.CephFSVolumeSource': 'path user secretFile readOnly',
  'k8s.io.api.core.v1.Container': 'workingDir resources terminationMessagePath imagePullPolicy stdin ' +
    'stdinOnce tty terminationMessagePolicy',
  'k8s.io.api.core.v1.ContainerPort': 'name hostPort containerPort protocol hostIP',
  'k8s.io.api.core.v1.ContainerStatus': 'ready restartCount',
  'k8s.io.api.core.v1.EnvFromSource': 'prefix',
  'k8s.io.api.core.v1.EnvVar': 'value',
  'k8s.io.api.core.v1.EphemeralContainerCommon': 'stdin stdinOnce tty',
  'k8s.io.api.core.v1.Event': 'involvedObject source firstTimestamp lastTimestamp count eventTime',
  'k8s.io.api.core.v1.FCVolumeSource': 'fsType readOnly',
  'k8s.io.api.core.v1.FlexVolumeSource': 'fsType readOnly',
  'k8s.io.api.core.v1.GCEPersistentDiskVolumeSource': 'fsType partition readOnly',
  'k8s.io.api.core.v1.GitRepoVolumeSource': 'revision directory',
  'k8s.io.api.core.v1.HTTPGetAction': 'path host scheme',
  'k8s.io.api.core.v1.ISCSIVolumeSource': 'iscsiInterface fsType readOnly chapAuthDiscovery ' +
    'chapAuthSession',
  'k8s.io.api.core.v1.NFSVolumeSource': 'readOnly',
  'k8s.io.api.core.v1.Namespace': 'spec',
  'k8s.io.api.core.v1.NamespaceStatus': 'phase',
  'k8s.io.api.core.v1.NodeSpec': 'unschedulable',
  'k8s.io.api.core.v1.ObjectFieldSelector': 'apiVersion',
  'k8s.io.api.core.v1.PersistentVolumeClaimSpec': 'volumeName',
  'k8s.io.api.core.v1.PersistentVolumeClaimVolumeSource': 'readOnly',
  'k8s.io.api.core.v1.PodSpec': 'restartPolicy dnsPolicy serviceAccountName serviceAccount nodeName ' +
    'hostNetwork hostPID hostIPC hostname subdomain schedulerName priorityClassName',
  'k8s.io.api.core.v1.PodTemplate': 'template',
  'k8s.io.api.core.v1.PodTemplateSpec': 'spec',
  'k8s.io.api.core.v1.Probe': 'initialDelaySeconds timeoutSeconds periodSeconds successThreshold ' +
    'failureThreshold',
  'k8s.io.api.core.v1.RBDVolumeSource': 'fsType pool user keyring readOnly',
  'k8s.io.api.core.v1.ResourceFieldSelector': 'containerName',
  'k8s.io.api.core.v1.ResourceQuota': 'status',
  'k8s.io.api.core.v1.SELinuxOptions': 'user role type level',
  'k8s.io.api.core.v1.Secret': 'type',
  'k8s.io.api.core.v1.ServiceAccountTokenProjection': 'audience',
  'k8s.io.api.core.v1.ServicePort': 'port nodePort',
  'k8s.io.api.core.v1.ServiceSpec': 'clusterIP sessionAffinity loadBalancerIP externalName ' +
    'externalTrafficPolicy healthCheckNodePort publishNotReadyAddresses',
  'k8s.io.api.core.v1.ServiceStatus': 'loadBalancer',
  'k8s.io.api.core.v1.TCPSocketAction': 'host',
  'k8s.io.api.core.v1.Toleration': 'value',
  'k8s.io.api.core.v1.VolumeMount': 'readOnly subPath subPathExpr',
  'k8s.io.api.events.v1.Event': 'deprecatedCount',
  'k8s.io.api.networking.v1.IngressStatus': 'loadBalancer',
  'k8s.io.api.networking.v1.ServiceBackendPort': 'name number',
  'k8s.io.api.policy.v1.PodDisruptionBudgetStatus': 'observedGeneration disruptionsAllowed currentHealthy ' +
    'desiredHealthy expectedPods',
  'k8s.io.api.rbac.v1.ClusterRoleBinding': 'roleRef',
  'k8s.io.api.rbac.v1.RoleBinding': 'roleRef',
  'k8s.io.api.rbac.v1.Subject': 'apiGroup namespace',
  'k8s.io.api.scheduling.v1.PriorityClass': 'globalDefault',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps': 'exclusiveMaximum ' +
    'exclusiveMinimum uniqueItems nullable xKubernetesEmbeddedResource xKubernetesIntOrString',
  [`${META}.APIGroup`]: 'name preferredVersion',
  [`${META}.APIResource`]: 'name namespaced kind singularName group version storageVersionHash',
  [`${META}.APIResourceList`]: 'groupVersion',
  [`${META}.Condition`]: 'type status observedGeneration lastTransitionTime reason message',
  [`${META}.CreateOptions`]: 'fieldManager fieldValidation',
  [`${META}.GetOptions`]: 'resourceVersion',
  [`${META}.GroupVersionForDiscovery`]: 'groupVersion version',
  [`${META}.LabelSelectorRequirement`]: 'key operator',
  [`${META}.ListMeta`]: 'selfLink resourceVersion continue',
  [`${META}.ListOptions`]: 'labelSelector fieldSelector watch resourceVersion limit continue ' +
    'allowWatchBookmarks resourceVersionMatch',
  [`${META}.ManagedFieldsEntry`]: 'manager operation apiVersion fieldsType subresource',
  [`${META}.ObjectMeta`]: 'name generateName namespace selfLink uid resourceVersion generation ' +
    'creationTimestamp',
  [`${META}.OwnerReference`]: 'kind name uid apiVersion',
  [`${META}.PatchOptions`]: 'fieldManager fieldValidation',
  [`${META}.ServerAddressByClientCIDR`]: 'clientCIDR serverAddress',
  [`${META}.Status`]: 'metadata status message reason code',
  [`${META}.StatusCause`]: 'reason message field',
  [`${META}.StatusDetails`]: 'name group kind retryAfterSeconds uid',
  [`${META}.TableOptions`]: 'includeObject',
  [`${META}.TypeMeta`]: 'kind apiVersion',
  [`${META}.UpdateOptions`]: 'fieldManager fieldValidation',
  [`${META}.WatchEvent`]: 'type object',
  'k8s.io.apimachinery.pkg.runtime.TypeMeta': 'apiVersion kind',
  'k8s.io.apimachinery.pkg.runtime.Unknown': 'typeMeta contentEncoding contentType',
};

/**
 * Go *string fields (observed like VALUE_FIELDS: absent from a message kubectl wrote): a "" on
 * the wire was set on purpose (storageClassName: "" disables dynamic provisioning), so decode
 * keeps it. Other strings are taken as Go values, whose "" means unset.
 */
const POINTER_STRINGS = {
  'k8s.io.api.batch.v1.CronJobSpec': 'timeZone',
  'k8s.io.api.batch.v1.JobSpec': 'completionMode',
  'k8s.io.api.batch.v1.PodFailurePolicyOnExitCodesRequirement': 'containerName',
  'k8s.io.api.core.v1.AzureDiskVolumeSource': 'cachingMode fsType kind',
  'k8s.io.api.core.v1.CSIVolumeSource': 'fsType',
  'k8s.io.api.core.v1.GRPCAction': 'service',
  'k8s.io.api.core.v1.HostPathVolumeSource': 'type',
  'k8s.io.api.core.v1.ISCSIVolumeSource': 'initiatorName',
  'k8s.io.api.core.v1.PersistentVolumeClaimSpec': 'storageClassName volumeMode',
  'k8s.io.api.core.v1.PodSecurityContext': 'fsGroupChangePolicy',
  'k8s.io.api.core.v1.PodSpec': 'runtimeClassName preemptionPolicy',
  'k8s.io.api.core.v1.SeccompProfile': 'localhostProfile',
  'k8s.io.api.core.v1.SecurityContext': 'procMount',
  'k8s.io.api.core.v1.ServicePort': 'appProtocol',
  'k8s.io.api.core.v1.ServiceSpec': 'ipFamilyPolicy loadBalancerClass internalTrafficPolicy',
  'k8s.io.api.core.v1.TopologySpreadConstraint': 'nodeAffinityPolicy nodeTaintsPolicy',
  'k8s.io.api.core.v1.TypedLocalObjectReference': 'apiGroup',
  'k8s.io.api.core.v1.TypedObjectReference': 'apiGroup namespace',
  'k8s.io.api.core.v1.VolumeMount': 'mountPropagation',
  'k8s.io.api.core.v1.WindowsSecurityContextOptions': 'gmsaCredentialSpecName gmsaCredentialSpec ' +
    'runAsUserName',
  'k8s.io.api.policy.v1.PodDisruptionBudgetSpec': 'unhealthyPodEvictionPolicy',
  [`${META}.DeleteOptions`]: 'propagationPolicy',
  [`${META}.Preconditions`]: 'uid resourceVersion',
};

// ---- parsing ------------------------------------------------------------------------------

function protoFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.proto')) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out;
}

function parseAll(dir, overlay) {
  const root = new protobuf.Root();
  for (const file of protoFiles(dir)) {
    protobuf.parse(readFileSync(join(dir, file), 'utf8'), root, { keepCase: true });
  }
  applyOverlay(root, overlay);
  root.resolveAll();
  const messages = [];
  const walk = (ns) => {
    for (const n of ns.nestedArray) {
      if (n instanceof protobuf.Type) messages.push(n);
      if (n.nestedArray) walk(n);
    }
  };
  walk(root);
  return messages
    .map((m) => ({ fqn: m.fullName.replace(/^\./, ''), type: m }))
    .filter(({ fqn }) => !SKIP_PACKAGES.some((p) => fqn.startsWith(p)))
    .sort((a, b) => (a.fqn < b.fqn ? -1 : a.fqn > b.fqn ? 1 : 0));
}

// ---- the v1.32 overlay --------------------------------------------------------------------

/** How an overlay field is held in Go: `[]T` repeated, `*T` pointer, else a value; and its tag. */
function goShape(spec) {
  const repeated = spec.go.startsWith('[]');
  const pointer = spec.go.startsWith('*');
  const [json, ...options] = spec.json.split(',');
  return { json, repeated, pointer, value: !repeated && !pointer, omitempty: options.includes('omitempty') };
}

/** The Go shapes of the overlay's fields: { FQN: { field: shape } }. */
function overlayShapes(overlay) {
  const shapes = {};
  for (const [fqn, fields] of [...Object.entries(overlay.fields), ...Object.entries(overlay.messages)]) {
    shapes[fqn] = Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, goShape(spec)]));
  }
  return shapes;
}

/** Adds one overlay field; a field the .proto files already have must agree with it. */
function addOverlayField(type, name, spec) {
  const shape = goShape(spec);
  const inline = shape.json === '' && spec.json.split(',').includes('inline');
  if (!inline && shape.json !== name) throw new Error(`build-proto: overlay ${type.fullName}.${name} has json name ${shape.json}`);
  const existing = type.fields[name] ?? type.fieldsById[spec.number];
  if (existing) {
    if (existing.name !== name || existing.id !== spec.number || existing.repeated !== shape.repeated) {
      throw new Error(`build-proto: overlay ${type.fullName}.${name} = ${spec.number} conflicts with ` +
        `${existing.name} = ${existing.id}`);
    }
    return;
  }
  const qualified = (proto) => (proto.includes('.') ? `.${proto}` : proto);
  const map = /^map<(\w+),(.+)>$/.exec(spec.proto);
  if (map) type.add(new protobuf.MapField(name, spec.number, map[1], qualified(map[2])));
  else type.add(new protobuf.Field(name, spec.number, qualified(spec.proto), shape.repeated ? 'repeated' : 'optional'));
}

/** Merges reference/overlays/v1.32-proto.json into the parsed .proto files (before resolveAll). */
function applyOverlay(root, overlay) {
  for (const fqn of Object.keys(overlay.messages)) {
    if (root.lookup(fqn)) continue;
    const pkg = fqn.slice(0, fqn.lastIndexOf('.'));
    root.lookup(pkg).add(new protobuf.Type(fqn.slice(pkg.length + 1)));
  }
  for (const [fqn, fields] of [...Object.entries(overlay.fields), ...Object.entries(overlay.messages)]) {
    const type = root.lookupType(fqn);
    for (const [name, spec] of Object.entries(fields)) addOverlayField(type, name, spec);
  }
  for (const [fqn, fields] of Object.entries(overlay.removedFields)) {
    const type = root.lookupType(fqn);
    for (const name of Object.keys(fields)) if (type.fields[name]) type.remove(type.fields[name]);
  }
  for (const fqn of Object.keys(overlay.removedMessages)) {
    const type = root.lookup(fqn);
    if (type) type.parent.remove(type);
  }
}

const typeName = (field) =>
  field.resolvedType ? field.resolvedType.fullName.replace(/^\./, '') : field.type;

const words = (table, fqn) => new Set((table[fqn] ?? '').split(' ').filter(Boolean));

// ---- descriptors --------------------------------------------------------------------------

const TIMES = [`${META}.Time`, `${META}.MicroTime`];

/**
 * Flags of one field, by the rules documented at the top plus the tables above. `go` describes
 * the field's message: `required` (JSON names whose zero kube prints), `valueStructs` (JSON names
 * of Go value structs) and `shapes` (its overlay fields' Go shapes, which decide alone).
 */
function flagsOf(fqn, field, kindNames, go) {
  let flags = field.repeated && !field.map ? 'r' : '';
  if ((INLINE[fqn] ?? []).includes(field.name)) flags += 'iv';
  const type = typeName(field);
  const json = RENAMES[fqn]?.[field.name] ?? field.name;
  const shape = go.shapes[field.name];
  const metaTyped = type === `${META}.ObjectMeta` || type === `${META}.ListMeta`;
  const kindPart = kindNames.has(fqn) && (field.name === 'spec' || field.name === 'status') && field.resolvedType;
  const valueTime = TIMES.includes(type) && go.valueStructs.has(json);
  if (!flags.includes('v') && !field.repeated && !field.map &&
      (metaTyped || kindPart || valueTime || shape?.value || words(VALUE_FIELDS, fqn).has(field.name))) flags += 'v';
  if (shape ? shape.pointer && type === 'string' : words(POINTER_STRINGS, fqn).has(field.name)) flags += 'p';
  const keep = shape ? shape.value && !shape.omitempty : go.required.has(json);
  if (!field.resolvedType && !field.repeated && !field.map && keep) flags += 'k';
  return flags;
}

/** A message type in the field's own package is written by its short name. */
function shortType(fqn, type) {
  const pkg = fqn.slice(0, fqn.lastIndexOf('.') + 1);
  return type.startsWith(pkg) && !type.slice(pkg.length).includes('.') ? type.slice(pkg.length) : type;
}

function fieldTuple(fqn, field, kindNames, go) {
  const json = RENAMES[fqn]?.[field.name] ?? field.name;
  const value = shortType(fqn, typeName(field));
  const type = field.map ? `map<${field.keyType},${value}>` : value;
  const flags = flagsOf(fqn, field, kindNames, go);
  return flags ? [field.id, json, type, flags] : [field.id, json, type];
}

function assertTablesMatch(byFqn) {
  for (const table of [RENAMES, INLINE, VALUE_FIELDS, POINTER_STRINGS]) {
    for (const [fqn, names] of Object.entries(table)) {
      const type = byFqn.get(fqn);
      if (!type) throw new Error(`build-proto: table names unknown message ${fqn}`);
      const list = typeof names === 'string' ? names.split(' ') : Array.isArray(names) ? names : Object.keys(names);
      for (const n of list) if (!type.fields[n]) throw new Error(`build-proto: ${fqn} has no field ${n}`);
    }
  }
}

// ---- kinds --------------------------------------------------------------------------------

const GROUP_EXCEPTIONS = { core: '', apps: 'apps', autoscaling: 'autoscaling', batch: 'batch', policy: 'policy',
  rbac: 'rbac.authorization.k8s.io', flowcontrol: 'flowcontrol.apiserver.k8s.io' };
/** Kinds without metadata, and metadata-bearing messages that are parts, not kinds. */
const EXTRA_KINDS = ['k8s.io.api.admission.v1.AdmissionReview', 'k8s.io.api.core.v1.List',
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.ConversionReview',
  ...['PodLogOptions', 'PodExecOptions', 'PodAttachOptions', 'PodPortForwardOptions', 'PodProxyOptions',
    'NodeProxyOptions', 'ServiceProxyOptions'].map((k) => `k8s.io.api.core.v1.${k}`)];
const NOT_KINDS = ['k8s.io.api.core.v1.PodTemplateSpec', 'k8s.io.api.core.v1.PersistentVolumeClaimTemplate',
  'k8s.io.api.batch.v1.JobTemplateSpec'];
const META_KINDS = ['Status', 'DeleteOptions', 'WatchEvent', 'ListOptions', 'GetOptions', 'CreateOptions',
  'PatchOptions', 'UpdateOptions', 'PartialObjectMetadata', 'PartialObjectMetadataList', 'APIGroup',
  'APIGroupList', 'APIResourceList', 'APIVersions', 'List'];

/** The apiVersion of an API package, or undefined for machinery packages. */
function apiVersionOf(pkg) {
  let m = /^k8s\.io\.api\.([a-z0-9]+)\.(v[0-9a-z]+)$/.exec(pkg);
  if (m) {
    const group = m[1] in GROUP_EXCEPTIONS ? GROUP_EXCEPTIONS[m[1]] : `${m[1]}.k8s.io`;
    return group ? `${group}/${m[2]}` : m[2];
  }
  m = /^k8s\.io\.(?:apiextensions_apiserver|kube_aggregator)\.pkg\.apis\.([a-z]+)\.(v[0-9a-z]+)$/.exec(pkg);
  return m ? `${m[1]}.k8s.io/${m[2]}` : undefined;
}

function isKind(fqn, type) {
  if (EXTRA_KINDS.includes(fqn)) return true;
  if (NOT_KINDS.includes(fqn)) return false;
  const meta = type.fields.metadata;
  const metaType = meta && typeName(meta);
  if (metaType === `${META}.ObjectMeta`) return true;
  return metaType === `${META}.ListMeta` && Boolean(type.fields.items?.repeated);
}

function kindIndex(messages) {
  const kinds = {};
  const metaKinds = {};
  for (const { fqn, type } of messages) {
    const pkg = fqn.slice(0, fqn.lastIndexOf('.'));
    const kind = fqn.slice(pkg.length + 1);
    if (pkg === META && META_KINDS.includes(kind)) metaKinds[kind] = fqn;
    const apiVersion = apiVersionOf(pkg);
    if (apiVersion && isKind(fqn, type)) (kinds[apiVersion] ??= [pkg, []])[1].push(kind);
  }
  const sorted = Object.fromEntries(Object.keys(kinds).sort().map((k) => [k, kinds[k]]));
  return { kinds: sorted, metaKinds };
}

// ---- OpenAPI: `k` flags and --check-openapi ----------------------------------------------

const openApiName = (fqn) =>
  fqn.replace(/^k8s\.io\./, 'io.k8s.').replace('apiextensions_apiserver', 'apiextensions-apiserver')
    .replace('kube_aggregator', 'kube-aggregator');

function loadSchemas(dir) {
  const schemas = {};
  for (const f of readdirSync(dir).sort()) {
    if (f.endsWith('.json')) Object.assign(schemas, JSON.parse(readFileSync(join(dir, f), 'utf8')).components?.schemas);
  }
  return schemas;
}

/** The JSON property names of a message, inline fields expanded. */
function jsonNames(doc, fqn) {
  const pkg = fqn.slice(0, fqn.lastIndexOf('.') + 1);
  return doc.messages[fqn].flatMap(([, name, type, flags = '']) =>
    flags.includes('i') ? jsonNames(doc, type.includes('.') ? type : pkg + type) : [name]);
}

/** The names an overlay section gives a message's JSON, inline messages' included. */
function overlayNames(doc, section, fqn) {
  const pkg = fqn.slice(0, fqn.lastIndexOf('.') + 1);
  const inline = doc.messages[fqn].filter(([, , , flags = '']) => flags.includes('i'))
    .flatMap(([, , type]) => overlayNames(doc, section, type.includes('.') ? type : pkg + type));
  return [...Object.keys(section[fqn] ?? {}), ...inline];
}

function checkAgainstOpenApi(doc, schemas, overlay) {
  const problems = [];
  for (const fqn of Object.keys(doc.messages)) {
    const schema = schemas[openApiName(fqn)];
    if (!schema || doc.special[fqn]) continue;
    // The v1.26 documents lack the overlay's v1.32 fields and still have the ones it removes.
    const want = new Set(Object.keys(schema.properties ?? {}));
    for (const name of overlayNames(doc, overlay.fields, fqn)) want.add(name);
    for (const name of overlayNames(doc, overlay.removedFields, fqn)) want.delete(name);
    const have = new Set(jsonNames(doc, fqn));
    // TypeMeta (kind, apiVersion) of a kind travels in the envelope, not in the message.
    const missing = [...want].filter((n) => !have.has(n) && n !== 'kind' && n !== 'apiVersion');
    const extra = [...have].filter((n) => !want.has(n));
    if (missing.length || extra.length) problems.push(`${fqn}: openapi-only [${missing}] proto-only [${extra}]`);
  }
  for (const [name, schema] of Object.entries(schemas)) {
    for (const gvk of schema['x-kubernetes-group-version-kind'] ?? []) {
      const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
      if (!doc.kinds[apiVersion] || name.includes('.apimachinery.')) continue;
      if (!doc.kinds[apiVersion][1].includes(gvk.kind)) problems.push(`kind ${apiVersion} ${gvk.kind} (${name}) not indexed`);
    }
  }
  for (const p of problems) console.log(`check-openapi: ${p}`);
  console.log(`check-openapi: ${problems.length} difference(s)`);
  return problems.length === 0;
}

// ---- main ---------------------------------------------------------------------------------

/**
 * The Go zero values kube's JSON prints, by schema, from src/apply/go-zero-values.ts (one
 * `'schema': { field: zero, ... },` line per schema): `scalars` print at their zero although
 * OpenAPI does not list them as required (non-pointer fields without omitempty, e.g. core/v1
 * Event.reportingComponent); `structs` are Go value structs (`{}`), never omitted.
 */
function goZeroFields() {
  const text = readFileSync(join(PROJECT, 'src', 'apply', 'go-zero-values.ts'), 'utf8');
  const scalars = new Map();
  const structs = new Map();
  for (const [, schema, body] of text.matchAll(/^  '([^']+)': \{ (.*) \},$/gm)) {
    scalars.set(schema, [...body.matchAll(/(\w+): (?:''|0|false)(?=,|$)/g)].map(([, field]) => field));
    structs.set(schema, [...body.matchAll(/(\w+): \{\}(?=,|$)/g)].map(([, field]) => field));
  }
  return { scalars, structs };
}

function build(protoDir, schemas, overlay) {
  const messages = parseAll(protoDir, overlay);
  const byFqn = new Map(messages.map(({ fqn, type }) => [fqn, type]));
  assertTablesMatch(byFqn);
  const { kinds, metaKinds } = kindIndex(messages);
  const kindNames = new Set(Object.values(kinds).flatMap(([pkg, names]) => names.map((k) => `${pkg}.${k}`)));
  const out = {};
  const zeros = goZeroFields();
  const shapes = overlayShapes(overlay);
  for (const { fqn, type } of messages) {
    const schema = openApiName(fqn);
    const go = {
      required: new Set([...(schemas[schema]?.required ?? []), ...(zeros.scalars.get(schema) ?? [])]),
      valueStructs: new Set(zeros.structs.get(schema) ?? []),
      shapes: shapes[fqn] ?? {},
    };
    out[fqn] = [...type.fieldsArray].sort((a, b) => a.id - b.id).map((f) => fieldTuple(fqn, f, kindNames, go));
  }
  return { notice: NOTICE, special: SPECIAL, kinds, metaKinds, messages: out };
}

/** One line per message keeps the file small yet reviewable in diffs. */
function render(doc) {
  const lines = ['{'];
  lines.push(`  "notice": ${JSON.stringify(doc.notice)},`);
  lines.push(`  "special": ${JSON.stringify(doc.special)},`);
  lines.push(`  "metaKinds": ${JSON.stringify(doc.metaKinds)},`);
  lines.push('  "kinds": {');
  lines.push(Object.entries(doc.kinds).map(([v, k]) => `    ${JSON.stringify(v)}: ${JSON.stringify(k)}`).join(',\n'));
  lines.push('  },');
  lines.push('  "messages": {');
  lines.push(Object.entries(doc.messages).map(([m, f]) => `    ${JSON.stringify(m)}: ${JSON.stringify(f)}`).join(',\n'));
  lines.push('  }');
  lines.push('}');
  return lines.join('\n') + '\n';
}

function main(argv) {
  const protoDir = process.env.PROTO_DIR ?? join(PROJECT, 'reference/proto');
  let out = join(PROJECT, 'data/proto-descriptors.json');
  const openapiDir = process.env.OPENAPI_DIR ?? join(PROJECT, 'reference/openapi/v3');
  let check = false;
  for (const arg of argv) {
    if (arg === '--check-openapi') check = true;
    else out = resolve(arg);
  }
  const types = JSON.parse(readFileSync(join(PROJECT, 'reference/overlays/v1.32-types.json'), 'utf8'));
  const schemas = loadSchemas(openapiDir);
  const overlay = JSON.parse(readFileSync(join(PROJECT, 'reference/overlays/v1.32-proto.json'), 'utf8'));
  overlay.messages = { ...overlay.messages, ...types.proto.messages };
  const doc = build(protoDir, schemas, overlay);
  const text = render(doc);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  const count = Object.keys(doc.messages).length;
  console.log(`build-proto: ${count} messages, ${Buffer.byteLength(text)} bytes -> ${relative(PROJECT, out)}`);
  if (check && !checkAgainstOpenApi(doc, schemas, overlay)) process.exit(1);
}

main(process.argv.slice(2));
