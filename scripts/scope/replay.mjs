// Sends a fuzz reproducer (reports/scope-fuzz/*.json) again, byte for byte, and prints the answer:
//   node scripts/scope/replay.mjs reports/scope-fuzz/seed-32-case-7.json https://127.0.0.1:8787 [TOKEN]
// TOKEN replaces the admin token of the test users in the Authorization header (a local server's own).
import { readFileSync } from 'node:fs';
import { rawRequest } from './raw-request.mjs';

const [file, server, token] = process.argv.slice(2);
if (!file || !server) throw new Error('usage: replay.mjs FILE URL [TOKEN]');
const { request } = JSON.parse(readFileSync(file, 'utf8'));
const headers = { ...request.headers };
if (token && headers.authorization?.startsWith('Bearer ')) headers.authorization = `Bearer ${token}`;
const answer = await rawRequest(server, { ...request, headers, body: request.body === undefined ? undefined : Buffer.from(request.body, 'base64') });
console.log(JSON.stringify({ ...answer, body: answer.body.slice(0, 2000) }, null, 1));
