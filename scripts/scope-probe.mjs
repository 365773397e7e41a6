// Asks a server every scope question (scripts/scope/questions.mjs: every verb and subresource of
// namespaced types with odd namespace segments) and records its answers, one after the other,
// with whatever each changed among the seeded objects. Run against the reference kube-apiserver
// it writes the table the scope suite holds this server to:
//   node scripts/scope-probe.mjs --server https://127.0.0.1:6443 --token TOKEN --out reference/golden/kube-v1.32.13-scope/answers.json
// A question whose path a platform resolving dot segments would deliver differently is also asked
// as delivered (`delivered`), since that is the question this server receives.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ask, deliveredTarget, resolvedByPlatform, summarize } from './scope/answers.mjs';
import { scopeQuestions } from './scope/questions.mjs';
import { adminJson, seed, snapshot } from './scope/seed.mjs';

const { values } = parseArgs({ options: { server: { type: 'string' }, token: { type: 'string' }, out: { type: 'string' } } });
if (!values.server || !values.token) throw new Error('usage: --server URL --token TOKEN [--out FILE]');
const { server, token } = values;

await seed(server, token);
const version = (await adminJson(server, token, 'GET', '/version')).json;
let before = await snapshot(server, token);
const recorded = {};
for (const question of scopeQuestions()) {
  const entry = { answer: await answerOf(question.target) };
  if (resolvedByPlatform(question.target)) {
    const target = deliveredTarget(question.target);
    entry.delivered = { target, answer: await answerOf(target) };
  }
  recorded[question.id] = entry;
  process.stderr.write(`${entry.answer.status} ${question.id}\n`);

  /** The answer to `question` at `target`, with what it changed (the seeded objects are then restored). */
  async function answerOf(target) {
    const answer = summarize(await ask(server, token, { ...question, target }));
    if (question.method === 'GET') return answer;
    const after = await snapshot(server, token);
    if (after.join('\n') === before.join('\n')) return answer;
    const changed = [...before.filter((line) => !after.includes(line)).map((line) => `- ${line}`), ...after.filter((line) => !before.includes(line)).map((line) => `+ ${line}`)];
    await seed(server, token);
    before = await snapshot(server, token);
    return { ...answer, changed };
  }
}

const table = { server: `kube-apiserver ${version?.gitVersion ?? 'unknown'}`, recorded: new Date().toISOString().slice(0, 10), answers: recorded };
// One question a line: the table diffs line by line when it is recorded again.
const text = `{"server":${JSON.stringify(table.server)},"recorded":${JSON.stringify(table.recorded)},"answers":{\n${Object.entries(recorded).map(([id, entry]) => `${JSON.stringify(id)}:${JSON.stringify(entry)}`).join(',\n')}\n}}\n`;
if (values.out) writeFileSync(values.out, text);
else process.stdout.write(text);
