// The operations half of the control plane scenario: drains under PodDisruptionBudgets, a Node
// removed, a certificate approved and signed, a leader handover, and the namespace of it all
// deleted. Outcomes are plain data compared with `expected`.
import { X509Certificate } from 'node:crypto';
import { scenarioCertificateRequest, signerCertificate } from './fixtures.mjs';
import { controllerKind, podsOn } from './scenario-context.mjs';

const budgetObserved = (budget) => budget && (budget.status?.observedGeneration ?? 0) >= budget.metadata.generation;

export const operationSteps = [
  {
    name: 'kubectl drain evicts what the PodDisruptionBudgets allow and is refused the rest',
    expected: { drainCompleted: false, refusedByBudget: true, podsLeftOnNode: ['solo'] },
    async run(context) {
      await context.must(['create', 'deployment', 'solo', '--image=nginx:1.26']);
      await context.must(['rollout', 'status', 'deployment/solo', '--timeout=120s']);
      await context.must(['create', 'poddisruptionbudget', 'solo', '--selector=app=solo', '--min-available=1']);
      await context.must(['create', 'poddisruptionbudget', 'web', '--selector=app=web', '--max-unavailable=1']);
      for (const name of ['solo', 'web']) {
        await context.until(() => context.get(`/apis/policy/v1/namespaces/${context.namespace}/poddisruptionbudgets/${name}`), budgetObserved);
      }
      const [solo] = await context.list(`/api/v1/namespaces/${context.namespace}/pods?labelSelector=app%3Dsolo`);
      const node = (context.state.drained = solo.spec.nodeName);
      const drain = await context.kubectl(['drain', node, '--ignore-daemonsets', '--delete-emptydir-data', '--timeout=20s']);
      const left = await context.until(async () => (await podsOn(context, node)).filter((pod) => controllerKind(pod) !== 'DaemonSet'),
        (pods) => pods.every((pod) => pod.metadata.labels?.app === 'solo'), 30);
      return {
        drainCompleted: drain.code === 0,
        refusedByBudget: /Cannot evict pod as it would violate the pod's disruption budget/.test(drain.stdout + drain.stderr),
        podsLeftOnNode: [...new Set(left.map((pod) => pod.metadata.labels?.app ?? pod.metadata.name))].sort(),
      };
    },
  },
  {
    name: 'the drained Node is deleted (its pods are checked for collection later)',
    expected: { nodeGone: true },
    async run(context) {
      await context.must(['delete', 'node', context.state.drained]);
      return { nodeGone: (await context.get(`/api/v1/nodes/${context.state.drained}`)) === null };
    },
  },
  {
    name: 'kubectl certificate approve gets a CertificateSigningRequest signed by the cluster signer',
    expected: { approved: true, subject: 'O=scenario\nCN=scenario-user', signedByClusterSigner: true },
    async run(context) {
      const name = (context.state.csr = `scenario-${context.namespace}`);
      const request = Buffer.from(scenarioCertificateRequest).toString('base64');
      const csr = { apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name }, spec: { request, signerName: 'kubernetes.io/kube-apiserver-client', usages: ['client auth'] } };
      await context.must(['create', '-f', '-'], { input: JSON.stringify(csr) });
      await context.must(['certificate', 'approve', name]);
      const signed = await context.until(() => context.get(`/apis/certificates.k8s.io/v1/certificatesigningrequests/${name}`), (object) => !!object?.status?.certificate);
      const approved = signed.status.conditions?.some((condition) => condition.type === 'Approved' && condition.status === 'True') ?? false;
      if (!signed.status.certificate) return { approved, subject: null, signedByClusterSigner: false };
      const certificate = new X509Certificate(Buffer.from(signed.status.certificate, 'base64'));
      const signer = new X509Certificate(signerCertificate);
      return { approved, subject: certificate.subject, signedByClusterSigner: certificate.checkIssued(signer) && certificate.verify(signer.publicKey) };
    },
  },
  {
    name: 'killing the leading kube-controller-manager hands the lease to a second one, which carries on',
    expected: { handedOver: true, readyReplicas: 2, replicaSetReplicas: 2 },
    async run(context) {
      const handedOver = await context.failover();
      await context.must(['scale', 'deployment/web', '--replicas=2']);
      await context.must(['rollout', 'status', 'deployment/web', '--timeout=120s']);
      // rollout status is satisfied before the surplus pods are gone (status counts them until then).
      const deployment = await context.until(() => context.get(`/apis/apps/v1/namespaces/${context.namespace}/deployments/web`),
        (object) => object.status.replicas === 2 && object.status.readyReplicas === 2);
      const sets = await context.list(`/apis/apps/v1/namespaces/${context.namespace}/replicasets`);
      const current = sets.filter((set) => set.metadata.ownerReferences?.some((owner) => owner.name === 'web')).find((set) => set.spec.replicas > 0);
      return { handedOver, readyReplicas: deployment.status.readyReplicas, replicaSetReplicas: current?.status.readyReplicas ?? 0 };
    },
  },
  {
    name: 'the pods of the deleted Node are garbage collected',
    expected: { podsOnDeletedNode: 0 },
    async run(context) {
      const pods = await context.until(() => podsOn(context, context.state.drained, ''), (list) => list.length === 0, 150);
      return { podsOnDeletedNode: pods.length };
    },
  },
  {
    name: 'the CronJob started a Job',
    expected: { startedAJob: true },
    async run(context) {
      const started = await context.until(async () => (await context.list(`/apis/batch/v1/namespaces/${context.namespace}/jobs`))
        .some((job) => job.metadata.ownerReferences?.some((owner) => owner.kind === 'CronJob' && owner.name === 'tick')), (found) => found, 90);
      return { startedAJob: started };
    },
  },
  {
    name: 'the namespace with all of that is deleted',
    expected: { namespaceGone: true },
    async run(context) {
      await context.must(['delete', 'namespace', context.namespace, '--wait=false']);
      const namespace = await context.until(() => context.get(`/api/v1/namespaces/${context.namespace}`), (object) => object === null, 180);
      return { namespaceGone: namespace === null };
    },
  },
];
