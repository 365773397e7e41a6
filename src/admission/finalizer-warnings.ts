/**
 * The custom resource strategy's WarningsOnCreate / WarningsOnUpdate (apiextensions-apiserver
 * registry/customresource, v1.32): every finalizer a custom resource gains (all of them on create,
 * those not on the old object on update), in sorted order, that has no `/` and is not a standard
 * one (orphan, foregroundDeletion, kubernetes) draws a warning: `metadata.finalizers: "foo": prefer
 * a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
 * or, for a name with a dot, `... prefer a domain-qualified finalizer name including a path (/) to
 * ...`. Built-in kinds refuse such names in validation instead. Hooked where validation has
 * passed (the validating chain, inside the write), as kube adds them after Validate.
 */
import type { KubeObject } from '../apimachinery/object.js';
import type { ValidatingPlugin } from './plugins.js';

const standardFinalizers = new Set(['orphan', 'foregroundDeletion', 'kubernetes']);

export const customResourceFinalizerWarnings: ValidatingPlugin = {
  validate(request, step) {
    if (!request.type.custom || step.kind || !step.object || step.operation === 'DELETE') return;
    request.warnings.push(...finalizerWarnings(step.object, step.old));
  },
};

/** The warnings for the finalizers `object` adds over `old` (all of them without one). */
export function finalizerWarnings(object: KubeObject, old: KubeObject | null): string[] {
  const before = new Set(old?.metadata.finalizers ?? []);
  const added = [...new Set(object.metadata.finalizers ?? [])].filter((name) => !before.has(name)).sort();
  return added.filter((name) => !name.includes('/') && !standardFinalizers.has(name)).map((name) => name.includes('.')
    ? `metadata.finalizers: ${JSON.stringify(name)}: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`
    : `metadata.finalizers: ${JSON.stringify(name)}: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`);
}
