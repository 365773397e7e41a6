/**
 * Names a rule can reference: `self` and `oldSelf` (an optional with optionalOldSelf), the
 * variables of enclosing comprehensions, and type names used as values (`int`, `net.IP`, ...).
 * `sizeDecl` is the schema type reached by the name's path, which kube's cost estimator uses to
 * bound sizes (every path starts at the rule's node, whatever its first name; see cost/).
 */
import type { DeclType } from '../decl-types.js';
import { prim, typeOf, listOf, mapOf, dyn, type CheckType } from './types.js';

export interface Variable {
  type: CheckType;
  sizeDecl?: DeclType;
  /** A comprehension's iteration variable. */
  iteration?: boolean;
}

export class Scope {
  private readonly vars = new Map<string, Variable>();

  constructor(private readonly parent?: Scope) {}

  with(name: string, variable: Variable): Scope {
    const scope = new Scope(this);
    scope.vars.set(name, variable);
    return scope;
  }

  lookup(name: string): Variable | undefined {
    return this.vars.get(name) ?? this.parent?.lookup(name);
  }
}

const typeNames: Record<string, CheckType> = {
  int: prim('int'), uint: prim('uint'), double: prim('double'), bool: prim('bool'), string: prim('string'),
  bytes: prim('bytes'), null_type: prim('null'), dyn, list: listOf(dyn), map: mapOf(dyn, dyn), type: typeOf(dyn),
  'google.protobuf.Timestamp': prim('timestamp'), 'google.protobuf.Duration': prim('duration'),
  'net.IP': { k: 'opaque', name: 'net.IP' }, 'net.CIDR': { k: 'opaque', name: 'net.CIDR' },
  'kubernetes.URL': { k: 'opaque', name: 'kubernetes.URL' }, 'kubernetes.Quantity': { k: 'opaque', name: 'kubernetes.Quantity' },
};

/** The type of a type name used as a value (`int` is `type(int)`), or undefined. */
export function typeNameType(name: string): CheckType | undefined {
  const type = typeNames[name];
  return type ? typeOf(type) : undefined;
}
