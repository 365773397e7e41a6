/**
 * The invariant of issue 32 as a property: nothing outside a request's named scope changes.
 * fast-check generates requests (test/e2e/scope-requests.ts: every verb, odd namespace, name and
 * subresource segments, selectors, query parameters, bodies naming other namespaces, tenant
 * prefixes) against the e2e server, whose default plane and tenant each hold canary objects in
 * namespaces no request names; after each request every canary must be byte-identical (uid and
 * resourceVersion: any write changes the resourceVersion). A fixed seed and a bounded count run
 * here (SCOPE_PROPERTY_RUNS, SCOPE_PROPERTY_SEED change them; `npm run fuzz:scope -- --runs N
 * --seed S` runs longer). With deletecollection deleting each listed item in the item's own
 * namespace (the bug), seed 32 finds `DELETE .../namespaces//...` emptying the canaries.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { rawRequest } from '../../scripts/scope/raw-request.mjs';
import { seed } from '../../scripts/scope/seed.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { type Plane, scopeTenant, seededPlanes, snapshotPlanes } from './scope-planes.js';
import { canaryNamespaces, scopedRequests, targetNamespace } from './scope-requests.js';

const runs = Number(process.env.SCOPE_PROPERTY_RUNS ?? 150);
const seedOfRun = Number(process.env.SCOPE_PROPERTY_SEED ?? 32);
/** Canary lines per plane: two namespaces, each with six objects. */
const canaryLines = 2 * canaryNamespaces.length * 7;

const server = inject('serverUrl');
let planes: Plane[];

beforeAll(async () => {
  planes = await seededPlanes(server, [...canaryNamespaces, targetNamespace]);
}, 120_000);

/** The canaries after the last request, if none is missing. */
let last: string[] = [];

/** The canaries now, seeded again first if a request removed any (a failing run, or fast-check shrinking one). */
async function canaries(): Promise<string[]> {
  if (last.length === canaryLines) return last;
  const lines = await snapshotPlanes(planes, canaryNamespaces);
  if (lines.length === canaryLines) return lines;
  for (const plane of planes) await seed(plane.url, adminToken, canaryNamespaces);
  return snapshotPlanes(planes, canaryNamespaces);
}

describe('nothing outside the scope a request names changes', () => {
  it(`holds for ${runs} generated requests (seed ${seedOfRun})`, async () => {
    await fc.assert(fc.asyncProperty(scopedRequests(scopeTenant), async (request) => {
      const before = await canaries();
      const answer = await rawRequest(server, { ...request, headers: { ...request.headers, authorization: `Bearer ${adminToken}` } });
      const after = await snapshotPlanes(planes, canaryNamespaces);
      last = after;
      const changed = [...before.filter((line) => !after.includes(line)).map((line) => `- ${line}`), ...after.filter((line) => !before.includes(line)).map((line) => `+ ${line}`)];
      expect(changed, `${request.description}\nanswered ${answer.status} ${answer.body.slice(0, 300)}`).toEqual([]);
    }), { seed: seedOfRun, numRuns: runs });
  }, Math.max(600_000, runs * 1000));
});
