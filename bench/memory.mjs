// Resident memory of the workerd processes this Node process started (Miniflare's runtime).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

export function workerdPids() {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.includes('(workerd)') && Number(stat.split(') ')[1].split(' ')[1]) === process.pid;
    } catch {
      return false;
    }
  });
}

/** Runs `start` (a server's start); resolves with its result and the workerd processes it added. */
export async function startedWorkerd(start) {
  const before = new Set(workerdPids());
  const result = await start();
  return { result, pids: workerdPids().filter((pid) => !before.has(pid)) };
}

/** How many SQLite databases (Durable Objects' storage among them) `pids` hold open. */
export function openDatabases(pids = workerdPids()) {
  return pids.reduce((sum, pid) => sum + readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).endsWith('.sqlite');
    } catch {
      return false; // Closed meanwhile.
    }
  }).length, 0);
}

/** Resident set of `pids` (default: all workerd children) in MiB; a process that has exited holds none. */
export function residentMiB(pids = workerdPids()) {
  const kilobytes = pids.reduce((sum, pid) => sum + residentKiB(pid), 0);
  return kilobytes / 1024;
}

function residentKiB(pid) {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch (error) {
    // Exited meanwhile (an earlier server's workerd ending while a sampler runs: it crashed a full run).
    if (error.code === 'ENOENT' || error.code === 'ESRCH') return 0;
    throw error;
  }
}

/** Runs `task` while sampling workerd's resident memory every 5 ms: its time, result and the memory's rise at its peak. */
export async function withPeakMemory(task) {
  const pids = workerdPids();
  const before = residentMiB(pids);
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, residentMiB(pids)); }, 5);
  const began = performance.now();
  const result = await task();
  const ms = performance.now() - began;
  clearInterval(sampler);
  peak = Math.max(peak, residentMiB(pids));
  return { ms, result, rssBeforeMiB: before, rssPeakMiB: peak, rssRiseMiB: peak - before };
}
