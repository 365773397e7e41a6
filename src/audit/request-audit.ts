/**
 * One request's audit (kube's AuditContext with the WithAuditInit, WithAudit and
 * WithFailedAuthenticationAudit filters): its audit ID (the client's `Audit-ID` header, else a
 * new UUID; the response's `Audit-Id` either way), the policy's decision once the user is known,
 * and the events of its stages: RequestReceived, ResponseStarted (watches, and a failed
 * authentication, which has no other event), ResponseComplete, with the user, the impersonated
 * user, the authorization decision and the request and response objects the level asks for.
 */
import type { UserInfo } from '../rbac/index.js';
import { isJsonObject } from '../apimachinery/json-value.js';
import { bodyObject, withoutManagedFields } from './bodies.js';
import { evaluatePolicy, type AuditAttributes } from './policy.js';
import type { Background } from './backends.js';
import type { AuditSink } from './sink.js';
import { levelBelow, type AuditEvent, type EventUser, type RequestAuditConfig, type ResponseStatus, type Stage } from './types.js';

const maxUserAgentLength = 1024;

/** The metadata fields LogRequestObject reads. */
type ObjectNames = { name?: unknown; namespace?: unknown; uid?: unknown; resourceVersion?: unknown };

/** The audit ID of a request: its `Audit-ID` header, else a new UUID (WithAuditInit). */
export function auditIdOf(request: Request): string {
  return request.headers.get('audit-id')?.trim() || crypto.randomUUID();
}

export class RequestAudit {
  private config: RequestAuditConfig | undefined;
  private sink: AuditSink | undefined;
  private event: AuditEvent | undefined;
  private requestBody: Promise<unknown> | undefined;
  private decoded: { metadata: ObjectNames | undefined; object: unknown } | undefined;
  private completed = false;

  constructor(readonly id: string, private readonly request: Request, private readonly background: Background, private readonly received = new Date()) {}

  /** Whether events are being recorded for this request. */
  get enabled(): boolean {
    return this.event !== undefined;
  }

  /** The policy's decision for the authenticated request; records RequestReceived. */
  begin(sink: AuditSink | undefined, attributes: AuditAttributes, url: URL): void {
    if (!this.start(sink, attributes, url)) return;
    // A create's object names the objectRef at every level (LogRequestObject), so its body is read then too.
    if ((this.config!.level !== 'Metadata' || this.request.method === 'POST') && this.request.body && !['GET', 'HEAD'].includes(this.request.method)) {
      const copy = this.request.clone();
      this.requestBody = copy.arrayBuffer().then((bytes) => bodyObject(new Uint8Array(bytes), copy.headers.get('content-type')), () => undefined);
    }
    this.emit('RequestReceived', this.received);
  }

  /** A request that did not authenticate: one ResponseStarted event with the 401 (authn_audit.go). */
  failedAuthentication(sink: AuditSink | undefined, attributes: AuditAttributes, url: URL, status: ResponseStatus): void {
    if (!this.start(sink, attributes, url)) return;
    this.event!.responseStatus = status;
    this.completed = true;
    this.emit('ResponseStarted');
  }

  private start(sink: AuditSink | undefined, attributes: AuditAttributes, url: URL): boolean {
    if (!sink?.policy) return false;
    this.config = evaluatePolicy(sink.policy, attributes);
    sink.countLevel(this.config.level);
    if (this.config.level === 'None') return false;
    this.sink = sink;
    this.event = baseEvent(this.id, this.config, this.request, url, attributes, this.received);
    return true;
  }

  /**
   * kube's LogRequestObject for the handlers, while events are recorded: the object a request
   * decoded (`object` read only when `wantsObject`), in place of its body.
   */
  requestObjectLogger(): { wantsObject: boolean; log(metadata: ObjectNames | undefined, object?: unknown): void } | undefined {
    if (!this.event) return undefined;
    return { wantsObject: this.wants('Request'), log: (metadata, object) => void (this.decoded = { metadata, object }) };
  }

  /** The user the request acts as, when it impersonates. */
  impersonated(user: UserInfo): void {
    if (this.event) this.event.impersonatedUser = eventUser(user);
  }

  /** The authorizer's decision, as kube's authorization filter annotates it. */
  authorized(allowed: boolean, reason: string): void {
    if (!this.event) return;
    this.event.annotations = { ...this.event.annotations, 'authorization.k8s.io/decision': allowed ? 'allow' : 'forbid', 'authorization.k8s.io/reason': reason };
  }

