/**
 * The parts of Go's net/url that kube's URL library uses: ParseRequestURI (validation, with Go's
 * error texts), Parse (the value: the fragment split off first), Hostname, Port, EscapedPath
 * and Query (ParseQuery: `+` is a space, pairs with `;` or bad escapes are dropped).
 */

export interface GoUrl {
  scheme: string;
  opaque: string;
  host: string;
  /** The path as written (escaped form). */
  rawPath: string;
  rawQuery: string;
}

class UrlError extends Error {}

function getScheme(raw: string): [string, string] {
  for (let index = 0; index < raw.length; index++) {
    const ch = raw[index]!;
    if (/[a-zA-Z]/.test(ch)) continue;
    if (/[0-9+.-]/.test(ch)) {
      if (index === 0) return ['', raw];
      continue;
    }
    if (ch === ':') {
      if (index === 0) throw new UrlError('missing protocol scheme');
      return [raw.slice(0, index), raw.slice(index + 1)];
    }
    return ['', raw];
  }
  return ['', raw];
}

const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) throw new UrlError("missing ']' in host");
    const port = host.slice(close + 1);
    if (!validOptionalPort(port)) throw new UrlError(`invalid port ${JSON.stringify(port)} after host`);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon !== -1 && !validOptionalPort(host.slice(colon))) throw new UrlError(`invalid port ${JSON.stringify(host.slice(colon))} after host`);
  }
  return unescape(host, false);
}

/** Go's unescape (query: `+` is a space). */
function unescape(text: string, query: boolean): string {
  const bad = /%(?![0-9a-fA-F]{2})/.exec(text);
  if (bad) throw new UrlError(`invalid URL escape ${JSON.stringify(text.slice(bad.index, bad.index + 3))}`);
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let index = 0; index < text.length; index++) {
    const ch = text[index]!;
    if (ch === '%') {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(...encoder.encode(query && ch === '+' ? ' ' : ch));
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

/** Go's url.parse; `viaRequest` is ParseRequestURI's strictness. */
export function parseGoUrl(input: string, viaRequest: boolean): GoUrl {
  try {
    if (/[\x00-\x1f\x7f]/.test(input)) throw new UrlError('net/url: invalid control character in URL');
    const raw = viaRequest ? input : input.split('#')[0]!;
    if (raw === '' && viaRequest) throw new UrlError('empty url');
    const url: GoUrl = { scheme: '', opaque: '', host: '', rawPath: '', rawQuery: '' };
    if (raw === '*') return { ...url, rawPath: '*' };
    let rest: string;
    [url.scheme, rest] = getScheme(raw);
    url.scheme = url.scheme.toLowerCase();
    if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1);
    else if (rest.includes('?')) [rest, url.rawQuery] = [rest.slice(0, rest.indexOf('?')), rest.slice(rest.indexOf('?') + 1)];
    if (!rest.startsWith('/')) {
      if (url.scheme !== '') return { ...url, opaque: rest };
      if (viaRequest) throw new UrlError('invalid URI for request');
      if (rest.split('/')[0]!.includes(':')) throw new UrlError('first path segment in URL cannot contain colon');
    }
    if ((url.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
      const authority = rest.slice(2).split('/')[0]!;
      rest = rest.slice(2 + authority.length);
      url.host = parseHost(authority.slice(authority.lastIndexOf('@') + 1));
    }
    unescape(rest, false);
    url.rawPath = rest;
    return url;
  } catch (error) {
    if (error instanceof UrlError) throw new Error(`parse ${JSON.stringify(input)}: ${error.message}`);
    throw error;
  }
}

/** Go's splitHostPort of URL.Hostname / URL.Port. */
export function splitHostPort(hostPort: string): [string, string] {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && validOptionalPort(host.slice(colon))) [host, port] = [host.slice(0, colon), host.slice(colon + 1)];
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return [host, port];
}

const pathSafe = /[A-Za-z0-9\-._~$&+,/:;=@]/;

/** URL.EscapedPath: the written path when it is validly escaped, else the path escaped again. */
export function escapedPath(rawPath: string): string {
  const valid = /^(?:[A-Za-z0-9\-._~$&+,/:;=@!'()*[\]]|%[0-9a-fA-F]{2})*$/.test(rawPath);
  if (valid) return rawPath;
  const decoded = unescape(rawPath, false);
  return [...new TextEncoder().encode(decoded)].map((byte) => {
    const ch = String.fromCharCode(byte);
    return byte < 0x80 && pathSafe.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** url.ParseQuery, keeping the pairs that parse. */
export function parseQuery(rawQuery: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const pair of rawQuery.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const [key, value = ''] = pair.includes('=') ? [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] : [pair];
    try {
      const name = unescape(key, true);
      values.set(name, [...(values.get(name) ?? []), unescape(value, true)]);
    } catch {
      // Go's ParseQuery records the error and skips the pair; URL.Query ignores the error.
    }
  }
  return values;
}
