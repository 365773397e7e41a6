// The coordinator ginkgo's CLI runs for `ginkgo -p`, for e2e.test run as N processes: e2e.test
// (ginkgo v2.21) runs specs in parallel only as one of N processes started with
// --ginkgo.parallel.{process,total,host}, all talking to one HTTP "parallel host" that hands out
// spec indices, passes SynchronizedBeforeSuite's data from process 1 to the others, tells process 1
// when the others have finished and gives it their aggregated report (process 1 then writes the
// JSON and JUnit reports of the whole run). No ginkgo CLI (nor Go) is on these machines, so this is
// that host, after ginkgo's internal/parallel_support: its HTTP protocol (the processes need
// GINKGO_PARALLEL_PROTOCOL=HTTP, else they speak Go's net/rpc): 200 answered, 425 "too early, poll
// again", 410 "the process that would answer is gone".
// Each finished spec is written to `log` as one line (and, when it failed, its failure and what it
// wrote), as the CLI's reporter would print it.
import http from 'node:http';

const TOO_EARLY = 425;
const GONE = 410;

/**
 * Starts the host for `total` processes on 127.0.0.1 (an ephemeral port). `log` is a writable
 * stream. Resolves with { url, exited(process), close() }; `exited(n)` marks process n (1-based) as
 * gone, so that the others stop waiting for it.
 */
export async function startParallelHost({ total, log }) {
  const state = newState(total);
  const server = http.createServer((request, response) => {
    readBody(request).then((body) => {
      const answer = handle(state, request.method, new URL(request.url, 'http://host').pathname, body, log);
      response.writeHead(answer.status, answer.body === undefined ? {} : { 'content-type': 'application/json' });
      response.end(answer.body);
    }).catch((error) => {
      response.writeHead(500);
      response.end(String(error?.message ?? error));
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    exited(process) { state.exited[process - 1] = true; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function newState(total) {
  return {
    total, counter: 0, abort: false,
    suiteBegins: 0, suiteEnds: 0,
    ended: Array(total).fill(false), exited: Array(total).fill(false),
    beforeSuite: undefined, reportBeforeSuite: undefined, aggregated: undefined,
  };
}

/** One request of the protocol: { status, body? } (body: JSON text). */
export function handle(state, method, pathname, body, log) {
  const ok = (value) => ({ status: 200, body: value === undefined ? undefined : JSON.stringify(value) });
  switch (pathname) {
    case '/up': return ok();
    case '/counter': return ok({ Index: state.counter++ });
    case '/abort':
      if (method === 'GET') return { status: state.abort ? GONE : 200 };
      state.abort = true;
      return ok();
    case '/suite-will-begin': state.suiteBegins++; return ok();
    case '/did-run': logSpec(log, JSON.parse(body)); return ok();
    case '/emit-output': log.write(body); return ok();
    case '/progress-report': logProgress(log, JSON.parse(body)); return ok();
    case '/suite-did-end': suiteDidEnd(state, JSON.parse(body)); return ok();
    // Process 1's SynchronizedBeforeSuite result ({ State, Data }) and ReportBeforeSuite state, for the others.
    case '/before-suite-completed': state.beforeSuite = body; return ok();
    case '/before-suite-state': return fromProcessOne(state, state.beforeSuite);
    case '/report-before-suite-completed': state.reportBeforeSuite = body; return ok();
    case '/report-before-suite-state': return fromProcessOne(state, state.reportBeforeSuite);
    case '/have-nonprimary-procs-finished': return { status: othersFinished(state) ? 200 : TOO_EARLY };
    case '/aggregated-nonprimary-procs-report':
      if (!othersFinished(state)) return { status: TOO_EARLY };
      // Only when every other process reported its end (one that died reported nothing).
      return state.suiteEnds === state.total - 1 ? { status: 200, body: JSON.stringify(state.aggregated) } : { status: GONE };
    default: return { status: 404 };
  }
}

function fromProcessOne(state, body) {
  if (body !== undefined) return { status: 200, body };
  return { status: state.exited[0] ? GONE : TOO_EARLY };
}

function othersFinished(state) {
  for (let process = 2; process <= state.total; process++) {
    if (!state.ended[process - 1] && !state.exited[process - 1]) return false;
  }
  return true;
}

function suiteDidEnd(state, report) {
  state.suiteEnds++;
  const process = report.SuiteConfig?.ParallelProcess;
  if (process >= 1 && process <= state.total) state.ended[process - 1] = true;
  state.aggregated = state.aggregated ? addReports(state.aggregated, report) : report;
}

/** ginkgo's types.Report.Add: both reports' specs, the earliest start, the latest end. */
export function addReports(report, other) {
  const sum = { ...report, SuiteSucceeded: !!report.SuiteSucceeded && !!other.SuiteSucceeded };
  if (Date.parse(other.StartTime) < Date.parse(report.StartTime)) sum.StartTime = other.StartTime;
  if (Date.parse(other.EndTime) > Date.parse(report.EndTime)) sum.EndTime = other.EndTime;
  sum.RunTime = Math.max(0, Date.parse(sum.EndTime) - Date.parse(sum.StartTime)) * 1e6;
  const reasons = [...(report.SpecialSuiteFailureReasons ?? []), ...(other.SpecialSuiteFailureReasons ?? [])];
  if (reasons.length) sum.SpecialSuiteFailureReasons = [...new Set(reasons)];
  sum.SpecReports = [...(report.SpecReports ?? []), ...(other.SpecReports ?? [])];
  return sum;
}

/** One line per spec that ran (and the failure's message and the spec's output when it failed). */
function logSpec(log, spec) {
  if (spec.State === 'skipped' || spec.State === 'pending') return;
  const text = [...(spec.ContainerHierarchyTexts ?? []), spec.LeafNodeText].filter(Boolean).join(' ') || spec.LeafNodeType;
  const seconds = ((spec.RunTime ?? 0) / 1e9).toFixed(1);
  log.write(`[${spec.State}] [${seconds} s] [process ${spec.ParallelProcess}] ${text}\n`);
  if (spec.State === 'passed') return;
  const failure = spec.Failure ?? {};
  log.write(`  ${failure.Message ?? ''}\n  at ${failure.Location?.FileName ?? '?'}:${failure.Location?.LineNumber ?? '?'}\n`);
  for (const output of [spec.CapturedGinkgoWriterOutput, spec.CapturedStdOutErr]) if (output) log.write(`${output.replace(/\n$/, '').replace(/^/gm, '  | ')}\n`);
}

function logProgress(log, report) {
  const text = [...(report.ContainerHierarchyTexts ?? []), report.LeafNodeText].filter(Boolean).join(' ');
  log.write(`[progress] [process ${report.ParallelProcess}] ${text}: ${report.CurrentStepText ?? report.CurrentNodeText ?? ''}\n`);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
