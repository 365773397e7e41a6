// The users test servers know (static token file lines), shared by the workers pool config and
// the end-to-end global setup. `admin` is in system:masters; the others have no rights until a
// test binds a role to them.
export const adminToken = 'admin-test-token-0123456789abcdef';

export const testUsers = [
  { token: 'alice-test-token-0123456789abcdef', name: 'alice', uid: 'alice-uid', groups: ['developers'] },
  { token: 'bob-test-token-0123456789abcdef', name: 'bob', uid: 'bob-uid', groups: [] },
];

/** The token of a test user by name. */
export function tokenOf(name) {
  if (name === 'admin') return adminToken;
  const user = testUsers.find((candidate) => candidate.name === name);
  if (!user) throw new Error(`no test user ${name}`);
  return user.token;
}
