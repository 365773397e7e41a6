/**
 * kube-apiserver's static token file (--token-auth-file,
 * k8s.io/apiserver/pkg/authentication/token/tokenfile): CSV records
 * `token,user,uid[,"group1,group2"]`.
 *
 * Matches kube: at least 3 columns per record, extra columns beyond the 4th ignored, the 4th
 * split on commas into groups, an empty token skipped, a duplicate token replaces the earlier
 * one. Unlike kube, lines whose first character is `#` are treated as comments.
 */
import type { UserInfo } from '../rbac/types.js';
import { parseCsvRecords } from './csv-records.js';

export { withAuthenticatedGroup } from './authenticated-group.js';

/** Parses a token file into token -> user; throws an Error naming the offending line. */
export function parseTokenFile(text: string): Map<string, UserInfo> {
  const tokens = new Map<string, UserInfo>();
  for (const { line, fields } of parseCsvRecords(withoutCommentLines(text))) {
    if (fields.length < 3) {
      throw new Error(
        `token file line ${line} must have at least 3 columns (token, user name, user uid), found ${fields.length}`,
      );
    }
    const [token, name, uid, groups] = fields as [string, string, string, string | undefined];
    if (token === '') continue;
    tokens.set(token, { name, uid, groups: groups === undefined ? [] : groups.split(',') });
  }
  return tokens;
}

/** Blanks `#` comment lines, keeping line numbers stable for error messages. */
function withoutCommentLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('#') ? '' : line))
    .join('\n');
}

/**
 * The user a bearer token names, or null. Groups are returned as listed in the file; add
 * `system:authenticated` with withAuthenticatedGroup, as kube's authenticator union does.
 */
export function authenticateStaticToken(tokens: Map<string, UserInfo>, token: string): UserInfo | null {
  return tokens.get(token) ?? null;
}
