// What of an answer the scope questions compare between kube-apiserver and this server: the
// status, and the body's meaning without volatile values (a Status's reason, message and details;
// an object's kind and name; a list's or watch's kind and the seeded objects it holds).
import { rawRequest } from './raw-request.mjs';
import { seededNamespaces } from './seed.mjs';

/** Asks `server` one scope question as the admin (a watch is read until it has been idle 500 ms). */
export function ask(server, token, question) {
  return rawRequest(server, {
    method: question.method, target: question.target, body: question.body, idleMillis: question.idle ? 500 : 0,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(question.contentType ? { 'content-type': question.contentType } : {}) },
  });
}

/** The comparable summary of a raw answer. */
export function summarize(answer) {
  const summary = { status: answer.outcome === 'answered' ? answer.status : answer.outcome };
  const parsed = parseJson(answer.body);
  if (parsed === undefined) return answer.body ? { ...summary, text: answer.body.slice(0, 200) } : summary;
  if (Array.isArray(parsed)) return { ...summary, events: parsed.map(eventOf).filter(Boolean).sort() };
  return { ...summary, ...bodyOf(parsed) };
}

function bodyOf(body) {
  if (body.kind === 'Status') {
    const details = body.details ? { ...body.details } : undefined;
    if (details) delete details.uid;
    return { reason: body.reason ?? '', message: body.message ?? '', ...(details ? { details } : {}) };
  }
  if (Array.isArray(body.items)) return { kind: body.kind, items: body.items.map(nameOf).filter(seeded).sort() };
  return { kind: body.kind, name: body.metadata ? nameOf(body) : undefined };
}

/** A watch event as `TYPE namespace/name`, for seeded objects only. */
function eventOf(event) {
  const object = event?.object;
  if (!object?.metadata) return event?.type === 'ERROR' ? `ERROR ${object?.message}` : undefined;
  const name = nameOf(object);
  return seeded(name) ? `${event.type} ${name}` : undefined;
}

function nameOf(object) {
  return `${object.metadata.namespace ?? ''}/${object.metadata.name}`;
}

/** Whether a `namespace/name` is a seeded object (or a seeded namespace). */
function seeded(name) {
  const [namespace, objectName] = name.split('/');
  return seededNamespaces.includes(namespace) || (namespace === '' && seededNamespaces.includes(objectName));
}

/** A JSON body, or a watch stream's events as an array; undefined when neither. */
function parseJson(text) {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const lines = text.split('\n').filter(Boolean);
    try {
      return lines.map((line) => JSON.parse(line));
    } catch {
      return undefined;
    }
  }
}

/** The path a platform that resolves dot segments (WHATWG URL parsing: workerd, Cloudflare's edge) delivers for `target`. */
export function deliveredTarget(target) {
  const url = new URL(target, 'http://host');
  return `${url.pathname}${url.search}`;
}

/** Whether the delivered path means something other than the written one (its dot segments or backslashes resolved). */
export function resolvedByPlatform(target) {
  const decode = (path) => {
    try {
      return decodeURIComponent(path.split('?')[0]);
    } catch {
      return path;
    }
  };
  return decode(deliveredTarget(target)) !== decode(target);
}
