// What legitimately differs between two clusters running the same steps, masked before kubectl's
// outputs are compared; everything else must be byte-identical. Each rule says why it may differ.

const rules = [
  // The reference build's ServiceAccount admission also projects OpenShift's service CA (a carry
  // patch, docs/kube-behaviours.md); stock kube-apiserver does not, nor does edge.
  [/\n[ \t]*ConfigMapName:[ \t]+openshift-service-ca\.crt\n[ \t]*ConfigMapOptional:[ \t]+<nil>/g, '', 'openshift-service-ca.crt projection: the reference build only'],
  // generateName suffixes: five random characters per pod, per kube-api-access volume.
  [/\b(web-[bcdfghjklmnpqrstvwxz2456789]{6,10}-)[bcdfghjklmnpqrstvwxz2456789]{5}\b/g, '$1XXXXX', 'pod names: generateName random suffix'],
  [/\bkube-api-access-[a-z0-9]{5}\b/g, 'kube-api-access-XXXXX', 'projected token volume: generateName random suffix'],
  // Each object's uid is random; the simulated kubelet derives container ids from the pod's uid.
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<uid>', 'uids: random'],
  [/sim:\/\/[0-9a-f]{64}/g, 'sim://<container-id>', 'container ids: from the pod uid'],
  // Wall-clock times and ages: the runs happen at different moments.
  [/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z\b/g, '<time>', 'RFC 3339 times'],
  [/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d [+-]\d{4}\b/g, '<time>', 'describe times'],
  [/(?<=^|[\s(])(?<!op=Exists for )(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?(?<=\d[dhms])(?=[\s)]|$)/gm, '<age>', 'ages (LAST SEEN, AGE, "x2 over 10s")'],
  [/\bx\d+ over <age>/g, '<count> over <age>', 'event counts: how often a timing-dependent event repeated'],
  // Addresses: which node a pod lands on is the scheduler's choice among equal nodes, and pod IPs follow it.
  [/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g, '<ip>', 'IPs: per node and allocation order'],
  [/\bsim-node-\d+\b/g, 'sim-node-N', 'node names: the scheduler picks among equal nodes'],
  // Storage versions: etcd's revision counter and edge's differ by design.
  [/("?resourceVersion"?:\s*)"\d+"/g, '$1"<rv>"', 'resourceVersions: each storage its own counter'],
  // kubectl diff's temporary directories.
  [/\/tmp\/(LIVE|MERGED)-\d+/g, '/tmp/$1-N', 'kubectl diff temporary directories'],
  [/\b\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ [+-]\d{4}\b/g, '<file-time>', "kubectl diff's file times"],
  // Table padding follows the widths of the masked values above.
  [/(?<=\S)[ \t]{2,}/g, '  ', 'column padding (not indentation): follows masked widths'],
];

/** The rules' descriptions (for the report). */
export const normalizations = rules.map(([, , why]) => why);

/** `text` with every legitimately differing part masked. */
export function normalize(text) {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Outputs listing several objects (describe of a selector, get events) come in name order, and
 * names carry random suffixes: their blocks (describe) or rows (tables) are sorted after masking.
 */
export function sortedBlocks(text, kind) {
  if (kind === 'rows') {
    const [header, ...rows] = text.split('\n');
    return [header, ...rows.filter(Boolean).sort()].join('\n');
  }
  if (kind === 'describe') return text.split(/\n\n\n(?=Name:)/).sort().join('\n\n\n');
  return text;
}
