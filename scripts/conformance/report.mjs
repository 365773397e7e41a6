// Ginkgo's JSON report of an e2e.test run, reduced to what the comparison needs: per spec (its
// full text, as `--ginkgo.focus` matches it) the state, the failure's message and location, and
// the seconds it took.
import { existsSync, readFileSync } from 'node:fs';

/** Map of spec text -> { state, message, location, seconds } (empty when the report is missing). */
export function readSpecs(reportFile) {
  const specs = new Map();
  if (!existsSync(reportFile)) return specs;
  for (const suite of JSON.parse(readFileSync(reportFile, 'utf8'))) {
    for (const spec of suite.SpecReports ?? []) {
      if (spec.LeafNodeType !== 'It') continue;
      const name = [...(spec.ContainerHierarchyTexts ?? []), spec.LeafNodeText].join(' ');
      const failure = spec.Failure;
      // A spec text twice (two specs alike, or a run's duplicate): the one that ran wins over a skipped one.
      if (specs.has(name) && ['skipped', 'pending'].includes(spec.State)) continue;
      specs.set(name, {
        state: spec.State,
        message: failure ? firstLines(failure.Message, 3) : '',
        location: failure?.Location?.FileName ? `${failure.Location.FileName.replace(/.*\/kubernetes\//, '')}:${failure.Location.LineNumber}` : '',
        seconds: (spec.RunTime ?? 0) / 1e9,
      });
    }
  }
  return specs;
}

/** Counts of the specs that ran, by state: { ran, passed, failed, ... }. */
export function counts(specs) {
  const result = { ran: 0 };
  for (const { state } of specs.values()) {
    if (state === 'skipped' || state === 'pending') continue;
    result.ran++;
    result[state] = (result[state] ?? 0) + 1;
  }
  return result;
}

/** The specs that ran in both and passed in one only; and those that ran in one only. */
export function differences(reference, edge) {
  const ran = (spec) => spec && spec.state !== 'skipped' && spec.state !== 'pending';
  const list = [];
  for (const name of new Set([...reference.keys(), ...edge.keys()])) {
    const [r, e] = [reference.get(name), edge.get(name)];
    if (!ran(r) && !ran(e)) continue;
    if (r?.state === e?.state) continue;
    list.push({ name, reference: r?.state ?? 'absent', edge: e?.state ?? 'absent', message: e?.state === 'passed' ? r?.message : e?.message });
  }
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

/** A ginkgo focus matching exactly the specs named in `file` (one full text a line; # comments). */
export function focusOfFile(file) {
  const names = readFileSync(file, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  return names.map((name) => name.replace(/[\\.+*?()[\]{}|^$]/g, (c) => `\\${c}`)).join('|');
}

function firstLines(text, count) {
  return String(text ?? '').split('\n').map((line) => line.trim()).filter(Boolean).slice(0, count).join(' | ').slice(0, 400);
}
