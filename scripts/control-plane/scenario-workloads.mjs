// The workload half of the control plane scenario: what kube-controller-manager, kube-scheduler
// and the (simulated) kubelets must do together for kubectl's usual commands. Each step answers
// an outcome (plain data) that must equal its `expected`, on kube-apiserver as on edge-apiserver.
import { controllerKind, deploymentState, manifests, readyEndpoints } from './scenario-context.mjs';

const rollout = (context, target) => context.must(['rollout', 'status', target, '--timeout=120s']);
const replicaSetsOf = async (context, deployment) => (await context.list(`/apis/apps/v1/namespaces/${context.namespace}/replicasets`))
  .filter((set) => set.metadata.ownerReferences?.some((owner) => owner.name === deployment))
  .map((set) => ({ image: set.spec.template.spec.containers[0].image, replicas: set.spec.replicas }))
  .sort((a, b) => a.image.localeCompare(b.image));

export const workloadSteps = [
  {
    name: 'a CronJob is created (it starts a Job at the next full minute; checked near the end)',
    expected: { schedule: '* * * * *' },
    async run(context) {
      await context.must(['create', 'cronjob', 'tick', '--image=busybox:1.36', '--schedule=* * * * *', '--', 'true']);
      return { schedule: (await context.get(`/apis/batch/v1/namespaces/${context.namespace}/cronjobs/tick`)).spec.schedule };
    },
  },
  {
    name: 'create deployment --replicas=3, then rollout status completes',
    expected: { image: 'nginx:1.26', readyReplicas: 3, updatedReplicas: 3 },
    async run(context) {
      await context.must(['create', 'deployment', 'web', '--image=nginx:1.26', '--replicas=3', '--port=80']);
      await rollout(context, 'deployment/web');
      return deploymentState(context, 'web');
    },
  },
  {
    name: 'expose: the EndpointSlice lists 3 ready endpoints',
    expected: { readyEndpoints: 3 },
    async run(context) {
      await context.must(['expose', 'deployment/web', '--port=80']);
      return { readyEndpoints: await context.until(() => readyEndpoints(context, 'web'), (count) => count === 3) };
    },
  },
  {
    name: 'set image: the rollout completes and the old ReplicaSet is scaled to 0',
    expected: { image: 'nginx:1.27', readyReplicas: 3, replicaSets: [{ image: 'nginx:1.26', replicas: 0 }, { image: 'nginx:1.27', replicas: 3 }] },
    async run(context) {
      await context.must(['set', 'image', 'deployment/web', 'nginx=nginx:1.27']);
      await rollout(context, 'deployment/web');
      const { image, readyReplicas } = await deploymentState(context, 'web');
      return { image, readyReplicas, replicaSets: await replicaSetsOf(context, 'web') };
    },
  },
  {
    name: 'rollout undo brings the previous image back',
    expected: { image: 'nginx:1.26', readyReplicas: 3, replicaSets: [{ image: 'nginx:1.26', replicas: 3 }, { image: 'nginx:1.27', replicas: 0 }] },
    async run(context) {
      await context.must(['rollout', 'undo', 'deployment/web']);
      await rollout(context, 'deployment/web');
      const { image, readyReplicas } = await deploymentState(context, 'web');
      return { image, readyReplicas, replicaSets: await replicaSetsOf(context, 'web') };
    },
  },
  {
    name: 'scale --replicas=5: five ready pods behind the Service',
    expected: { readyReplicas: 5, readyEndpoints: 5 },
    async run(context) {
      await context.must(['scale', 'deployment/web', '--replicas=5']);
      await rollout(context, 'deployment/web');
      const endpoints = await context.until(() => readyEndpoints(context, 'web'), (count) => count === 5);
      return { readyReplicas: (await deploymentState(context, 'web')).readyReplicas, readyEndpoints: endpoints };
    },
  },
  {
    name: 'a StatefulSet comes up in order: each pod is created once the previous one is ready',
    expected: { readyReplicas: 3, order: ['created db-0', 'ready db-0', 'created db-1', 'ready db-1', 'created db-2', 'ready db-2'] },
    async run(context) {
      const order = [];
      const seen = (text) => !order.includes(text) && order.push(text);
      const path = `/api/v1/namespaces/${context.namespace}/pods?labelSelector=${encodeURIComponent('app=db')}`;
      const watch = context.client.reflect(path, (type, pod) => {
        if (type === 'DELETED') return;
        seen(`created ${pod.metadata.name}`);
        if (pod.status?.conditions?.some((condition) => condition.type === 'Ready' && condition.status === 'True')) seen(`ready ${pod.metadata.name}`);
      });
      await watch.synced;
      await context.must(['apply', '-f', '-'], { input: statefulSet() });
      await rollout(context, 'statefulset/db');
      watch.stop();
      const status = (await context.get(`/apis/apps/v1/namespaces/${context.namespace}/statefulsets/db`)).status;
      return { readyReplicas: status.readyReplicas, order };
    },
  },
  {
    name: 'a DaemonSet puts one pod on each node',
    expected: (context) => ({ podsPerNode: context.nodes.map(() => 1) }),
    async run(context) {
      await context.must(['apply', '-f', '-'], { input: daemonSet() });
      await rollout(context, 'daemonset/agent');
      const pods = (await context.list(`/api/v1/namespaces/${context.namespace}/pods`)).filter((pod) => controllerKind(pod) === 'DaemonSet');
      return { podsPerNode: context.nodes.map((node) => pods.filter((pod) => pod.spec.nodeName === node).length) };
    },
  },
  {
    name: 'a Job completes',
    expected: { succeeded: 1, complete: true },
    async run(context) {
      await context.must(['create', 'job', 'once', '--image=busybox:1.36', '--', 'true']);
      await context.must(['wait', '--for=condition=complete', 'job/once', '--timeout=90s']);
      const status = (await context.get(`/apis/batch/v1/namespaces/${context.namespace}/jobs/once`)).status;
      return { succeeded: status.succeeded, complete: status.conditions?.some((condition) => condition.type === 'Complete' && condition.status === 'True') };
    },
  },
];

function statefulSet() {
  const labels = { app: 'db' };
  return manifests(
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db' }, spec: { clusterIP: 'None', selector: labels, ports: [{ port: 6379 }] } },
    {
      apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' },
      spec: { serviceName: 'db', replicas: 3, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'db', image: 'redis:7' }] } } },
    },
  );
}

function daemonSet() {
  const labels = { app: 'agent' };
  return manifests({
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' },
    spec: { selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'agent', image: 'busybox:1.36', command: ['sleep', 'infinity'] }] } } },
  });
}
