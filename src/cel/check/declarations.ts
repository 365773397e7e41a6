/** Every function a CRD rule may call: the standard declarations plus kube's libraries. */
import { kubernetesDeclarations } from './declarations-k8s.js';
import { standardDeclarations } from './declarations-std.js';
import { declareAll, type Overload } from './overloads.js';

const table = declareAll(standardDeclarations);
for (const [name, overloads] of declareAll(kubernetesDeclarations)) table.set(name, [...(table.get(name) ?? []), ...overloads]);

/** The overloads of `name`, or undefined when no such function is declared. */
export const overloadsOf = (name: string): Overload[] | undefined => table.get(name);
