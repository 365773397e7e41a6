/**
 * The runtime library registry: function name to its implementations, tried in order (a string
 * `indexOf` and a list `indexOf` share a name). Functions not found here are @bufbuild/cel's
 * standard library (eval/dispatch.ts).
 */
import type { Value } from '../values/kinds.js';
import { formatLibrary } from './format.js';
import { ipCidrLibrary } from './ip-cidr.js';
import { makeListsLibrary } from './lists.js';
import { optionalLibrary } from './optional.js';
import { quantityLibrary } from './quantity.js';
import { regexLibrary } from './regex.js';
import { setsLibrary } from './sets.js';
import { stringsLibrary } from './strings.js';
import type { RuntimeFunction, RuntimeLibrary } from './types.js';
import { urlsLibrary } from './urls.js';

/** All library functions by name; `add` is CEL's `+` (for sum). */
export function runtimeLibrary(add: (left: Value, right: Value) => Value): Map<string, RuntimeFunction[]> {
  const libraries: RuntimeLibrary[] = [
    stringsLibrary, makeListsLibrary(add), regexLibrary, urlsLibrary, quantityLibrary, ipCidrLibrary, setsLibrary, optionalLibrary, formatLibrary,
  ];
  const registry = new Map<string, RuntimeFunction[]>();
  for (const library of libraries) {
    for (const [name, fn] of Object.entries(library)) registry.set(name, [...(registry.get(name) ?? []), fn]);
  }
  return registry;
}

export type { RuntimeFunction };
