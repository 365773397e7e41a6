/**
 * Pod defaulting, after pkg/apis/core/v1/defaults.go and the generated SetObjectDefaults_Pod and
 * SetObjectDefaults_PodTemplate (zz_generated.defaults.go, v1.32), with the output in Go's field
 * order. defaultPodSpec is shared with every pod template (ReplicationController here; Deployments,
 * Jobs, ... in src/kinds/workloads); defaultPod adds SetDefaults_Pod, which templates do not get.
 */
import { objectMetaOrder } from '../../apimachinery/object.js';
import { asRecord, asRecords, asText, ensureRecord, orderEach, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import { defaultPullPolicy } from './image-reference.js';
import {
  containerOrder, containerPortOrder, envVarOrder, ephemeralContainerOrder, fieldRefOrder, grpcOrder,
  httpGetOrder, podSpecOrder, probeOrder, resourcesOrder, tolerationOrder,
} from './pod-schema.js';
import { defaultResourceList } from './resource-list.js';
import { defaultVolumes } from './volume-defaults.js';

/** SetDefaults_PodSpec plus the defaults of everything inside a pod spec (containers, volumes, probes). */
export function defaultPodSpec(spec: JsonRecord): void {
  setDefault(spec, 'dnsPolicy', 'ClusterFirst');
  setDefault(spec, 'restartPolicy', 'Always');
  setDefault(spec, 'securityContext', {});
  setDefault(spec, 'terminationGracePeriodSeconds', 30);
  setDefault(spec, 'schedulerName', 'default-scheduler');
  defaultVolumes(spec.volumes);
  for (const container of containersOf(spec)) defaultContainer(container);
  for (const container of asRecords(spec.ephemeralContainers)) defaultContainer(container, ephemeralContainerOrder);
  defaultResourceList(spec.overhead);
  const podResources = asRecord(spec.resources);
  if (podResources) defaultResources(podResources);
  orderEach(spec, 'tolerations', tolerationOrder);
  orderKeys(spec, podSpecOrder);
}

/** SetDefaults_Pod (requests default to limits, enableServiceLinks, host ports under hostNetwork), then the spec's. */
export function defaultPod(pod: JsonRecord): void {
  const spec = ensureRecord(pod, 'spec');
  for (const container of containersOf(spec)) requestsFromLimits(container);
  setDefault(spec, 'enableServiceLinks', true);
  if (spec.hostNetwork === true) {
    for (const container of containersOf(spec)) hostPortsFromContainerPorts(container);
  }
  defaultPodSpec(spec);
}

/** Regular and init containers (kube's SetDefaults_Pod walks both). */
function containersOf(spec: JsonRecord): JsonRecord[] {
  return [...asRecords(spec.initContainers), ...asRecords(spec.containers)];
}

function requestsFromLimits(container: JsonRecord): void {
  const resources = asRecord(container.resources);
  const limits = asRecord(resources?.limits);
  if (!resources || !limits) return;
  const requests = ensureRecord(resources, 'requests');
  for (const [name, value] of Object.entries(limits)) setDefault(requests, name, value);
}

function hostPortsFromContainerPorts(container: JsonRecord): void {
  for (const port of asRecords(container.ports)) {
    if (!port.hostPort) port.hostPort = port.containerPort;
  }
}

/** SetDefaults_Container and the declarative defaults of its ports, env, resources, probes and lifecycle. */
export function defaultContainer(container: JsonRecord, order: readonly string[] = containerOrder): void {
  for (const port of asRecords(container.ports)) setDefault(port, 'protocol', 'TCP');
  orderEach(container, 'ports', containerPortOrder);
  defaultEnv(container);
  // ResourceRequirements is a struct, not a pointer: Go always writes it, as {} when empty.
  defaultResources(ensureRecord(container, 'resources'));
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) defaultProbe(asRecord(container[probe]));
  const lifecycle = asRecord(container.lifecycle);
  for (const hook of ['postStart', 'preStop']) defaultHandler(asRecord(lifecycle?.[hook]));
  setDefault(container, 'terminationMessagePath', '/dev/termination-log');
  setDefault(container, 'terminationMessagePolicy', 'File');
  if (!container.imagePullPolicy) container.imagePullPolicy = defaultPullPolicy(asText(container.image));
  orderKeys(container, order);
}

function defaultResources(resources: JsonRecord): void {
  defaultResourceList(resources.limits);
  defaultResourceList(resources.requests);
  orderKeys(resources, resourcesOrder);
}

function defaultEnv(container: JsonRecord): void {
  for (const variable of asRecords(container.env)) {
    const fieldRef = asRecord(asRecord(variable.valueFrom)?.fieldRef);
    if (fieldRef) {
      setDefault(fieldRef, 'apiVersion', 'v1');
      orderKeys(fieldRef, fieldRefOrder);
    }
    orderKeys(variable, envVarOrder);
  }
}

/** SetDefaults_Probe: timeout 1, period 10, success 1, failure 3. */
function defaultProbe(probe: JsonRecord | undefined): void {
  if (!probe) return;
  defaultHandler(probe);
  for (const [key, value] of [['timeoutSeconds', 1], ['periodSeconds', 10], ['successThreshold', 1], ['failureThreshold', 3]] as const) {
    if (!probe[key]) probe[key] = value;
  }
  orderKeys(probe, probeOrder);
}

/** SetDefaults_HTTPGetAction (path /, scheme HTTP) and GRPCAction's declarative service "". */
function defaultHandler(handler: JsonRecord | undefined): void {
  const httpGet = asRecord(handler?.httpGet);
  if (httpGet) {
    if (!httpGet.path) httpGet.path = '/';
    if (!httpGet.scheme) httpGet.scheme = 'HTTP';
    orderKeys(httpGet, httpGetOrder);
  }
  const grpc = asRecord(handler?.grpc);
  if (grpc) {
    setDefault(grpc, 'service', '');
    orderKeys(grpc, grpcOrder);
  }
}

/**
 * A pod template's metadata as kube writes it: ObjectMeta's creationTimestamp is a struct, so Go
 * writes `"creationTimestamp": null` for every embedded template (golden 072). Mutates `template`.
 */
export function defaultPodTemplateMetadata(template: JsonRecord): void {
  const metadata = ensureRecord(template, 'metadata');
  if (metadata.creationTimestamp === undefined) metadata.creationTimestamp = null;
  orderKeys(metadata, objectMetaOrder);
}

/** SetObjectDefaults_PodTemplateSpec: `"creationTimestamp": null` metadata, then the spec's defaults; fields in Go order. */
export function defaultPodTemplate(template: JsonRecord): void {
  defaultPodTemplateMetadata(template);
  defaultPodSpec(ensureRecord(template, 'spec'));
  orderKeys(template, ['metadata', 'spec']);
}
