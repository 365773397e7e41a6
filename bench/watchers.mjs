// 1,000 concurrent watchers on one type, then 100 writes: the time from a write being sent to
// its event reaching each watcher (p50/p99), and the memory of workerd with the watchers idle.
import { summarize, fmt } from './stats.mjs';
import { residentMiB } from './memory.mjs';

const json = { 'content-type': 'application/json' };

/** Opens one watch stream; calls onEvent(line) for each event line (not parsed: the load generator shares the CPU with the server). */
async function openWatch(url, onEvent) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = async () => {
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch {
        return;
      }
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line) onEvent(line);
      }
    }
  };
  void pump();
  return () => controller.abort();
}

export async function runWatchers(server, watchers = 1000, writes = 100) {
  const namespace = `watchers-${Date.now().toString(36)}`;
  await fetch(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }) });
  const base = `${server}/api/v1/namespaces/${namespace}/configmaps`;
  const rv = (await (await fetch(base)).json()).metadata.resourceVersion;
  const before = residentMiB();
  const latencies = [];
  let delivered = 0;
  const closers = [];
  for (let start = 0; start < watchers; start += 100) {
    closers.push(...await Promise.all(Array.from({ length: Math.min(100, watchers - start) }, () => openWatch(`${base}?watch=1&resourceVersion=${rv}`, (event) => {
      latencies.push(performance.now() - Number(/"sent":"([0-9.]+)"/.exec(event)[1]));
      delivered += 1;
    }))));
  }
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const idle = residentMiB();
  const began = performance.now();
  for (let i = 0; i < writes; i++) {
    await fetch(base, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `w-${i}` }, data: { sent: String(performance.now()) } }) }).then((r) => r.arrayBuffer());
  }
  const deadline = performance.now() + 60_000;
  while (delivered < watchers * writes && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  const elapsed = performance.now() - began;
  const stats = summarize(latencies);
  console.log(`${watchers} watchers on one type, ${writes} writes (delivered ${delivered} of ${watchers * writes} events in ${fmt(elapsed / 1000)} s)`);
  console.log(`  write sent -> event at watcher: p50 ${fmt(stats.p50, 1)} ms, p99 ${fmt(stats.p99, 1)} ms`);
  console.log(`  workerd RSS: ${fmt(before)} MiB before, ${fmt(idle)} MiB with ${watchers} idle watchers (+${fmt(((idle - before) * 1024) / watchers, 1)} KiB per watcher, Worker sessions included)`);
  for (const close of closers) close();
}
