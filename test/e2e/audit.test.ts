/**
 * Audit events compared field by field with the reference kube-apiserver's (v1.32.13, its
 * --audit-log-path output for the same requests under the same policy, recorded in
 * test/fixtures/audit/reference-events.jsonl by scripts/record-audit-reference.mjs): every
 * stage of every request at Metadata, Request and RequestResponse level, failures, a denial, an
 * unauthenticated request, apart from ids, timestamps, uids and resourceVersions. The differences
 * that remain are listed (README, Audit) and pinned here, so that a new one fails.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparedEvents, sendAuditRequests } from '../helpers/audit-requests.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { startTestServer, type TestServer } from './test-server.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/audit');
const logPath = path.join(mkdtempSync(path.join(tmpdir(), 'edge-audit-')), 'audit.log');
let server: TestServer;
let edge: Map<string, unknown>;
const reference = comparedEvents(readFileSync(path.join(fixtures, 'reference-events.jsonl'), 'utf8')) as Map<string, unknown>;

beforeAll(async () => {
  server = await startTestServer({ bindings: { AUDIT_POLICY: readFileSync(path.join(fixtures, 'policy.yaml'), 'utf8'), AUDIT_LOG: 'true' }, auditLogPath: logPath });
  await sendAuditRequests(server.url, adminToken);
  await new Promise((resolve) => setTimeout(resolve, 500));
  edge = comparedEvents(readFileSync(logPath, 'utf8')) as Map<string, unknown>;
});

afterAll(() => server?.stop());

describe('audit events against the reference kube-apiserver', () => {
  it('writes the events the reference writes, for every request and stage', () => {
    expect([...edge.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it.each([...reference.keys()].sort())('%s matches field by field', (key) => {
    expect(edge.get(key)).toEqual(reference.get(key));
  });
});
