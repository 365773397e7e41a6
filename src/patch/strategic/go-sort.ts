/**
 * Go's sort.SliceStable (insertion sort on blocks of 20, then SymMerge), reproduced step for step.
 * kube orders merged lists with a `less` that is not a strict weak order (it answers true whenever
 * an element is missing from the reference order), so only Go's exact sequence of comparisons
 * and swaps gives kube's result.
 */

type Less = (i: number, j: number) => boolean;

/** Sorts `items` in place like sort.SliceStable(items, less); `less` reads the live array. */
export function sliceStable<T>(items: T[], less: Less): void {
  const swap = (i: number, j: number): void => {
    const held = items[i] as T;
    items[i] = items[j] as T;
    items[j] = held;
  };
  stable(items.length, less, swap);
}

function stable(length: number, less: Less, swap: (i: number, j: number) => void): void {
  let blockSize = 20;
  let start = 0;
  let end = blockSize;
  for (; end <= length; start = end, end += blockSize) insertionSort(start, end, less, swap);
  insertionSort(start, length, less, swap);
  for (; blockSize < length; blockSize *= 2) {
    start = 0;
    end = 2 * blockSize;
    for (; end <= length; start = end, end += 2 * blockSize) symMerge(start, start + blockSize, end, less, swap);
    const middle = start + blockSize;
    if (middle < length) symMerge(start, middle, length, less, swap);
  }
}

function insertionSort(start: number, end: number, less: Less, swap: (i: number, j: number) => void): void {
  for (let i = start + 1; i < end; i++) {
    for (let j = i; j > start && less(j, j - 1); j--) swap(j, j - 1);
  }
}

/** Go's symMerge_func: merges the sorted runs [a, m) and [m, b). */
function symMerge(a: number, m: number, b: number, less: Less, swap: (i: number, j: number) => void): void {
  if (m - a === 1) return insertFirst(a, m, b, less, swap);
  if (b - m === 1) return insertLast(a, m, less, swap);
  const middle = (a + b) >>> 1;
  const n = middle + m;
  let start = m > middle ? n - b : a;
  let limit = m > middle ? middle : m;
  const p = n - 1;
  while (start < limit) {
    const c = (start + limit) >>> 1;
    if (!less(p - c, c)) start = c + 1;
    else limit = c;
  }
  const end = n - start;
  if (start < m && m < end) rotate(start, m, end, swap);
  if (a < start && start < middle) symMerge(a, start, middle, less, swap);
  if (middle < end && end < b) symMerge(middle, end, b, less, swap);
}

/** symMerge with a one-element left run: binary search, then bubble it into place. */
function insertFirst(a: number, m: number, b: number, less: Less, swap: (i: number, j: number) => void): void {
  let i = m;
  let j = b;
  while (i < j) {
    const h = (i + j) >>> 1;
    if (less(h, a)) i = h + 1;
    else j = h;
  }
  for (let k = a; k < i - 1; k++) swap(k, k + 1);
}

/** symMerge with a one-element right run. */
function insertLast(a: number, m: number, less: Less, swap: (i: number, j: number) => void): void {
  let i = a;
  let j = m;
  while (i < j) {
    const h = (i + j) >>> 1;
    if (!less(m, h)) i = h + 1;
    else j = h;
  }
  for (let k = m; k > i; k--) swap(k, k - 1);
}

/** Go's rotate_func: swaps the blocks [a, m) and [m, b). */
function rotate(a: number, m: number, b: number, swap: (i: number, j: number) => void): void {
  let i = m - a;
  let j = b - m;
  while (i !== j) {
    if (i > j) {
      swapRange(m - i, m, j, swap);
      i -= j;
    } else {
      swapRange(m - i, m + j - i, i, swap);
      j -= i;
    }
  }
  swapRange(m - i, m, i, swap);
}

function swapRange(a: number, b: number, n: number, swap: (i: number, j: number) => void): void {
  for (let i = 0; i < n; i++) swap(a + i, b + i);
}
