/**
 * The Worker's HTTP surface (Hono): version, health, discovery and the resource API. Every
 * failure flows to one error sink that answers with a Status; every response gets kube's
 * common headers, and goes out only after any request body left unread was drained
 * (endpoints/handlers/request-body.ts: a 415, 404 or 401 answered early leaves the connection usable).
 */
import { type Context, Hono } from 'hono';
import { defaultChecks, renderHealth, renderVersion, type HealthEndpoint } from '../endpoints/health.js';
import { openApiDocument, openApiIndex } from '../endpoints/openapi/openapi.js';
import { openApiV2 } from '../endpoints/openapi/openapi-v2/serve.js';
import { builtinOpenApiDocuments } from '../endpoints/openapi/openapi-data.js';
import { customOpenApiDocuments } from '../endpoints/openapi/custom-resource-documents.js';
import { customResourceSwagger } from '../endpoints/openapi/custom-resources-v2.js';
import type { ClusterContext } from '../cluster/context.js';
import { drainUnreadBody } from '../endpoints/handlers/request-body.js';
import { withContentEncoding } from './compression.js';
import { sizedResponse, withHeaders } from '../endpoints/handlers/sized-response.js';
import { type AppEnv, guard } from './guard.js';
import { serveIssuerDiscovery } from './issuer-discovery.js';
import { serveReshard } from './reshard-route.js';
import { serveBackups } from './backup-route.js';
import { routeApiRequest } from './resource-router.js';
import { flowHeaders } from '../flowcontrol/priority-and-fairness.js';
import { serveMetrics } from './serve-metrics.js';
import { scheduleAvailability, type Background } from '../apiservices/system-objects.js';
import { errorResponse, pageNotFound, withCommonHeaders } from '../endpoints/handlers/status-responses.js';
import { requestUrl, servedPath } from '../apimachinery/request-url.js';
import { RequestAudit, auditIdOf } from '../audit/index.js';

export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ getPath: servedPath });
  app.use('*', async (c, next) => {
    const audit = new RequestAudit(auditIdOf(c.req.raw), c.req.raw, backgroundOf(c));
    c.set('audit', audit);
    await next();
    const flow = c.get('flow');
    const watch = c.get('info')?.verb === 'watch';
    const withFlow = flow && c.res.status !== 101 ? withHeaders(c.res, flowHeaders(flow)) : c.res;
    const audited = audit.enabled ? await audit.respond(withFlow, watch) : withFlow;
    const response = await withContentEncoding(c.req.raw, withCommonHeaders(audited, audit.id), watch);
    // Hono's setter copies a new response and sets the old one's headers over it (its cache-control
    // over ours): the new one already has them, so the old one is cleared first.
    if (response !== c.res) {
      c.res = undefined as unknown as Response;
      c.res = response;
    }
    await drainUnreadBody(c.req.raw);
  });
  app.use('*', guard);
  app.get('/version', () => toResponse(renderVersion()));
  for (const endpoint of ['livez', 'readyz', 'healthz'] as HealthEndpoint[]) {
    app.get(`/${endpoint}`, (c) => health(endpoint, c.req.raw, c.get('cluster'), undefined));
    app.get(`/${endpoint}/*`, (c) => health(endpoint, c.req.raw, c.get('cluster'), requestUrl(c.req.raw).pathname.slice(endpoint.length + 2)));
  }
  serveIssuerDiscovery(app);
  app.get('/metrics', (c) => serveMetrics(c.get('cluster')));
  serveReshard(app);
  serveBackups(app);
  app.get('/openapi/v2', async (c) => toResponse(await openApiV2(await builtinOpenApiDocuments(), c.req.raw.headers, await customResourceSwagger(c.get('cluster')))));
  app.get('/openapi/v3', async (c) => toResponse(openApiIndex(await builtinOpenApiDocuments(), await customOpenApiDocuments(c.get('cluster')), c.req.raw.headers)));
  app.get('/openapi/v3/*', async (c) => {
    const url = requestUrl(c.req.raw);
    const [builtin, extra] = [await builtinOpenApiDocuments(), await customOpenApiDocuments(c.get('cluster'))];
    const result = openApiDocument(builtin, url.pathname.slice('/openapi/v3/'.length), url.searchParams.get('hash'), c.req.header('if-none-match') ?? null, extra);
    return result ? toResponse(result) : pageNotFound();
  });
  for (const path of ['/api', '/api/*', '/apis', '/apis/*']) {
    app.all(path, async (c) => {
      const onWatchStop = c.get('watchStop');
      const cluster = c.get('cluster');
      const audit = c.get('audit');
      const auditRequestObject = audit.requestObjectLogger();
      const audited = auditRequestObject ? { auditRequestObject, auditAnnotate: (annotations: Record<string, string>) => audit.annotate(annotations) } : {};
      const response = await routeApiRequest(c.req.raw, cluster, { path: c.get('path'), info: c.get('info'), user: c.get('user'), ...(onWatchStop ? { onWatchStop } : {}), ...audited });
      scheduleAvailability(cluster, backgroundOf(c));
      return response;
    });
  }
  app.notFound(() => pageNotFound());
  app.onError((error, c) => errorResponse(error, c.req.raw));
  return app;
}

async function health(endpoint: HealthEndpoint, request: Request, cluster: ClusterContext, subPath: string | undefined): Promise<Response> {
  const checks = defaultChecks(endpoint, () => storageCheck(cluster));
  return toResponse(await renderHealth(endpoint, checks, requestUrl(request), subPath));
}

/** The storage check: the namespaces storage answers. */
async function storageCheck(cluster: ClusterContext): Promise<string | null> {
  await cluster.storage('', 'namespaces').currentResourceVersion();
  return null;
}

/** Work after the response: the ExecutionContext's waitUntil, or unawaited where there is none. */
function backgroundOf(c: Context<AppEnv>): Background {
  const logged = (work: Promise<unknown>) => work.catch((error) => console.error('background work failed', error));
  try {
    const context = c.executionCtx;
    return (work) => context.waitUntil(logged(work));
  } catch {
    return (work) => void logged(work);
  }
}

function toResponse(result: { status: number; body: string | Uint8Array | null; headers: Record<string, string> }): Response {
  return sizedResponse(result.body, { status: result.status, headers: result.headers });
}
