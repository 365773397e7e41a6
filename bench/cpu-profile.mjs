// CPU profiles of the edge-apiserver isolate through workerd's DevTools inspector (the Worker and
// its Durable Objects run in one isolate locally): start/stop a sampling profile, write the
// .cpuprofile under .wrangler/ (open it in Chrome DevTools or speedscope) and print the self time
// per original source file and the heaviest functions, through the bundle's source map.
import { readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { projectRoot } from '../scripts/server.mjs';

/** A Chrome DevTools protocol session over the inspector's WebSocket (Node's global WebSocket). */
async function devtools(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((candidate) => candidate.title?.includes('edge-apiserver')) ?? targets[0];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ((socket.onopen = resolve), (socket.onerror = reject)));
  const waiting = new Map();
  let next = 1;
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  };
  const send = (method, params = {}) => new Promise((resolve) => {
    const id = next++;
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
  return { send, close: () => socket.close() };
}

/** Self time (ms) per original source file and per function, from a profile and the bundle's source map. */
function selfTimes(profile, sourceMap) {
  const interval = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const byFile = new Map();
  const byFunction = new Map();
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const ms = node.hitCount * interval;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const entry = url.includes('bundle') && lineNumber >= 0 ? sourceMap.findEntry(lineNumber, columnNumber) : null;
    const file = entry?.originalSource ? path.relative(projectRoot, new URL(entry.originalSource, 'file:///').pathname).replace(/^(\.\.\/)+/, '') : url || `(${functionName || 'native'})`;
    add(byFile, file, ms);
    add(byFunction, `${functionName || '(anonymous)'} ${file}${entry ? `:${entry.originalLine + 1}` : ''}`, ms);
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { total: profile.samples.length * interval, byFile: sorted(byFile), byFunction: sorted(byFunction) };
}

/** Starts sampling the isolate behind `inspectorPort`; `stop()` resolves with the profile's self times and file. */
export async function startProfile(inspectorPort) {
  const session = await devtools(inspectorPort);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  return {
    async stop() {
      const { result } = await session.send('Profiler.stop');
      session.close();
      const file = path.join(projectRoot, '.wrangler', `edge-${Date.now()}.cpuprofile`);
      writeFileSync(file, JSON.stringify(result.profile));
      const bundle = path.join(projectRoot, '.wrangler', 'bundle', 'index.js.map');
      return { file, ...selfTimes(result.profile, new SourceMap(JSON.parse(readFileSync(bundle, 'utf8')))) };
    },
  };
}

/** Prints the heaviest files and functions of `times`, per unit of work (`units` of `unitName`). */
export function printProfile(times, units, unitName = 'request') {
  console.log('self time by source file:');
  for (const [name, ms] of times.byFile.slice(0, 30)) console.log(`  ${((100 * ms) / times.total).toFixed(1).padStart(5)}%  ${(ms / units * 1000).toFixed(0).padStart(5)} µs/${unitName}  ${name}`);
  console.log('heaviest functions (self time):');
  for (const [name, ms] of times.byFunction.slice(0, 30)) console.log(`  ${((100 * ms) / times.total).toFixed(1).padStart(5)}%  ${name}`);
}