  /** Annotations from elsewhere (admission's audit annotations); kept in key order, as Go writes a map. */
  annotate(annotations: Record<string, string>): void {
    if (!this.event || !Object.keys(annotations).length) return;
    const merged: Record<string, string> = { ...this.event.annotations, ...annotations };
    this.event.annotations = Object.fromEntries(Object.keys(merged).sort().map((key) => [key, merged[key]!]));
  }

  /**
   * The response: its status (a Status body's fields for failures), the objects the level asks
   * for, ResponseComplete; for a watch, ResponseStarted now and ResponseComplete when the stream
   * ends. Returns the response to send (a watch's body wrapped to see its end).
   */
  async respond(response: Response, longRunning: boolean): Promise<Response> {
    if (!this.event || this.completed) return response;
    this.completed = true;
    const event = this.event;
    event.responseStatus = { metadata: {}, code: response.status };
    // Failures and deletions answer a Status, which kube puts in responseStatus at every level.
    if (response.status !== 406 && (response.status >= 300 || this.request.method === 'DELETE' || (!longRunning && this.wants('RequestResponse') && this.encodesObject()))) await this.readResponse(response);
    if (this.decoded) this.logRequestObject(this.decoded.metadata, this.decoded.object);
    // No decoded object: a patch logs its body (LogRequestPatch); so does a request served
    // without a decoding handler (reviews, subresources), when it succeeded. A body that failed
    // to decode is not logged, as kube's handlers fail before LogRequestObject.
    else if (this.requestBody && (this.request.method === 'PATCH' || response.status < 400)) {
      const body = await this.requestBody;
      this.logRequestObject(isJsonObject(body) && isJsonObject(body.metadata) ? body.metadata : undefined, body);
    }
    if (!longRunning || response.status !== 200 || !response.body) {
      this.emit('ResponseComplete');
      return response;
    }
    this.emit('ResponseStarted');
    return new Response(untilEnd(response.body, () => this.emit('ResponseComplete')), response);
  }

  /** LogRequestObject: the objectRef's empty namespace, name, uid and resourceVersion from the object's; the object itself from Request on. */
  private logRequestObject(metadata: ObjectNames | undefined, requestObject: unknown): void {
    const event = this.event!;
    if (metadata && event.objectRef) {
      const ref: Record<string, unknown> = { ...event.objectRef };
      for (const key of ['namespace', 'name', 'uid', 'resourceVersion'] as const) {
        const value = metadata[key];
        if (!ref[key] && typeof value === 'string' && value) ref[key] = value;
      }
      event.objectRef = objectRefOrdered(ref as NonNullable<AuditEvent['objectRef']>);
    }
    if (requestObject !== undefined && this.wants('Request')) event.requestObject = this.config!.omitManagedFields ? withoutManagedFields(requestObject) : requestObject;
  }

  /**
   * Whether kube logs a successful response's object: it does for what its handlers write through
   * WriteObjectNegotiated (resources, discovery under /api and /apis), not for /version, /openapi
   * or health checks (written raw). A 406 is written raw too (no output type to encode a Status
   * with): only its code is logged. Other failures' Status goes through WriteObjectNegotiated.
   */
  private encodesObject(): boolean {
    return /^\/apis?(\/|$|\?)/.test(this.event!.requestURI);
  }

  private wants(level: 'Request' | 'RequestResponse'): boolean {
    return this.config !== undefined && !levelBelow(this.config.level, level);
  }

  /** The Status of a failure and, at RequestResponse, the response object (from a copy of the body). */
  private async readResponse(response: Response): Promise<void> {
    const event = this.event!;
    const object = bodyObject(new Uint8Array(await response.clone().arrayBuffer()), response.headers.get('content-type'));
    if (isJsonObject(object) && object.kind === 'Status') {
      const { kind: _, apiVersion: __, ...status } = object;
      event.responseStatus = { metadata: {}, ...status, code: response.status } as ResponseStatus;
    }
    if (this.wants('RequestResponse') && object !== undefined) event.responseObject = this.config!.omitManagedFields ? withoutManagedFields(object) : object;
  }

