import { describe, expect, it } from 'vitest';
import { authenticateStaticToken, parseTokenFile, withAuthenticatedGroup } from '../../src/authn/index.js';

describe('parseTokenFile', () => {
  it.each([
    { name: 'three columns', text: 'abc,alice,1\n', token: 'abc', want: { name: 'alice', uid: '1', groups: [] } },
    {
      name: 'quoted group list',
      text: 'abc,alice,1,"system:masters,dev"\n',
      token: 'abc',
      want: { name: 'alice', uid: '1', groups: ['system:masters', 'dev'] },
    },
    { name: 'single unquoted group', text: 'abc,bob,2,ops', token: 'abc', want: { name: 'bob', uid: '2', groups: ['ops'] } },
    {
      name: 'doubled quotes and CRLF',
      text: '"a""b",carol,3,"g1"\r\n',
      token: 'a"b',
      want: { name: 'carol', uid: '3', groups: ['g1'] },
    },
    { name: 'comments and blank lines', text: '# header\n\nabc,dave,4\n', token: 'abc', want: { name: 'dave', uid: '4', groups: [] } },
    { name: 'last duplicate wins', text: 'abc,erin,5\nabc,frank,6\n', token: 'abc', want: { name: 'frank', uid: '6', groups: [] } },
  ])('$name', ({ text, token, want }) => {
    expect(authenticateStaticToken(parseTokenFile(text), token)).toEqual(want);
  });

  it('skips records with an empty token, like kube', () => {
    expect([...parseTokenFile(',ghost,7\nabc,real,8\n').keys()]).toEqual(['abc']);
  });

  it('returns null for an unknown token', () => {
    expect(authenticateStaticToken(parseTokenFile('abc,alice,1'), 'abd')).toBeNull();
  });

  it.each([
    { name: 'two columns', text: 'abc,alice,1\n\nxyz,bob\n', message: /line 3 must have at least 3 columns.*found 2/ },
    { name: 'bare quote', text: 'abc,al"ice,1\n', message: /line 1: bare "/ },
    { name: 'unterminated quote', text: 'abc,alice,1\nx,y,z,"g1,g2\n', message: /line 2: extraneous or missing "/ },
    { name: 'text after closing quote', text: 'abc,"alice"x,1\n', message: /line 1: extraneous or missing "/ },
  ])('rejects $name naming the line', ({ text, message }) => {
    expect(() => parseTokenFile(text)).toThrow(message);
  });
});

describe('withAuthenticatedGroup', () => {
  it.each([
    { name: 'appends', groups: ['dev'], user: 'alice', want: ['dev', 'system:authenticated'] },
    { name: 'does not duplicate', groups: ['system:authenticated'], user: 'alice', want: ['system:authenticated'] },
    { name: 'skips anonymous', groups: ['system:unauthenticated'], user: 'system:anonymous', want: ['system:unauthenticated'] },
  ])('$name', ({ groups, user, want }) => {
    const input = { name: user, groups };
    expect(withAuthenticatedGroup(input).groups).toEqual(want);
    expect(input.groups).toEqual(groups);
  });
});
