/**
 * Malformed requests for the seeded fuzz run (fast-check arbitraries): a request naming a scope
 * (scope-requests.ts) with its method, path, query, headers and body mangled. The bodies, media
 * types and credentials come from the hostile-requests suite's fixed lists
 * (hostile-malformed.ts, hostile-tokens.ts), recombined here with every path and header.
 */
import fc from 'fast-check';
import { adminToken } from '../helpers/test-users.mjs';
import { malformedJsonBodies, malformedPatches, wrongMediaTypes } from './hostile-malformed.js';
import { badAuthorizationHeaders } from './hostile-tokens.js';
import { scopedRequests, type ScopedRequest } from './scope-requests.js';

/** Bodies of the hostile suite up to this size (the larger ones are its own business). */
const maxPooledBody = 64 * 1024;

/** The hostile suite's malformed bodies with their media types, once each. */
function hostileBodies(): { contentType: string; body: string | Uint8Array }[] {
  const seen = new Set<string>();
  return [...malformedJsonBodies(), ...wrongMediaTypes(), ...malformedPatches()].flatMap((request) => {
    const contentType = request.headers?.['content-type'] ?? '';
    const body = request.body ?? '';
    const key = `${contentType} ${Buffer.from(body).toString('base64')}`;
    if (seen.has(key) || Buffer.byteLength(body) > maxPooledBody) return [];
    seen.add(key);
    return [{ contentType, body }];
  });
}

const methods = ['HEAD', 'OPTIONS', 'PROPFIND', 'get', 'Delete', 'TRACE', 'PURGE', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Characters spliced into a path: broken escapes, separators, bytes a request target may not hold. */
const pathNoise = ['%', '%zz', '%%', '%2', '\\', '//', '/./', '/../', '#', '"', '<', '{', '|', '^', '`', 'ü', '\u202e', '%00', '%FF', '%C0%AF', ';', '@', ':', '~'];
const queryKeys = ['watch', 'labelSelector', 'fieldSelector', 'limit', 'continue', 'resourceVersion', 'resourceVersionMatch', 'timeoutSeconds', 'dryRun', 'fieldManager', 'fieldValidation', 'propagationPolicy', 'gracePeriodSeconds', 'pretty', 'allowWatchBookmarks', 'sendInitialEvents', 'force', 'orphanDependents'];
const mediaTypes = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/cbor', 'text/plain', '', 'application/json; charset=utf-16', 'application/merge-patch+json', 'application/apply-patch+yaml', ';;', 'application/*', '*/*'];
const accepts = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf', 'application/cbor', 'application/json;as=Table;v=v1;g=meta.k8s.io', 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1', 'text/html', '*/*;q=0', 'application/json;stream=watch', ';;', 'application/vnd.kubernetes.protobuf;stream=watch', 'application/json;as=Bogus;v=v9'];
const extraHeaders: [string, string][] = [
  ['content-encoding', 'gzip'], ['content-encoding', 'x-bogus'], ['accept-encoding', 'gzip'], ['accept-encoding', '*;q=garbage'], ['impersonate-user', 'system:admin'],
  ['impersonate-user', ''], ['impersonate-group', 'system:masters'], ['impersonate-uid', 'x'], ['impersonate-extra-%zz', 'y'], ['x-http-method-override', 'DELETE'],
  ['expect', '100-continue'], ['transfer-encoding', 'identity'], ['x-forwarded-prefix', '/clusters/other'], ['x-remote-user', 'system:admin'], ['audit-id', 'x'.repeat(5000)],
];

/** `arbitrary` one time in `n`, else null (fast-check's option builds null one time in `freq`, the other way round). */
function oneIn<T>(n: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

/**
 * One malformed request: a scoped one with a few of its parts mangled (each part one time in a
 * few, so that most cases still reach the handler of the scope they name); what fuzzing added is
 * in its description.
 */
export function malformedRequests(tenant: string): fc.Arbitrary<ScopedRequest> {
  const bodies = hostileBodies();
  const credentials = badAuthorizationHeaders();
  return fc.record({
    base: scopedRequests(tenant),
    method: oneIn(3, fc.constantFrom(...methods)),
    noise: oneIn(2, fc.tuple(fc.nat(), fc.constantFrom(...pathNoise))),
    longSegment: oneIn(8, fc.integer({ min: 1000, max: 12_000 })),
    query: fc.array(fc.tuple(fc.constantFrom(...queryKeys), fc.oneof(fc.constantFrom('', '1', '-1', 'true', 'All', 'Bogus', '%zz', 'x'.repeat(300)), fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent))), { maxLength: 3 }),
    contentType: oneIn(3, fc.constantFrom(...mediaTypes)),
    accept: oneIn(2, fc.constantFrom(...accepts)),
    extra: fc.subarray(extraHeaders, { maxLength: 2 }),
    credential: oneIn(6, fc.constantFrom(...credentials)),
    body: oneIn(2, fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...bodies) },
      { weight: 1, arbitrary: fc.json({ maxDepth: 4 }).map((body) => ({ contentType: 'application/json', body })) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((body) => ({ contentType: 'application/json', body })) },
    )),
  }).map((parts) => mangle(parts));
}

interface Mangling {
  base: ScopedRequest;
  method: string | null;
  noise: [number, string] | null;
  longSegment: number | null;
  query: [string, string][];
  contentType: string | null;
  accept: string | null;
  extra: [string, string][];
  credential: { label: string; authorization: string | undefined } | null;
  body: { contentType: string; body: string | Uint8Array } | null;
}

function mangle({ base, method, noise, longSegment, query, contentType, accept, extra, credential, body }: Mangling): ScopedRequest {
  let target = base.target;
  if (noise) {
    const at = noise[0] % (target.length + 1);
    target = `${target.slice(0, at)}${noise[1]}${target.slice(at)}`;
  }
  if (longSegment) target = target.replace(/\/(?=[^/]*$)/, `/${'l'.repeat(longSegment)}/`);
  if (query.length) target += `${target.includes('?') ? '&' : '?'}${query.map(([key, value]) => `${key}=${value}`).join('&')}`;
  const headers: Record<string, string> = { ...base.headers };
  if (body) headers['content-type'] = body.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  if (accept !== null) headers.accept = accept;
  for (const [name, value] of extra) headers[name] = value;
  const sentBody = body ? body.body : base.body;
  const authorization = credential ? credential.authorization : `Bearer ${adminToken}`;
  if (authorization !== undefined) headers.authorization = authorization;
  const finalMethod = method ?? base.method;
  const described = [`${finalMethod} ${target.slice(0, 300)}`, `headers ${JSON.stringify({ ...headers, authorization: credential?.label ?? 'admin' }).slice(0, 400)}`];
  if (sentBody !== undefined) described.push(`body ${Buffer.from(sentBody).toString('utf8').slice(0, 200)}`);
  const watching = finalMethod === 'GET' && /[?&]watch=(1|true)(&|$)|\/watch\//.test(target);
  return {
    method: finalMethod, target, headers, description: described.join('\n'),
    ...(sentBody === undefined ? {} : { body: sentBody }), ...(watching ? { idleMillis: 300 } : {}),
  };
}
