// scripts/conformance/report.mjs: ginkgo's JSON report reduced to one outcome per spec text.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM
import { counts, readSpecs } from '../../scripts/conformance/report.mjs';

const spec = (State: string, process: number) => ({ LeafNodeType: 'It', ContainerHierarchyTexts: ['[sig-x] A'], LeafNodeText: 'b', State, ParallelProcess: process, RunTime: 1e9 });

describe('conformance report', () => {
  it('keeps the outcome of a spec that ran over a skipped spec of the same text, in either order', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'report.json');
    writeFileSync(file, JSON.stringify([{ SpecReports: [spec('failed', 3), spec('skipped', 5), { ...spec('skipped', 1), LeafNodeText: 'c' }, { ...spec('passed', 2), LeafNodeText: 'c' }] }]));
    const specs = readSpecs(file);
    expect([specs.get('[sig-x] A b').state, specs.get('[sig-x] A c').state]).toEqual(['failed', 'passed']);
    expect(counts(specs)).toEqual({ ran: 2, failed: 1, passed: 1 });
  });
});
