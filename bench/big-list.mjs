// Listing 10,000 ConfigMaps: one page and pages of 500, with time and the peak resident memory
// of the workerd process while listing.
import { withPeakMemory } from './memory.mjs';
import { fmt } from './stats.mjs';

const json = { 'content-type': 'application/json' };

async function fill(server, namespace, count) {
  const base = `${server}/api/v1/namespaces/${namespace}/configmaps`;
  const batch = 32;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - start) }, (_, offset) => fetch(base, {
      method: 'POST', headers: json,
      body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${start + offset}`, labels: { app: 'big' } }, data: { value: 'x'.repeat(100) } }),
    }).then((response) => response.arrayBuffer())));
  }
}

async function listPaged(base, limit) {
  let items = 0;
  let token = '';
  do {
    const response = await fetch(`${base}?limit=${limit}${token ? `&continue=${token}` : ''}`);
    const body = await response.json();
    items += body.items.length;
    token = body.metadata.continue ?? '';
  } while (token);
  return items;
}

export async function runBigList(server, count) {
  const namespace = `big-${Date.now().toString(36)}`;
  await fetch(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }) });
  const filled = performance.now();
  await fill(server, namespace, count);
  console.log(`list of ${count} ConfigMaps (filled in ${fmt((performance.now() - filled) / 1000)} s)`);
  const base = `${server}/api/v1/namespaces/${namespace}/configmaps`;
  const whole = await withPeakMemory(async () => (await (await fetch(base)).json()).items.length);
  console.log(`  one page:       ${fmt(whole.ms)} ms, ${whole.result} items, workerd RSS ${fmt(whole.rssBeforeMiB)} -> peak ${fmt(whole.rssPeakMiB)} MiB`);
  const paged = await withPeakMemory(() => listPaged(base, 500));
  console.log(`  pages of 500:   ${fmt(paged.ms)} ms, ${paged.result} items, workerd RSS ${fmt(paged.rssBeforeMiB)} -> peak ${fmt(paged.rssPeakMiB)} MiB`);
  const figures = ({ result, ...memory }) => ({ items: result, ...memory });
  return {
    conditions: `${count} ConfigMaps of about 250 bytes in one namespace, listed by one client over HTTP (JSON); time to the parsed body; workerd resident memory sampled every 5 ms`,
    count, onePage: figures(whole), pagesOf500: figures(paged),
  };
}
