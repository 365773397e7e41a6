/**
 * What kube does in code for one built-in kind, beyond what every object gets (ObjectMeta rules,
 * generation, status subresource handling, which the generic strategy does): kube's defaulting
 * functions (pkg/apis/<group>/v1/defaults.go), its strategy's PrepareForCreate/PrepareForUpdate
 * (pkg/registry/<group>/<resource>/strategy.go) and its validation (pkg/apis/<group>/validation),
 * with kube's exact field paths and messages.
 */
import type { FieldError } from '../apimachinery/field-errors.js';
import type { KubeObject } from '../apimachinery/object.js';

/** The user a create is made for (user.Info of the request context). */
export interface Requester {
  name: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

export interface KindSemantics {
  /**
   * kube's SetDefaults_* for the kind, applied to every decoded object (create, update, patch
   * result), after schema defaults. Mutates `object`.
   */
  default?(object: KubeObject): void;
  /**
   * The kind accepts status on create (kube's node strategy: kubelets register with it); for the
   * other kinds with a /status subresource, a new object's status starts empty.
   */
  keepStatusOnCreate?: boolean;
  /**
   * Extra PrepareForCreate (e.g. a Pod's status starts Pending with its QoS class); `requester` is
   * the user of the request, when the write comes from one (a CSR records who asked).
   */
  prepareForCreate?(object: KubeObject, requester?: Requester): void;
  /** Extra PrepareForUpdate for the main resource (e.g. carrying over fields only /status may change). */
  prepareForUpdate?(object: KubeObject, old: KubeObject): void;
  /** Kind validation of a new object, ObjectMeta excluded (the generic strategy checks that). */
  validate?(object: KubeObject): FieldError[];
  /** Kind validation of an update, ObjectMeta excluded; typically validate(object) plus immutability rules. */
  validateUpdate?(object: KubeObject, old: KubeObject): FieldError[];
  /**
   * CheckGracefulDelete of a kind deleted gracefully (pods): the grace period of a DELETE of
   * `object` that asked for `requested` seconds (undefined: the kind's default).
   */
  gracePeriodOnDelete?(object: KubeObject, requested: number | undefined): number;
  /** What an update through /status checks beyond metadata (a CRD's status.acceptedNames). */
  validateStatusUpdate?(object: KubeObject, old: KubeObject): FieldError[];
  /** The kind's status strategy PrepareForUpdate, after status alone was taken from the request. */
  prepareForStatusUpdate?(object: KubeObject, old: KubeObject): void;
  /** The kind's status strategy does not reset ObjectMeta: labels and annotations change through /status too (CSRs). */
  statusUpdateKeepsMetadata?: boolean;
  /** The /approval subresource's strategy (CSRs): what an update takes from the request, and its validation beyond metadata. */
  approval?: {
    prepareForUpdate(object: KubeObject, old: KubeObject): void;
    validateUpdate(object: KubeObject, old: KubeObject): FieldError[];
  };
}

/** A table of kinds: `group/Kind` (core group: `/Pod`) to its semantics. */
export type KindSemanticsTable = Record<string, KindSemantics>;
