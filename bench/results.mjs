// The raw results of a benchmark run: what was measured (each section's figures and conditions)
// and how (commit, machine, software, settings), written as JSON under bench/results/. A full run
// (no BENCH_ONLY) also replaces bench/results/latest.json, from which bench/README.md's figures are
// rendered (bench/render-readme.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../scripts/server.mjs';

export const resultsDirectory = path.join(projectRoot, 'bench', 'results');

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function packageVersion(name) {
  try {
    return JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** The commit, machine and software of this run, and the settings it was started with. */
export function runContext() {
  const cpus = os.cpus();
  const status = git('status', '--porcelain', '--', '.', ':(exclude)bench/results');
  return {
    commit: git('rev-parse', 'HEAD'),
    commitSubject: git('log', '-1', '--format=%s'),
    uncommittedChanges: status === null ? null : status.length > 0,
    machine: {
      cores: cpus.length, model: cpus[0]?.model ?? 'unknown', memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
      platform: `${os.platform()} ${os.arch()} ${os.release()}`, loadAverageAtStart: os.loadavg(),
    },
    software: {
      node: process.version, workerd: packageVersion('workerd'), miniflare: packageVersion('miniflare'), wrangler: packageVersion('wrangler'),
    },
    settings: {
      BENCH_SECONDS: Number(process.env.BENCH_SECONDS ?? 5), BENCH_ONLY: process.env.BENCH_ONLY ?? null,
      BENCH_WATCHERS: Number(process.env.BENCH_WATCHERS ?? 1000), BENCH_WATCH_RATES: process.env.BENCH_WATCH_RATES ?? '2,10',
      BENCH_WATCH_SECONDS: Number(process.env.BENCH_WATCH_SECONDS ?? 10),
    },
    note: process.env.BENCH_NOTE ?? null,
  };
}

/** How the server of the server sections is run (openAccess in scripts/server.mjs). */
export const openAccessServer = {
  transport: 'plain HTTP (no TLS)',
  authentication: 'off: every path open to system:anonymous (ANONYMOUS_PATHS=*)',
  authorization: 'AlwaysAllow',
  rateLimits: 'off',
  process: 'one workerd through Miniflare (no wrangler dev proxy), in-memory Durable Objects; the load generator runs in the same Node process on the same cores',
};

/** Writes the run's results; returns the paths written. */
export function writeResults(results, { full }) {
  mkdirSync(resultsDirectory, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');
  const commit = (results.commit ?? 'nocommit').slice(0, 10);
  const sections = full ? '' : `-${Object.keys(results.sections).join('+')}`;
  const dated = path.join(resultsDirectory, `${stamp}-${commit}${sections}.json`);
  const text = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(dated, text);
  const written = [dated];
  if (full || process.env.BENCH_LATEST === '1') {
    const latest = path.join(resultsDirectory, 'latest.json');
    writeFileSync(latest, text);
    written.push(latest);
  }
  return written;
}
