// The Deployment the kubectl comparison works on, and the kubectl commands it compares. The
// Deployment names a ServiceAccount (so ServiceAccount admission shapes the pods) and gets an
// image update (revision 2); the commands read it the ways users do.
import { dump } from 'js-yaml';

export const namespace = 'kubectl-compare';

/** The Deployment at `image` (revision 1: nginx:1.25, revision 2: nginx:1.26), `replicas` pods. */
export function deployment(image, replicas = 3) {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace, labels: { app: 'web' } },
    spec: {
      replicas, selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { serviceAccountName: 'web-sa', containers: [{ name: 'web', image, ports: [{ containerPort: 80 }] }] },
      },
    },
  };
}

export const serviceAccount = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'web-sa', namespace } };

export const yaml = (...objects) => objects.map((object) => dump(object)).join('---\n');

/**
 * The commands, each { name, args, input?, sort? }: `sort` names how several objects' outputs
 * are put in a stable order ('rows' or 'describe'), since their names carry random suffixes.
 */
export function commands() {
  const unchanged = yaml(deployment('nginx:1.26'));
  const changed = yaml(deployment('nginx:1.27', 4));
  return [
    { name: 'rollout status', args: ['rollout', 'status', 'deployment/web', '--timeout=60s'] },
    { name: 'rollout status --revision=2', args: ['rollout', 'status', 'deployment/web', '--revision=2', '--timeout=60s'] },
    { name: 'rollout status --revision=1', args: ['rollout', 'status', 'deployment/web', '--revision=1', '--timeout=60s'] },
    { name: 'rollout history', args: ['rollout', 'history', 'deployment/web'] },
    { name: 'rollout history --revision=2', args: ['rollout', 'history', 'deployment/web', '--revision=2'] },
    { name: 'describe deployment', args: ['describe', 'deployment/web'] },
    { name: 'describe rs', args: ['describe', 'rs', '-l', 'app=web'], sort: 'describe' },
    { name: 'describe pod', args: ['describe', 'pod', '-l', 'app=web'], sort: 'describe' },
    { name: 'describe serviceaccount', args: ['describe', 'serviceaccount/web-sa'] },
    { name: 'diff -f (unchanged)', args: ['diff', '-f', '-'], input: unchanged },
    { name: 'diff -f (changed)', args: ['diff', '-f', '-'], input: changed },
    { name: 'diff -f --server-side (unchanged)', args: ['diff', '--server-side', '--force-conflicts', '-f', '-'], input: unchanged },
    { name: 'diff -f --server-side (changed)', args: ['diff', '--server-side', '--force-conflicts', '-f', '-'], input: changed },
    { name: 'explain deployment.spec.strategy', args: ['explain', 'deployment.spec.strategy'] },
    { name: 'explain deployment.spec.strategy --recursive', args: ['explain', 'deployment.spec.strategy', '--recursive'] },
    { name: 'explain deployment.spec.template.spec.containers.imagePullPolicy', args: ['explain', 'deployment.spec.template.spec.containers.imagePullPolicy'] },
    { name: 'explain deployments --output=plaintext-openapiv2', args: ['explain', 'deployments', '--output=plaintext-openapiv2'] },
    { name: 'rollout undo --dry-run=server', args: ['rollout', 'undo', 'deployment/web', '--dry-run=server'] },
    { name: 'get events', args: ['get', 'events'], sort: 'rows' },
    { name: 'get events (of the Deployment)', args: ['get', 'events', '--field-selector', 'involvedObject.kind=Deployment'], sort: 'rows' },
    { name: 'get rs -o wide', args: ['get', 'rs', '-o', 'wide'], sort: 'rows' },
    { name: 'get pods -o wide', args: ['get', 'pods', '-o', 'wide'], sort: 'rows' },
  ];
}
