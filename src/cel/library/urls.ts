/**
 * kube's URL library (apiserver/pkg/cel/library/urls.go): url() validates with Go's
 * url.ParseRequestURI (absolute URLs and absolute paths only) and keeps url.Parse's result;
 * isURL, getScheme, getHost, getHostname, getPort, getEscapedPath, getQuery.
 */
import { EvalError, KList, KMap, Opaque, type Value } from '../values/kinds.js';
import { escapedPath, parseGoUrl, parseQuery, splitHostPort, type GoUrl } from './go-url.js';
import type { RuntimeLibrary } from './types.js';

export class UrlValue extends Opaque {
  readonly typeName = 'kubernetes.URL';

  constructor(readonly url: GoUrl, readonly text: string) {
    super();
  }

  equals(other: Opaque): boolean {
    return other instanceof UrlValue && other.text === this.text;
  }
}

const isValid = (text: string): boolean => {
  try {
    parseGoUrl(text, true);
    return true;
  } catch {
    return false;
  }
};

function toUrl(text: string): Value {
  try {
    parseGoUrl(text, true);
    return new UrlValue(parseGoUrl(text, false), text);
  } catch (error) {
    return new EvalError(`URL parse error during conversion from string: ${(error as Error).message}`);
  }
}

const accessor = (read: (url: GoUrl) => Value) => (target: Value | undefined): Value | undefined => (target instanceof UrlValue ? read(target.url) : undefined);

export const urlsLibrary: RuntimeLibrary = {
  url: (_target, [text]) => (typeof text === 'string' ? toUrl(text) : undefined),
  isURL: (_target, [text]) => (typeof text === 'string' ? isValid(text) : undefined),
  getScheme: accessor((url) => url.scheme),
  getHost: accessor((url) => url.host),
  getHostname: accessor((url) => splitHostPort(url.host)[0]),
  getPort: accessor((url) => splitHostPort(url.host)[1]),
  getEscapedPath: accessor((url) => escapedPath(url.rawPath)),
  getQuery: accessor((url) => KMap.of(new Map([...parseQuery(url.rawQuery)].map(([key, values]) => [key, KList.of(values)])))),
};
