// Records the reference kube-apiserver's audit events for test/helpers/audit-requests.mjs into
// test/fixtures/audit/reference-events.jsonl. Start the reference first with the fixture policy:
//   REF_APISERVER_ARGS="--audit-policy-file=$PWD/test/fixtures/audit/policy.yaml --audit-log-path=/tmp/ref-audit.log --audit-log-format=json --audit-log-mode=blocking" ../shared/kube/start-apiserver.sh
//   node scripts/record-audit-reference.mjs https://127.0.0.1:6443 "$(cat /tmp/ref-run/admin-token)" /tmp/ref-audit.log
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { comparedIds, sendAuditRequests } from '../test/helpers/audit-requests.mjs';
import { projectRoot } from './server.mjs';

process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const [url, token, log] = process.argv.slice(2);
await sendAuditRequests(url, token);
await new Promise((resolve) => setTimeout(resolve, 500));
const ids = comparedIds();
const lines = readFileSync(log, 'utf8').split('\n').filter((line) => line && ids.has(JSON.parse(line).auditID));
writeFileSync(path.join(projectRoot, 'test/fixtures/audit/reference-events.jsonl'), `${lines.join('\n')}\n`);
console.log(`${lines.length} events recorded`);
