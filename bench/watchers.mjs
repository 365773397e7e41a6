// 1,000 concurrent watchers on one type, then writes driven at fixed rates (open loop: a write is
// sent on its schedule whether or not the previous one was answered): the time from a write
// being sent to its event reaching each watcher (p50/p99/max), how many events arrived, the
// delivery rate sustained, and the memory of workerd with the watchers idle.
import { summarize, fmt } from './stats.mjs';
import { residentMiB } from './memory.mjs';

const json = { 'content-type': 'application/json' };
const drainMillis = 60_000;

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per-phase tallies of the events the watchers received. */
function phaseTally() {
  return { latencies: [], delivered: 0, lastDelivery: 0 };
}

/**
 * Sends `writes` creates at `rate` per second on a fixed schedule (open loop), each carrying its
 * phase and send time; returns what the sender saw.
 */
async function driveWrites(base, phase, rate, writes) {
  const started = performance.now();
  const pending = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let late = 0;
  for (let i = 0; i < writes; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -50) late += 1;
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${phase}-${i}` }, data: { phase, sent: String(performance.now()) } });
    pending.push(fetch(base, { method: 'POST', headers: json, body }).then((response) => response.arrayBuffer()).finally(() => { inFlight -= 1; }));
  }
  const lastSent = performance.now();
  await Promise.all(pending);
  const sendSeconds = (lastSent - started) / 1000;
  return { started, achievedRate: writes > 1 ? (writes - 1) / sendSeconds : writes, maxInFlight, late };
}

export async function runWatchers(server, watchers = 1000, rates = [2, 10], phaseSeconds = 10) {
  const namespace = `watchers-${Date.now().toString(36)}`;
  await fetch(`${server}/api/v1/namespaces`, { method: 'POST', headers: json, body: JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }) });
  const base = `${server}/api/v1/namespaces/${namespace}/configmaps`;
  const rv = (await (await fetch(base)).json()).metadata.resourceVersion;
  const before = residentMiB();
  const tallies = new Map();
  const onEvent = (event) => {
    const received = performance.now();
    const phase = /"phase":"([^"]+)"/.exec(event)?.[1];
    const sent = Number(/"sent":"([0-9.]+)"/.exec(event)?.[1]);
    const tally = phase && tallies.get(phase);
    if (!tally) return;
    tally.latencies.push(received - sent);
    tally.delivered += 1;
    tally.lastDelivery = received;
  };
  const closers = [];
  for (let start = 0; start < watchers; start += 100) {
    closers.push(...await Promise.all(Array.from({ length: Math.min(100, watchers - start) }, () => openWatch(`${base}?watch=1&resourceVersion=${rv}`, onEvent))));
  }
  await sleep(12_000);
  const idle = residentMiB();
  const phases = [];
  console.log(`${watchers} watchers on one type (plain HTTP watch streams, one Node client process), writes at fixed rates for ${phaseSeconds} s each`);
  for (const rate of rates) {
    const phase = `r${rate}`;
    const writes = Math.max(1, Math.round(rate * phaseSeconds));
    const tally = phaseTally();
    tallies.set(phase, tally);
    const sender = await driveWrites(base, phase, rate, writes);
    const expected = watchers * writes;
    const deadline = performance.now() + drainMillis;
    while (tally.delivered < expected && performance.now() < deadline) await sleep(50);
    const stats = summarize(tally.latencies);
    const max = tally.latencies.reduce((m, value) => Math.max(m, value), 0);
    const deliverySeconds = (tally.lastDelivery - sender.started) / 1000;
    const result = {
      offeredRate: rate, writes, achievedRate: sender.achievedRate, maxWritesInFlight: sender.maxInFlight, lateWrites: sender.late,
      expectedEvents: expected, deliveredEvents: tally.delivered, deliveriesPerSecond: tally.delivered / deliverySeconds,
      latencyMs: { p50: stats.p50, p99: stats.p99, max },
    };
    phases.push(result);
    console.log(`  ${fmt(rate)} writes/s offered (${fmt(sender.achievedRate, 2)} sent, at most ${sender.maxInFlight} in flight): ${tally.delivered} of ${expected} events, ` +
      `${fmt(result.deliveriesPerSecond, 0)} deliveries/s; write sent -> event at watcher p50 ${fmt(stats.p50, 1)} ms, p99 ${fmt(stats.p99, 1)} ms, max ${fmt(max, 1)} ms`);
  }
  const perWatcherKiB = ((idle - before) * 1024) / watchers;
  console.log(`  workerd RSS: ${fmt(before)} MiB before, ${fmt(idle)} MiB with ${watchers} idle watchers (+${fmt(perWatcherKiB, 1)} KiB per watcher, Worker sessions included)`);
  for (const close of closers) close();
  return {
    conditions: `${watchers} watch streams (JSON, chunked HTTP) on the ConfigMaps of one namespace, opened from one resourceVersion by the benchmark's Node process; ` +
      `then, per phase, creates of small ConfigMaps sent at a fixed rate for ${phaseSeconds} s (open loop); every event is delivered to every watcher; ` +
      `latency = event received - write sent, both clocks in the benchmark process; events still missing ${drainMillis / 1000} s after the last write are counted as not delivered`,
    watchers, phaseSeconds, phases,
    memory: { beforeMiB: before, idleMiB: idle, perWatcherKiB },
  };
}
