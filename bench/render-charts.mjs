// Renders the side-by-side charts (bench/chart-specs.mjs) of a results file to SVG: Vega-Lite
// compiled to Vega, drawn by Vega's headless view (no browser, no canvas), written to bench/charts/.
// bench/render-readme.mjs --write calls writeCharts; alone, for the same results files:
//   node bench/render-charts.mjs [results.json]   (default bench/results/latest.json)
// Besides the main results file, each bench/results/supplement-NAME.json (a partial run kept for
// what the main run lacks, e.g. distributions) is charted with the prefix `supplement-NAME-`.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { chartSpecs } from './chart-specs.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const chartsDirectory = path.join(projectRoot, 'bench', 'charts');
const resultsDirectory = path.join(projectRoot, 'bench', 'results');

/** The results files the README renders: [{ file, results, prefix }], the main one (`file`) first. */
export function readmeSources(file = path.join('bench', 'results', 'latest.json')) {
  const read = (relative) => JSON.parse(readFileSync(path.resolve(projectRoot, relative), 'utf8'));
  const supplements = readdirSync(resultsDirectory).filter((name) => /^supplement-.+\.json$/.test(name)).sort()
    .map((name) => path.join('bench', 'results', name));
  return [
    { file, results: read(file), prefix: '' },
    ...supplements.map((relative) => ({ file: relative, results: read(relative), prefix: `${path.basename(relative, '.json')}-` })),
  ];
}

/** The SVG text of a Vega-Lite specification. */
export async function renderSvg(spec) {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/**
 * Writes the charts of each source ({ results, prefix }) into `directory` as NAME.svg and removes
 * the SVGs there that no chart made (a section gone from the results); returns the charts written.
 */
export async function writeCharts(sources, directory = chartsDirectory) {
  mkdirSync(directory, { recursive: true });
  const charts = sources.flatMap(({ results, prefix }) => chartSpecs(results, prefix));
  for (const chart of charts) writeFileSync(path.join(directory, `${chart.name}.svg`), `${await renderSvg(chart.spec)}\n`);
  const kept = new Set(charts.map((chart) => `${chart.name}.svg`));
  for (const file of readdirSync(directory)) if (file.endsWith('.svg') && !kept.has(file)) rmSync(path.join(directory, file));
  return charts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const chart of await writeCharts(readmeSources(process.argv[2]))) console.log(`bench/charts/${chart.name}.svg`);
}
