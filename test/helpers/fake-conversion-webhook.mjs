// A CRD conversion webhook for the workerd tests (https://conversion.test/<behaviour>), served to
// the Worker's outbound fetch like fake-webhooks.mjs. It converts Widgets between v1
// (spec.size) and v2 (spec.dimensions.size) and answers in the review's own apiVersion:
//   /convert     converts                 /fail      result Failure with a message
//   /uid         a wrong response uid     /count     no converted objects
//   /name        changes metadata.name    /labels    adds a label, changes generation and finalizers
//   /badlabel    an invalid label key     /version   a wrong apiVersion
//   /kind        a wrong kind             /500       HTTP 500 "boom"
// GET /reviews returns the reviews received so far (and forgets them).
let reviews = [];

function convert(object, desired) {
  const from = object.apiVersion.split('/')[1];
  const to = desired.split('/')[1];
  const spec = from === 'v1' && to === 'v2' ? { dimensions: { size: object.spec?.size } } : from === 'v2' && to === 'v1' ? { size: object.spec?.dimensions?.size } : object.spec;
  return { ...object, apiVersion: desired, spec };
}

const changed = {
  '/name': (o) => ({ ...o, metadata: { ...o.metadata, name: 'other' } }),
  '/labels': (o) => ({ ...o, metadata: { ...o.metadata, labels: { converted: 'yes' }, finalizers: ['x/y'], generation: 99 } }),
  '/badlabel': (o) => ({ ...o, metadata: { ...o.metadata, labels: { 'bad label': 'x' } } }),
  '/version': (o) => ({ ...o, apiVersion: 'example.com/v9' }),
  '/kind': (o) => ({ ...o, kind: 'Other' }),
};

export async function fakeConversionWebhook(request, url) {
  if (request.method === 'GET' && url.pathname === '/reviews') {
    const answer = Response.json({ reviews });
    reviews = [];
    return answer;
  }
  const review = await request.json();
  reviews.push({ url: url.pathname + url.search, review });
  const { uid, objects, desiredAPIVersion } = review.request;
  const send = (response) => Response.json({ apiVersion: review.apiVersion, kind: 'ConversionReview', response });
  const converted = objects.map((object) => convert(object, desiredAPIVersion));
  switch (url.pathname) {
    case '/convert': return send({ uid, convertedObjects: converted, result: { status: 'Success' } });
    case '/fail': return send({ uid, result: { status: 'Failure', message: 'widgets cannot be converted today' } });
    case '/uid': return send({ uid: 'wrong', convertedObjects: converted, result: { status: 'Success' } });
    case '/count': return send({ uid, convertedObjects: [], result: { status: 'Success' } });
    case '/500': return new Response('boom', { status: 500 });
    default:
      if (changed[url.pathname]) return send({ uid, convertedObjects: converted.map(changed[url.pathname]), result: { status: 'Success' } });
      return new Response('not found', { status: 404 });
  }
}
