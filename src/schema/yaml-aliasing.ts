/**
 * go-yaml v2's guard against alias bombs ("billion laughs"), which kube's YAML decoding inherits:
 * while decoding, every node counts, nodes reached through an alias count as aliased, and once
 * more than 100 aliased nodes make up more than the allowed ratio of over 1000 decoded nodes the
 * document is refused with `document contains excessive aliasing`. js-yaml shares one JS value
 * per anchor, so an alias is a second visit of the same array or object; the walk stops as soon
 * as the ratio is exceeded, so a bomb costs little.
 */

const aliasRatioRangeLow = 400_000;
const aliasRatioRangeHigh = 4_000_000;

/** allowedAliasRatio of go-yaml v2 decode.go. */
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= aliasRatioRangeLow) return 0.99;
  if (decodeCount >= aliasRatioRangeHigh) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - aliasRatioRangeLow) / (aliasRatioRangeHigh - aliasRatioRangeLow));
}

/** Whether decoding `value` as go-yaml does would refuse it for excessive aliasing. */
export function hasExcessiveAliasing(value: unknown): boolean {
  const seen = new Set<object>();
  let decodeCount = 0;
  let aliasCount = 0;
  const stack: { node: unknown; aliased: boolean }[] = [{ node: value, aliased: false }];
  while (stack.length) {
    const { node, aliased: parentAliased } = stack.pop()!;
    let aliased = parentAliased;
    if (node !== null && typeof node === 'object') {
      if (seen.has(node)) aliased = true;
      else seen.add(node);
    }
    decodeCount++;
    if (aliased) aliasCount++;
    if (aliasCount > 100 && decodeCount > 1000 && aliasCount / decodeCount > allowedAliasRatio(decodeCount)) return true;
    if (node !== null && typeof node === 'object') {
      for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push({ node: child, aliased });
    }
  }
  return false;
}
