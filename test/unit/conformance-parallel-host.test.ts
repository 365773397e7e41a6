// The parallel host scripts/conformance runs e2e.test's processes with (PROCS=N), as ginkgo's CLI
// coordinates `ginkgo -p`: spec indices, process 1's before-suite data, the wait for the others
// and their aggregated report.
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM
import { addReports, handle } from '../../scripts/conformance/parallel-host.mjs';

const newState = (total: number) => ({
  total, counter: 0, abort: false, suiteBegins: 0, suiteEnds: 0,
  ended: Array(total).fill(false), exited: Array(total).fill(false),
  beforeSuite: undefined, reportBeforeSuite: undefined, aggregated: undefined,
});
const lines: string[] = [];
const log = { write: (text: string) => lines.push(text) };
const call = (state: object, method: string, path: string, body = '') => handle(state, method, path, body, log);
const report = (process: number, start: string, end: string, specs: string[]) => JSON.stringify({
  SuiteSucceeded: process !== 3, StartTime: start, EndTime: end, SuiteConfig: { ParallelProcess: process },
  SpecReports: specs.map((LeafNodeText) => ({ LeafNodeText })),
});

describe('parallel host', () => {
  it('hands each process the next spec index', () => {
    const state = newState(2);
    expect([0, 1, 2].map(() => JSON.parse(call(state, 'GET', '/counter').body).Index)).toEqual([0, 1, 2]);
  });

  it("makes the other processes poll for process 1's before-suite data until it posts it, or answers gone if it died", () => {
    const state = newState(2);
    expect(call(state, 'GET', '/before-suite-state').status).toBe(425);
    call(state, 'POST', '/before-suite-completed', '{"State":"passed","Data":"eA=="}');
    expect(call(state, 'GET', '/before-suite-state')).toEqual({ status: 200, body: '{"State":"passed","Data":"eA=="}' });
    const orphaned = newState(2);
    orphaned.exited[0] = true;
    expect(call(orphaned, 'GET', '/report-before-suite-state').status).toBe(410);
  });

  it('gives process 1 the report of the others once all of them ended', () => {
    const state = newState(3);
    call(state, 'POST', '/suite-did-end', report(2, '2026-01-01T00:00:02Z', '2026-01-01T00:01:00Z', ['a']));
    expect(call(state, 'GET', '/have-nonprimary-procs-finished').status).toBe(425);
    expect(call(state, 'GET', '/aggregated-nonprimary-procs-report').status).toBe(425);
    call(state, 'POST', '/suite-did-end', report(3, '2026-01-01T00:00:01Z', '2026-01-01T00:00:30Z', ['b']));
    expect(call(state, 'GET', '/have-nonprimary-procs-finished').status).toBe(200);
    const aggregated = JSON.parse(call(state, 'GET', '/aggregated-nonprimary-procs-report').body);
    expect(aggregated).toMatchObject({ SuiteSucceeded: false, StartTime: '2026-01-01T00:00:01Z', EndTime: '2026-01-01T00:01:00Z', RunTime: 59e9 });
    expect(aggregated.SpecReports.map((spec: { LeafNodeText: string }) => spec.LeafNodeText)).toEqual(['a', 'b']);
  });

  it('answers gone for the aggregated report when another process died without reporting its end', () => {
    const state = newState(3);
    call(state, 'POST', '/suite-did-end', report(2, '2026-01-01T00:00:02Z', '2026-01-01T00:01:00Z', ['a']));
    state.exited[2] = true;
    expect(call(state, 'GET', '/have-nonprimary-procs-finished').status).toBe(200);
    expect(call(state, 'GET', '/aggregated-nonprimary-procs-report').status).toBe(410);
  });

  it('relays an abort to every process that asks', () => {
    const state = newState(2);
    expect(call(state, 'GET', '/abort').status).toBe(200);
    call(state, 'POST', '/abort');
    expect(call(state, 'GET', '/abort').status).toBe(410);
  });

  it('logs each spec that ran, with the failure of one that failed', () => {
    lines.length = 0;
    call(newState(1), 'POST', '/did-run', JSON.stringify({ State: 'skipped', LeafNodeText: 'x' }));
    call(newState(1), 'POST', '/did-run', JSON.stringify({
      State: 'failed', ContainerHierarchyTexts: ['[sig-x] A'], LeafNodeText: 'b', RunTime: 2e9, ParallelProcess: 2,
      Failure: { Message: 'boom', Location: { FileName: 'f.go', LineNumber: 3 } }, CapturedGinkgoWriterOutput: 'step\n',
    }));
    expect(lines.join('')).toBe('[failed] [2.0 s] [process 2] [sig-x] A b\n  boom\n  at f.go:3\n  | step\n');
  });

  it("adds reports as ginkgo's Report.Add does", () => {
    const sum = addReports({ SuiteSucceeded: true, StartTime: '2026-01-01T00:00:00Z', EndTime: '2026-01-01T00:00:05Z', SpecReports: [1] }, { SuiteSucceeded: true, StartTime: '2026-01-01T00:00:01Z', EndTime: '2026-01-01T00:00:09Z', SpecReports: [2], SpecialSuiteFailureReasons: ['Interrupted'] });
    expect(sum).toEqual({ SuiteSucceeded: true, StartTime: '2026-01-01T00:00:00Z', EndTime: '2026-01-01T00:00:09Z', RunTime: 9e9, SpecReports: [1, 2], SpecialSuiteFailureReasons: ['Interrupted'] });
  });
});
