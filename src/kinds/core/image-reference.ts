/**
 * The tag of a container image as kube's parsers.ParseImageName reads it (docker reference
 * grammar, github.com/distribution/reference ParseNormalizedNamed): SetDefaults_Container pulls
 * Always for `:latest` or no tag and digest, IfNotPresent otherwise.
 */

const pathComponent = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domainPattern = new RegExp(`^${domainComponent}(?:\\.${domainComponent})*(?::[0-9]+)?$`);
const tagPattern = /^[\w][\w.-]{0,127}$/;
const digestPattern = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9A-Fa-f]{32,}$/;
const maxNameLength = 255;

/** The image's tag: 'latest' when it has neither tag nor digest, '' when it has only a digest or does not parse. */
export function imageTag(image: string): string {
  const at = image.indexOf('@');
  const digest = at >= 0 ? image.slice(at + 1) : '';
  const named = at >= 0 ? image.slice(0, at) : image;
  if (at >= 0 && !digestPattern.test(digest)) return '';
  const colon = named.lastIndexOf(':');
  const hasTag = colon > named.lastIndexOf('/');
  const name = hasTag ? named.slice(0, colon) : named;
  const tag = hasTag ? named.slice(colon + 1) : '';
  if ((hasTag && !tagPattern.test(tag)) || !isValidName(name)) return '';
  if (tag) return tag;
  return digest ? '' : 'latest';
}

/** A repository name: an optional registry domain, then lower-case path components (ParseNormalizedNamed). */
function isValidName(name: string): boolean {
  if (!name || name.length > maxNameLength) return false;
  const parts = name.split('/');
  const first = parts[0]!;
  const hasDomain = parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (hasDomain && !domainPattern.test(first)) return false;
  const path = hasDomain ? parts.slice(1) : parts;
  // A bare 64-hex name is refused: it reads as an image ID.
  if (path.length === 1 && /^[a-f0-9]{64}$/.test(path[0]!)) return false;
  return path.every((component) => pathComponent.test(component));
}

/** SetDefaults_Container's imagePullPolicy for the image. */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  return imageTag(image) === 'latest' ? 'Always' : 'IfNotPresent';
}
