/**
 * The numbers kube-apiserver v1.32 applies to CRD validation rules: per-expression and per-CRD
 * static cost limits (apiextensions validation.go), the runtime per-call limit and per-request
 * budget (k8s.io/apiserver/pkg/apis/cel/config.go), the request size the cost model assumes, and
 * the minimal JSON sizes used to bound unbounded lists and maps (apiserver/pkg/cel/limits.go).
 */

/** StaticEstimatedCostLimit: the largest estimated cost one rule may have. */
export const staticEstimatedCostLimit = 10_000_000;
/** StaticEstimatedCRDCostLimit: the largest estimated cost of all rules of one CRD schema. */
export const staticEstimatedCRDCostLimit = 100_000_000;
/** PerCallLimit: the actual cost one evaluation may reach before it is cancelled. */
export const perCallLimit = 1_000_000;
/** RuntimeCELCostBudget: the actual cost all rules of one request may spend. */
export const runtimeCELCostBudget = 10_000_000;
/** DefaultMaxRequestSizeBytes: the largest request body the estimator assumes (3 MiB). */
export const maxRequestSizeBytes = 3 * 1024 * 1024;
/** MaxEvaluatedMessageExpressionSizeBytes. */
export const maxEvaluatedMessageExpressionSizeBytes = 5 * 1024;

/** Minimal serialized JSON sizes (apiserver/pkg/cel/limits.go). */
export const minSize = {
  string: 2,
  bool: 4,
  number: 1,
  duration: 3,
  date: 12,
  dateTime: 21,
} as const;

/** Longest serialized forms of formatted strings. */
export const maxSize = {
  duration: 32,
  date: 12,
  dateTime: 32,
} as const;

/** cel-go's cost constants (common/cost.go). */
export const costFactor = {
  stringTraversal: 0.1,
  regexStringLength: 0.25,
  listCreateBase: 10,
  mapCreateBase: 30,
  selectAndIdent: 1,
} as const;

/** math.MaxUint64 as the estimator saturates to it (a double: 2^64). */
export const maxUint64 = 2 ** 64;
