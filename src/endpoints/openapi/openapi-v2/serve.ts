/**
 * GET /openapi/v2 as kube-openapi's versioned handler serves it: the Accept clauses sorted as
 * goautoneg sorts them (quality, then specificity), the first clause matching one of
 * application/json, application/com.github.proto-openapi.spec.v2@v1.0+protobuf (the name
 * client-go asks for) or application/com.github.proto-openapi.spec.v2.v1.0+protobuf (the name
 * answered) wins, `*` matching any type or subtype; none matching: 406 without a body. Both
 * forms share the JSON's ETag (SHA-512 of the JSON, uppercase hex; kube relies on `Vary:
 * Accept`) and are served by http.ServeContent's rules (../serve-content.ts).
 */
import { serveContent, type ContentResponse } from '../serve-content.js';
import type { BuiltinDocuments } from '../openapi-data.js';
import { swaggerDocument } from '../openapi-v2.js';
import { encodeOpenApiV2 } from './gnostic.js';

const protobufType = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** The media types the handler offers: [type, subtype, the Content-Type answered, the form]. */
const offers: [string, string, string, 'json' | 'protobuf'][] = [
  ['application', 'json', 'application/json', 'json'],
  ['application', 'com.github.proto-openapi.spec.v2@v1.0+protobuf', protobufType, 'protobuf'],
  ['application', 'com.github.proto-openapi.spec.v2.v1.0+protobuf', protobufType, 'protobuf'],
];

interface AcceptClause {
  type: string;
  subType: string;
  quality: number;
}

/** goautoneg.ParseAccept: clauses with their quality, best first. */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const part of header.split(',')) {
    const [range = '', ...parameters] = part.split(';');
    const pieces = range.split('/');
    const type = pieces[0]!.trim();
    if (pieces.length > 2 || (pieces.length === 1 && type !== '*')) continue;
    const subType = pieces.length === 1 ? '*' : pieces[1]!.trim();
    let quality = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=', 2);
      // strconv.ParseFloat, whose failure leaves 0.
      if (value !== undefined && name!.trim() === 'q') quality = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value) ? Number(value) : 0;
    }
    clauses.push({ type, subType, quality });
  }
  // A stable sort with goautoneg's order: higher quality, then a concrete type, then a concrete subtype.
  const rank = (clause: AcceptClause) => [-clause.quality, clause.type === '*' ? 1 : 0, clause.subType === '*' ? 1 : 0];
  return clauses.map((clause, index) => ({ clause, index })).sort((a, b) => {
    const [ra, rb] = [rank(a.clause), rank(b.clause)];
    return ra[0]! - rb[0]! || ra[1]! - rb[1]! || ra[2]! - rb[2]! || a.index - b.index;
  }).map(({ clause }) => clause);
}

/** The form the Accept header chooses, or null for 406. */
function chosenOffer(accept: string | null): (typeof offers)[number] | null {
  for (const clause of parseAccept(accept || '*/*')) {
    const offer = offers.find(([type, subType]) => (clause.type === type || clause.type === '*') && (clause.subType === subType || clause.subType === '*'));
    if (offer) return offer;
  }
  return null;
}

interface Forms {
  json: Uint8Array;
  etag: string;
  lastModified: Date;
  protobuf?: Uint8Array;
}

let forms: Forms | undefined;

async function documentForms(documents: BuiltinDocuments): Promise<Forms> {
  if (forms) return forms;
  const json = new TextEncoder().encode(JSON.stringify(swaggerDocument(documents)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-512', json));
  const etag = `"${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('').toUpperCase()}"`;
  forms ??= { json, etag, lastModified: new Date() };
  return forms;
}

/** The answer to GET /openapi/v2 with the request's headers, from kube's documents. */
export async function openApiV2(documents: BuiltinDocuments, request: Headers): Promise<ContentResponse> {
  const offer = chosenOffer(request.get('accept'));
  if (!offer) return { status: 406, body: null, headers: { vary: 'Accept' } };
  const document = await documentForms(documents);
  const bytes = offer[3] === 'json' ? document.json : (document.protobuf ??= encodeOpenApiV2(swaggerDocument(documents)));
  return serveContent(request, { bytes, contentType: offer[2], etag: document.etag, lastModified: document.lastModified }, { vary: 'Accept' });
}
