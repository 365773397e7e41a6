/** scripts/kubectl-compare/normalize.mjs: what `npm run kubectl-compare` masks, and what it must not. */
import { describe, expect, it } from 'vitest';
import { normalize, sortedBlocks } from '../../scripts/kubectl-compare/normalize.mjs';

// Lines as kubectl 1.32 printed them in a run (describe pod, get events, diff).
const describePod = [
  'Name:             web-5c8b87cfb9-x7kq2',
  'Node:             sim-node-2/172.20.0.4',
  'Start Time:       Sun, 06 Dec 2026 03:55:00 +0000',
  '    Container ID:   sim://6355e5cf538d38e88f7506826155f832071e0d08c64f01a3fe9b13054b9865cb',
  '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-9zqvd (ro)',
  '    ConfigMapName:           kube-root-ca.crt',
  '    ConfigMapOptional:       <nil>',
  '    ConfigMapName:           openshift-service-ca.crt',
  '    ConfigMapOptional:       <nil>',
  'Tolerations:      node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
  '  Normal  Scheduled  12s   default-scheduler  Successfully assigned kubectl-compare/web-5c8b87cfb9-x7kq2 to sim-node-2',
].join('\n');

describe('kubectl output masks', () => {
  it('masks random suffixes, ids, times, ages, addresses and node names, keeping hashes, indentation and fixed durations', () => {
    expect(normalize(describePod)).toBe([
      'Name:  web-5c8b87cfb9-XXXXX',
      'Node:  sim-node-N/<ip>',
      'Start Time:  <time>',
      '    Container ID:  sim://<container-id>',
      '      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-XXXXX (ro)',
      '    ConfigMapName:  kube-root-ca.crt',
      '    ConfigMapOptional:  <nil>',
      'Tolerations:  node.kubernetes.io/not-ready:NoExecute op=Exists for 300s',
      '  Normal  Scheduled  <age>  default-scheduler  Successfully assigned kubectl-compare/web-5c8b87cfb9-XXXXX to sim-node-N',
    ].join('\n'));
  });

  it('masks event counts, resourceVersions, uids and diff file times but not what a server decides', () => {
    expect(normalize('3m2s  Normal  x2 over 5m  resourceVersion: "1234"  uid: 0b06707b-17e9-4837-904a-42577e987862'))
      .toBe('<age>  Normal  <count> over <age>  resourceVersion: "<rv>"  uid: <uid>');
    expect(normalize('--- /tmp/LIVE-123/apps.v1.Deployment.ns.web\t2026-12-06 03:55:00.558831950 +0000'))
      .toBe('--- /tmp/LIVE-N/apps.v1.Deployment.ns.web\t<file-time>');
    expect(normalize('  generation: 2\n  - image: nginx:1.26')).not.toBe(normalize('  generation: 3\n  - image: nginx:1.26'));
    expect(normalize('pod-template-hash=5c8b87cfb9')).not.toBe(normalize('pod-template-hash=6fff74fc6b'));
  });

  it('puts table rows and described objects in a stable order after masking', () => {
    expect(sortedBlocks('NAME  AGE\nb  <age>\na  <age>\n', 'rows')).toBe('NAME  AGE\na  <age>\nb  <age>');
    expect(sortedBlocks('Name:  b\nx\n\n\nName:  a\ny', 'describe')).toBe('Name:  a\ny\n\n\nName:  b\nx');
  });
});
