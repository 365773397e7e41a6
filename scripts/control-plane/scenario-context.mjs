// What the control plane scenario's steps work with: kubectl in the scenario's namespace, the API
// through ApiClient, waiting for what the controllers do (a bounded poll of the API every half
// second: the limit stops a broken run, nothing is asserted about speed), and the simulated nodes.
import { dump } from 'js-yaml';
import { sleep } from './api-client.mjs';

/**
 * The context of one scenario run: `kubectl(args)` runs kubectl (`-n namespace` added), `client`
 * an ApiClient, `nodes` the simulated nodes' names, `failover()` the harness's leader handover.
 */
export function scenarioContext({ kubectl, client, namespace, nodes, failover }) {
  const context = {
    namespace, nodes, client, failover, state: {},
    kubectl: (args, options) => kubectl(['-n', namespace, ...args], options),
    /** kubectl that must succeed; answers stdout, throws with kubectl's stderr otherwise. */
    async must(args, options) {
      const result = await context.kubectl(args, options);
      if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed (${result.code}): ${result.stderr.trim() || result.stdout.trim()}`);
      return result.stdout;
    },
    /** GET of an API path; the parsed body, or null for 404. */
    async get(path) {
      const answer = await client.request('GET', path);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body?.message ?? ''}`);
      return answer.body;
    },
    /** The items of a list path. */
    async list(path) {
      return (await context.get(path))?.items ?? [];
    },
    /** Reads `read()` until `done(value)` holds or `seconds` pass; answers the last value read. */
    async until(read, done, seconds = 60) {
      const deadline = Date.now() + seconds * 1000;
      for (;;) {
        const value = await read();
        if (done(value) || Date.now() > deadline) return value;
        await sleep(500);
      }
    },
  };
  return context;
}

/** Ready endpoints across the EndpointSlices of a Service. */
export async function readyEndpoints(context, service) {
  const selector = encodeURIComponent(`kubernetes.io/service-name=${service}`);
  const slices = await context.list(`/apis/discovery.k8s.io/v1/namespaces/${context.namespace}/endpointslices?labelSelector=${selector}`);
  return slices.flatMap((slice) => slice.endpoints ?? []).filter((endpoint) => endpoint.conditions?.ready === true).length;
}

/** A Deployment's status counts that the steps compare. */
export async function deploymentState(context, name) {
  const deployment = await context.get(`/apis/apps/v1/namespaces/${context.namespace}/deployments/${name}`);
  const status = deployment?.status ?? {};
  return { image: deployment?.spec.template.spec.containers[0].image, readyReplicas: status.readyReplicas ?? 0, updatedReplicas: status.updatedReplicas ?? 0 };
}

/** Pods of the namespace bound to `node`. */
export async function podsOn(context, node, namespace = context.namespace) {
  const selector = encodeURIComponent(`spec.nodeName=${node}`);
  const path = namespace ? `/api/v1/namespaces/${namespace}/pods?fieldSelector=${selector}` : `/api/v1/pods?fieldSelector=${selector}`;
  return context.list(path);
}

/** The kind of a pod's controller (its owner with controller: true), or '' for a bare pod. */
export const controllerKind = (pod) => (pod.metadata.ownerReferences ?? []).find((owner) => owner.controller)?.kind ?? '';

/** Manifests as YAML documents for `kubectl apply -f -` (no `kind: List`, which needs OpenAPI v2 in Protobuf). */
export const manifests = (...items) => items.map((item) => dump(item)).join('---\n');
