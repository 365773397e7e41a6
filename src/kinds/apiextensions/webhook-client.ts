/**
 * k8s.io/apiserver/pkg/util/webhook ValidateWebhookURL and ValidateWebhookService (kube v1.32),
 * for a CRD's conversion webhook, with the parts of Go's net/url.Parse they depend on: scheme,
 * user info, host (and port syntax), query and fragment. A URL without `//` after its scheme
 * has no host, as in Go (`https:example.com` is opaque).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Subdomain } from '../../apimachinery/validation/names.js';
import { isValidPortNum } from '../../apimachinery/validation/ports.js';

const urlForm = '; desired format: https://host[/path]';

interface GoURL {
  scheme: string;
  user: string | undefined;
  host: string;
  query: string;
  fragment: string;
}

/** The parts of net/url.Parse the webhook rules read, or Go's error text. */
function parseGoURL(raw: string): GoURL | string {
  const fail = (reason: string): string => `parse ${JSON.stringify(raw)}: ${reason}`;
  if (/[\x00-\x1f\x7f]/.test(raw)) return fail('net/url: invalid control character in URL');
  const [beforeFragment, ...fragmentParts] = raw.split('#');
  let rest = beforeFragment!;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest)?.[1] ?? '';
  if (rest.startsWith(':')) return fail('missing protocol scheme');
  rest = rest.slice(scheme === '' ? 0 : scheme.length + 1);
  const queryAt = rest.indexOf('?');
  const query = queryAt < 0 ? '' : rest.slice(queryAt + 1);
  if (queryAt >= 0) rest = rest.slice(0, queryAt);
  const url: GoURL = { scheme: scheme.toLowerCase(), user: undefined, host: '', query, fragment: fragmentParts.join('#') };
  if (scheme === '' && !rest.startsWith('/') && rest.split('/')[0]!.includes(':')) return fail('first path segment in URL cannot contain colon');
  if (!rest.startsWith('//')) return url;
  const authority = rest.slice(2).split('/')[0]!;
  const at = authority.lastIndexOf('@');
  if (at >= 0) url.user = authority.slice(0, at);
  url.host = authority.slice(at + 1);
  const port = /^(?:\[[^\]]*\]|[^:]*)(:.*)?$/.exec(url.host)?.[1];
  if (port !== undefined && !/^:[0-9]*$/.test(port)) return fail(`invalid port ${JSON.stringify(port)} after host`);
  return url;
}

/** ValidateWebhookURL with forceHttps. */
export function validateWebhookURL(path: string, raw: string): FieldError[] {
  const url = parseGoURL(raw);
  if (typeof url === 'string') return [fieldError.required(path, `url must be a valid URL: ${url}${urlForm}`)];
  const errors: FieldError[] = [];
  if (url.scheme !== 'https') errors.push(fieldError.invalid(path, url.scheme, `'https' is the only allowed URL scheme${urlForm}`));
  if (url.host === '') errors.push(fieldError.invalid(path, url.host, `host must be specified${urlForm}`));
  if (url.user !== undefined) errors.push(fieldError.invalid(path, url.user, 'user information is not permitted in the URL'));
  if (url.fragment !== '') errors.push(fieldError.invalid(path, url.fragment, 'fragments are not permitted in the URL'));
  if (url.query !== '') errors.push(fieldError.invalid(path, url.query, 'query parameters are not permitted in the URL'));
  return errors;
}

/** The segment rules of a service path. */
function servicePathErrors(path: string, urlPath: string): FieldError[] {
  if (urlPath === '/' || urlPath === '') return [];
  if (urlPath === '//') return [fieldError.invalid(path, urlPath, 'segment[0] may not be empty')];
  const errors: FieldError[] = [];
  if (!urlPath.startsWith('/')) errors.push(fieldError.invalid(path, urlPath, "must start with a '/'"));
  let toCheck = urlPath.slice(1);
  if (toCheck.endsWith('/')) toCheck = toCheck.slice(0, -1);
  toCheck.split('/').forEach((step, index) => {
    if (step === '') errors.push(fieldError.invalid(path, urlPath, `segment[${index}] may not be empty`));
    else errors.push(...isDNS1123Subdomain(step).map((failure) => fieldError.invalid(path, urlPath, `segment[${index}]: ${failure}`)));
  });
  return errors;
}

/** ValidateWebhookService; `servicePath` undefined is a nil path. */
export function validateWebhookService(path: string, namespace: string, name: string, servicePath: string | undefined, port: number): FieldError[] {
  const errors: FieldError[] = [];
  if (name === '') errors.push(fieldError.required(`${path}.name`, 'service name is required'));
  if (namespace === '') errors.push(fieldError.required(`${path}.namespace`, 'service namespace is required'));
  const portProblems = isValidPortNum(port);
  if (portProblems.length > 0) errors.push(fieldError.invalid(`${path}.port`, port, `port is not valid: ${portProblems.join(', ')}`));
  if (servicePath !== undefined) errors.push(...servicePathErrors(`${path}.path`, servicePath));
  return errors;
}
