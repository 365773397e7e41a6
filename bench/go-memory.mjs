// kube-apiserver's Go heap, for memory per idle watcher: its resident memory barely moves when
// 1,000 watches open (the Go runtime keeps freed heap and reuses it, so an RSS delta of 0.5 KiB per
// watcher was an artifact of what the heap held before), so kube's side is measured as edge's
// cannot be: the live heap after a forced collection, from kube-apiserver's own profiling endpoint
// (`/debug/pprof/heap?gc=1`, on by default, allowed to system:masters). The text form (`debug=1`)
// lists the sampled allocation sites, `inuse objects: inuse bytes [alloc objects: alloc bytes] @
// stack`, raw: inuse_space is their sum scaled up as pprof scales a sample (Go's
// scaleHeapSample: each site's bytes / (1 - e^(-average size / sampling rate))); it ends with
// runtime.MemStats, whose HeapAlloc is the bytes of live objects, exact, and HeapInuse the spans
// holding them.
//   node bench/go-memory.mjs URL TOKEN   prints both once
import { call } from './tls-client.mjs';

/** The Go heap of the kube-apiserver at `url` after a collection: { inuseSpace, allocBytes, inuseBytes }. */
export async function goHeap(url, adminToken) {
  const text = await call(`${url}/debug/pprof/heap?gc=1&debug=1`, { token: adminToken });
  const stat = (name) => {
    const match = new RegExp(`^# ${name} = (\\d+)$`, 'm').exec(text);
    if (!match) throw new Error(`no ${name} in ${url}'s heap profile`);
    return Number(match[1]);
  };
  return { inuseSpace: inuseSpace(text), allocBytes: stat('HeapAlloc'), inuseBytes: stat('HeapInuse') };
}

/** pprof's inuse_space from the text profile: each site's sampled bytes scaled up. */
export function inuseSpace(text) {
  const rate = Number(/@ heap\/(\d+)/.exec(text)?.[1] ?? 1048576) / 2;
  let total = 0;
  for (const [, objects, bytes] of text.matchAll(/^\s*(\d+): (\d+) \[\d+: \d+\] @/gm)) {
    if (Number(objects) === 0) continue;
    total += Number(bytes) / (1 - Math.exp(-Number(bytes) / Number(objects) / rate));
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, token] = process.argv.slice(2);
  console.log(JSON.stringify(await goHeap(url, token)));
}