  private emit(stage: Stage, at = new Date()): void {
    if (!this.event || !this.sink || this.config!.omitStages.includes(stage)) return;
    const event = { ...this.event, stage, stageTimestamp: microTime(at) };
    if (stage === 'RequestReceived') {
      delete event.impersonatedUser;
      delete event.annotations;
    }
    this.sink.record(ordered(event), this.background);
  }
}

/** The same bytes; `done` is called once, when the stream ends, fails or is cancelled (the client left). */
function untilEnd(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let called = false;
  const once = () => {
    if (!called) (called = true), done();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) (controller.close(), once());
        else controller.enqueue(value);
      } catch (error) {
        once();
        controller.error(error);
      }
    },
    cancel(reason) {
      once();
      return reader.cancel(reason);
    },
  });
}

function baseEvent(id: string, config: RequestAuditConfig, request: Request, url: URL, attributes: AuditAttributes, received: Date): AuditEvent {
  const userAgent = request.headers.get('user-agent') ?? '';
  return {
    kind: 'Event', apiVersion: 'audit.k8s.io/v1', level: config.level, auditID: id, stage: 'RequestReceived',
    requestURI: `${url.pathname}${url.search}`, verb: attributes.verb,
    user: attributes.user ? eventUser(attributes.user) : {},
    sourceIPs: sourceIPs(request),
    ...(userAgent ? { userAgent: userAgent.length > maxUserAgentLength ? `${userAgent.slice(0, maxUserAgentLength)}...TRUNCATED` : userAgent } : {}),
    ...(attributes.resourceRequest ? { objectRef: objectRef(attributes, url) } : {}),
    requestReceivedTimestamp: microTime(received), stageTimestamp: microTime(received),
  };
}

const objectRefOrder = ['resource', 'namespace', 'name', 'uid', 'apiGroup', 'apiVersion', 'resourceVersion', 'subresource'] as const;

/** An ObjectReference with its fields in kube's order. */
function objectRefOrdered(ref: NonNullable<AuditEvent['objectRef']>): AuditEvent['objectRef'] {
  return Object.fromEntries(objectRefOrder.filter((key) => ref[key]).map((key) => [key, ref[key]]));
}

/** ObjectReference of a resource request: kube's field order, empty fields left out. */
function objectRef(attributes: AuditAttributes, url: URL): AuditEvent['objectRef'] {
  const apiVersion = url.pathname.startsWith('/api/') ? url.pathname.split('/')[2] : url.pathname.split('/')[3];
  const ref = { resource: attributes.resource, namespace: attributes.namespace, name: attributes.name, apiGroup: attributes.apiGroup, apiVersion, subresource: attributes.subresource };
  return Object.fromEntries(Object.entries(ref).filter(([, value]) => value)) as AuditEvent['objectRef'];
}

function eventUser(user: { name: string; uid?: string; groups: string[]; extra?: Record<string, string[]> }): EventUser {
  return { username: user.name, ...(user.uid ? { uid: user.uid } : {}), ...(user.groups.length ? { groups: user.groups } : {}), ...(user.extra && Object.keys(user.extra).length ? { extra: user.extra } : {}) };
}

/** utilnet.SourceIPs: X-Forwarded-For, X-Real-Ip, then the client's address (the platform's CF-Connecting-IP). */
function sourceIPs(request: Request): string[] {
  const forwarded = (request.headers.get('x-forwarded-for') ?? '').split(',').map((ip) => ip.trim()).filter(Boolean);
  const real = request.headers.get('x-real-ip')?.trim();
  const remote = request.headers.get('cf-connecting-ip')?.trim() || '127.0.0.1';
  return [...new Set([...forwarded, ...(real ? [real] : []), remote])];
}

/** metav1.MicroTime's JSON: RFC 3339 with microseconds, UTC. */
function microTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

const fieldOrder: (keyof AuditEvent)[] = ['kind', 'apiVersion', 'level', 'auditID', 'stage', 'requestURI', 'verb', 'user', 'impersonatedUser', 'sourceIPs', 'userAgent', 'objectRef', 'responseStatus', 'requestObject', 'responseObject', 'requestReceivedTimestamp', 'stageTimestamp', 'annotations'];

/** The event with its fields in kube's order (its JSON lines read the same). */
function ordered(event: AuditEvent): AuditEvent {
  return Object.fromEntries(fieldOrder.filter((key) => event[key] !== undefined).map((key) => [key, event[key]])) as unknown as AuditEvent;
}
