// The side-by-side sections (the reference kube-apiserver + etcd against edge-apiserver), as
// [name, run] pairs for bench/run.mjs; each starts and stops its own servers.
import { runSideBySideLists } from './side-by-side-lists.mjs';
import { runSideBySideMixed } from './side-by-side-mixed.mjs';
import { runSideBySideWatch } from './side-by-side-watch.mjs';

/** The sections, `durationMs` per load phase of the mixed load. */
export function sideBySideSections(durationMs) {
  return [
    ['kube-mixed', () => runSideBySideMixed(durationMs)],
    ['kube-lists', runSideBySideLists],
    ['kube-watch', runSideBySideWatch],
  ];
}
