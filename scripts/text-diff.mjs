// A line diff of two texts for reports: the lines each side lacks, in order (a plain LCS),
// kube's side as `- ` and edge's as `+ `. Shared by the comparison scripts.

/** The lines `a` (-) and `b` (+) do not share, in order; too long inputs answer a line count. */
export function unifiedDiff(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  if (x.length * y.length > 4e6) return `- ${x.length} lines\n+ ${y.length} lines (too long to diff here)`;
  const lcs = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) { i++; j++; } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) out.push(`+ ${y[j++]}`); else out.push(`- ${x[i++]}`);
  }
  return out.join('\n');
}
