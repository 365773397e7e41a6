/** What `npm run snapshot` (scripts/snapshot.mjs, a Node program) uses of the backups, bundled for it. */
export { checkSnapshot, restoreSnapshot, type TypeReport } from './client.js';
export { formatVersion, itemLine, snapshotKind, TypeTally } from './format.js';
export { gzipLines, textLines } from './lines.js';
export { kubeObjects, kubeTypes } from './kube-source.js';
