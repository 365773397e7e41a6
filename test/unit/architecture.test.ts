/**
 * The house rules (.dependency-cruiser.mjs): every import in src/ runs downward through the
 * layers, type imports included, and none closes a circle. The same rules run over a fixture
 * house with one import back up, to show they catch it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The rules' violations in the house at `baseDir` (its src/), as `rule: from -> to` lines. */
async function violations(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
  const result = await cruise(['src'], { ...options, baseDir, outputType: 'json' }, {}, { tsConfig });
  const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
  return output.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

describe('the layers', () => {
  it('src/ imports only downward and closes no circle', { timeout: 120_000 }, async () => {
    expect(await violations(root)).toEqual([]);
  });

  it('an import back up (a type only) and the circle it closes are refused', { timeout: 120_000 }, async () => {
    const found = await violations(path.join(root, 'test', 'fixtures', 'architecture'));
    expect(found).toContain('layers: registry: src/registry/store.ts -> src/server/app.ts');
    expect(found.some((line) => line.startsWith('no-circular: '))).toBe(true);
  });
});
