// Error lines of kube-controller-manager and kube-scheduler logs (klog: `E1126 01:02:03.456789
// 1234 file.go:56] message`), and their signatures: the source location and the message with
// what differs from run to run (times, process ids, uids, resourceVersions, ports, namespaces,
// object names) replaced, so two runs can be compared as sets of kinds of errors.

/** The error (E) and fatal (F) lines of a klog log. */
export function errorLines(text) {
  return text.split('\n').filter((line) => /^[EF]\d{4} /.test(line));
}

/** The signature of an error line (see the file comment); `namespace` is the scenario's. */
export function errorSignature(line, namespace = '') {
  let text = line.replace(/^([EF])\d{4} [\d:.]+\s+\d+ /, '$1 ').replace(/(\.go):\d+\]/, '$1]');
  if (namespace) text = text.split(namespace).join('NS');
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UID')
    .replace(/https:\/\/127\.0\.0\.1:\d+/g, 'SERVER')
    .replace(/resourceVersion=\d+/g, 'resourceVersion=N')
    .replace(/NS\/[a-z0-9][a-z0-9.-]*/g, 'NS/NAME')
    .replace(/\\"[a-z0-9][a-z0-9.-]*\\"/g, '\\"NAME\\"')
    .replace(/\b\d{3,}\b/g, 'N')
    .replace(/\d+(\.\d+)?(ms|s|µs)\b/g, 'D');
}

/** Signatures of a log's error lines, with how often each occurs. */
export function errorSignatures(text, namespace = '') {
  const counts = new Map();
  for (const line of errorLines(text)) {
    const signature = errorSignature(line, namespace);
    counts.set(signature, (counts.get(signature) ?? 0) + 1);
  }
  return counts;
}
