// Admission webhooks for the workerd tests, served to the Worker's outbound fetch (Miniflare's
// outboundService, in Node): https://webhooks.test/<behaviour>. Each reads the AdmissionReview
// and answers as a real webhook would.
//   /allow      allowed, with a warning
//   /deny       denied with a message and code 403
//   /label      allowed with a JSONPatch adding label mutated-by=webhook
//   /error      HTTP 500
//   /slow       answers after 3 s (beyond a 1 s timeoutSeconds)
// https://aggregated.test:443 is an aggregated API server (the backend of an APIService through an
// ExternalName service): discovery of widgets.aggregated.test/v1, and every other request echoed
// back as JSON (method, path, query, the X-Remote-* headers it was sent, whether credentials leaked).
// https://conversion.test is a CRD conversion webhook (fake-conversion-webhook.mjs).
// Any other host: 502, so a test never reaches the network.
import { fakeConversionWebhook } from './fake-conversion-webhook.mjs';

export async function fakeWebhooks(request) {
  const url = new URL(request.url);
  if (url.hostname === 'aggregated.test') return fakeAggregatedApi(request, url);
  if (url.hostname === 'conversion.test') return fakeConversionWebhook(request, url);
  if (url.hostname !== 'webhooks.test') return new Response('no network in tests', { status: 502 });
  const review = await request.json();
  const uid = review.request?.uid;
  const answer = (response) => Response.json({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid, ...response } });
  switch (url.pathname) {
    case '/allow':
      return answer({ allowed: true, warnings: ['checked by the allow webhook'] });
    case '/deny':
      return answer({ allowed: false, status: { code: 403, message: `no ${review.request.kind.kind} named ${review.request.name} today` } });
    case '/label': {
      const patch = review.request.object?.metadata?.labels
        ? [{ op: 'add', path: '/metadata/labels/mutated-by', value: 'webhook' }]
        : [{ op: 'add', path: '/metadata/labels', value: { 'mutated-by': 'webhook' } }];
      return answer({ allowed: true, patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(patch)).toString('base64') });
    }
    case '/error':
      return new Response('boom', { status: 500 });
    case '/slow':
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return answer({ allowed: true });
    default:
      return new Response('not found', { status: 404 });
  }
}

async function fakeAggregatedApi(request, url) {
  if (url.pathname === '/apis/widgets.aggregated.test/v1') {
    return Response.json({ kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'widgets.aggregated.test/v1', resources: [{ name: 'gadgets', namespaced: true, kind: 'Gadget', verbs: ['get', 'list'] }] });
  }
  const remote = Object.fromEntries([...request.headers].filter(([name]) => name.startsWith('x-remote-')));
  const body = request.method === 'GET' ? '' : await request.text();
  return Response.json({ method: request.method, path: url.pathname, query: url.search, remote, authorization: request.headers.get('authorization'), body }, { status: 200 });
}
