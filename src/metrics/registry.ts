/**
 * A small Prometheus registry and its text exposition format (version 0.0.4, as client_golang
 * writes it for kube-apiserver): families sorted by name, each with `# HELP` (the stability level
 * in brackets, as Kubernetes' component-base prefixes it) and `# TYPE`; series sorted by their
 * label values; label names sorted; histograms as cumulative `_bucket{le}` series ending in
 * `+Inf`, then `_sum` and `_count`. A family with no series is left out, as client_golang leaves
 * out a vector nothing was recorded in.
 */

type Kind = 'counter' | 'gauge' | 'histogram';

interface Series {
  labels: string[];
  value: number;
  /** Histograms: the count of each bucket (not cumulative) and the sum. */
  buckets?: number[];
  sum?: number;
}

/**
 * One series of a counter or gauge, resolved once by its labels: adding to it allocates nothing
 * (a watch counts every event it sends, a thousand watches each event). It follows the family's
 * `clear()`: the next add starts the series again.
 */
export interface SeriesAdder {
  add(delta?: number): void;
}

export class Family {
  private readonly series = new Map<string, Series>();
  /** Counts `clear()`s: an adder resolved before one resolves its series again. */
  private generation = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly kind: Kind,
    readonly labelNames: string[],
    readonly bucketBounds: number[] = [],
  ) {}

  private at(labels: string[]): Series {
    const key = labels.join('\u0000');
    let series = this.series.get(key);
    if (!series) {
      series = { labels, value: 0, ...(this.kind === 'histogram' ? { buckets: this.bucketBounds.map(() => 0), sum: 0 } : {}) };
      this.series.set(key, series);
    }
    return series;
  }

  /** Adds to a counter or gauge. */
  add(labels: string[], delta = 1): void {
    this.at(labels).value += delta;
  }

  /** An adder for the series of `labels` (see SeriesAdder). */
  adder(labels: string[]): SeriesAdder {
    let series = this.at(labels);
    let generation = this.generation;
    return {
      add: (delta = 1) => {
        if (generation !== this.generation) {
          series = this.at(labels);
          generation = this.generation;
        }
        series.value += delta;
      },
    };
  }

  /** Sets a gauge. */
  set(labels: string[], value: number): void {
    this.at(labels).value = value;
  }

  /** Records one observation of a histogram. */
  observe(labels: string[], value: number): void {
    const series = this.at(labels);
    series.value += 1;
    series.sum! += value;
    const bucket = this.bucketBounds.findIndex((bound) => value <= bound);
    if (bucket >= 0) series.buckets![bucket]! += 1;
  }

  /** Drops every series (gauges recomputed from scratch). */
  clear(): void {
    this.series.clear();
    this.generation += 1;
  }

  /** The family in the text format; '' without series. */
  render(): string {
    if (this.series.size === 0) return '';
    const order = this.labelNames.map((name, index) => [name, index] as const).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, index]) => index);
    const sortKey = (series: Series) => order.map((index) => series.labels[index] ?? '');
    const sorted = [...this.series.values()].sort((a, b) => compareLabels(sortKey(a), sortKey(b)));
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} ${this.kind}`];
    for (const series of sorted) lines.push(...this.seriesLines(series));
    return `${lines.join('\n')}\n`;
  }

  private seriesLines(series: Series): string[] {
    const pairs = this.labelNames.map((name, index): [string, string] => [name, series.labels[index] ?? '']);
    if (this.kind !== 'histogram') return [`${this.name}${labelText(pairs)} ${numberText(series.value)}`];
    let cumulative = 0;
    const lines = this.bucketBounds.map((bound, index) => {
      cumulative += series.buckets![index]!;
      return `${this.name}_bucket${labelText([...pairs, ['le', numberText(bound)]])} ${cumulative}`;
    });
    lines.push(`${this.name}_bucket${labelText([...pairs, ['le', '+Inf']])} ${series.value}`);
    lines.push(`${this.name}_sum${labelText(pairs)} ${numberText(series.sum!)}`, `${this.name}_count${labelText(pairs)} ${series.value}`);
    return lines;
  }
}

function compareLabels(left: string[], right: string[]): number {
  for (let index = 0; index < left.length; index++) {
    if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
  }
  return 0;
}

/** `{a="x",b="y"}` with names sorted; `le` stays last, as client_golang writes it. */
function labelText(pairs: [string, string][]): string {
  if (pairs.length === 0) return '';
  const le = pairs.filter(([name]) => name === 'le');
  const sorted = pairs.filter(([name]) => name !== 'le').sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${[...sorted, ...le].map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(',')}}`;
}

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/**
 * Go's strconv.FormatFloat(v, 'g', -1, 64), as client_golang writes sample values and bucket
 * bounds: the shortest digits, in exponent form (two-digit exponent) below 1e-4 and from 1e6 on.
 */
export function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return '0';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return String(value);
  return `${mantissa}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}
