/**
 * Media types and Accept headers: `type/subtype;param=value`, with quality values
 * (k8s.io/apimachinery/pkg/runtime/serializer and munnerz/goautoneg in kube).
 */

export interface MediaType {
  type: string;
  subtype: string;
  params: Record<string, string>;
}

export interface AcceptClause extends MediaType {
  quality: number;
}

/** Parses one media type; type, subtype and parameter names are case-insensitive. */
export function parseMediaType(text: string): MediaType {
  const [essence = '', ...rawParams] = text.split(';');
  const [type = '', subtype = ''] = essence.trim().toLowerCase().split('/');
  const params: Record<string, string> = {};
  for (const raw of rawParams) {
    const equals = raw.indexOf('=');
    if (equals < 0) continue;
    const name = raw.slice(0, equals).trim().toLowerCase();
    params[name] = raw.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { type, subtype, params };
}

/** The clauses of an Accept header, best first: by quality, then specificity, then order given. */
export function parseAccept(header: string | null | undefined): AcceptClause[] {
  if (!header || !header.trim()) return [{ type: '*', subtype: '*', params: {}, quality: 1 }];
  const clauses = header.split(',').map((part, index) => {
    const { type, subtype, params } = parseMediaType(part);
    const { q, ...rest } = params;
    const quality = q === undefined ? 1 : Number(q);
    return { clause: { type, subtype, params: rest, quality: Number.isFinite(quality) ? quality : 0 }, index };
  });
  return clauses
    .filter(({ clause }) => clause.quality > 0 && clause.type !== '')
    .sort((a, b) => b.clause.quality - a.clause.quality || specificity(b.clause) - specificity(a.clause) || a.index - b.index)
    .map(({ clause }) => clause);
}

function specificity(clause: MediaType): number {
  if (clause.type === '*') return 0;
  if (clause.subtype === '*') return 1;
  return 2 + Object.keys(clause.params).length;
}

/** `type/subtype` of a media type. */
export function essence(media: MediaType): string {
  return `${media.type}/${media.subtype}`;
}
