import { describe, expect, it } from 'vitest';
import { parseYamlStrict } from '../../src/schema/index.js';

/** A billion-laughs document: `levels` anchors, each a list of `width` aliases of the previous. */
function bomb(levels: number, width: number): string {
  const lines = ['a0: &a0 ["lol"]'];
  for (let level = 1; level <= levels; level++) lines.push(`a${level}: &a${level} [${Array(width).fill(`*a${level - 1}`).join(', ')}]`);
  return lines.join('\n');
}

describe('YAML aliasing (go-yaml v2 excessive aliasing guard)', () => {
  it('refuses an alias bomb quickly', () => {
    expect(() => parseYamlStrict(bomb(9, 9))).toThrow('document contains excessive aliasing');
  });

  it('accepts ordinary anchors and aliases', () => {
    const text = 'base: &base {a: 1, b: [1, 2]}\nfirst: *base\nsecond: *base\n';
    expect(JSON.parse(JSON.stringify(parseYamlStrict(text).value))).toEqual({ base: { a: 1, b: [1, 2] }, first: { a: 1, b: [1, 2] }, second: { a: 1, b: [1, 2] } });
  });

  it('accepts a small fan-out that stays under the thresholds', () => {
    expect(() => parseYamlStrict(bomb(2, 9))).not.toThrow();
  });
});
