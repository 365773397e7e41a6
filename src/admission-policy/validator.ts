/**
 * Evaluating one policy for one binding and one param (validating/validator.go Validate): match
 * conditions (any false skips the policy; errors go by the failure policy, their texts
 * aggregated), validations with their messages, then audit annotations. Each filter has a fresh
 * activation and the request budget; running out of budget fails the whole filter.
 */
import { aggregateErrorText } from './go-text.js';
import { Activation, BudgetExceeded, outOfBudget, type ActivationInputs } from './activation.js';
import type { CompiledPolicy, CompiledValidation } from './compiled-policy.js';
import type { EvaluationResult } from './activation.js';
import type { CompiledExpression } from './expression.js';
import { runtimeCELCostBudget, maxEvaluatedMessageExpressionSizeBytes } from '../cel/limits.js';

export interface Decision {
  action: 'Admit' | 'Deny';
  /** The failure is an evaluation error, not a false validation. */
  evalError: boolean;
  message: string;
  reason?: string;
}

export interface AuditAnnotationResult {
  action: 'Publish' | 'Error' | 'Exclude';
  key: string;
  value?: string;
  error?: string;
}

export interface ValidateResult {
  decisions: Decision[];
  auditAnnotations: AuditAnnotationResult[];
}

const errorDecision = (failurePolicy: string, message: string): Decision =>
  ({ action: failurePolicy === 'Ignore' ? 'Admit' : 'Deny', evalError: true, message });

/** Runs every expression of a filter with one budget; undefined when the budget ran out. */
function runFilter(expressions: (CompiledExpression | undefined)[], inputs: ActivationInputs, policy: CompiledPolicy): (EvaluationResult | undefined)[] | undefined {
  const activation = new Activation(inputs, policy.variables);
  const budget = { remaining: runtimeCELCostBudget };
  try {
    return expressions.map((expression) => (expression ? activation.evaluate(expression, budget) : undefined));
  } catch (error) {
    if (error instanceof BudgetExceeded) return undefined;
    throw error;
  }
}

/** matchconditions.Matcher.Match: 'match', 'skip', or an error text. */
export function matchConditions(policy: CompiledPolicy, inputs: ActivationInputs): 'match' | 'skip' | { error: string } {
  if (policy.matchConditions.length === 0) return 'match';
  // kube evaluates match conditions without the namespace object.
  const results = runFilter(policy.matchConditions.map((condition) => condition.expression), { ...inputs, namespaceObject: null }, policy);
  if (!results) return policy.failurePolicy === 'Ignore' ? 'skip' : { error: outOfBudget };
  const errors: string[] = [];
  for (const result of results) {
    if (result?.error !== undefined) errors.push(result.error);
    if (result?.value === false) return 'skip';
  }
  if (errors.length === 0) return 'match';
  return policy.failurePolicy === 'Ignore' ? 'skip' : { error: aggregateErrorText(errors) };
}

/** The message of a failed validation: messageExpression result, else message, else `failed expression: <expr>`. */
function failureMessage(validation: CompiledValidation, messageResult: EvaluationResult | undefined): string {
  let message = '';
  if (messageResult?.error === undefined && typeof messageResult?.value === 'string') {
    message = messageResult.value.trim();
    if (new TextEncoder().encode(message).length > maxEvaluatedMessageExpressionSizeBytes || message.includes('\n')) message = '';
  }
  if (message === '' && validation.message) message = validation.message.trim();
  if (message === '') message = `failed expression: ${validation.expression.source.trim()}`;
  return message;
}

function validationDecisions(policy: CompiledPolicy, inputs: ActivationInputs): Decision[] {
  const results = runFilter(policy.validations.map((validation) => validation.expression), inputs, policy);
  if (!results) return [errorDecision(policy.failurePolicy, outOfBudget)];
  const messages = runFilter(policy.validations.map((validation) => validation.messageExpression), inputs, policy);
  return policy.validations.map((validation, index): Decision => {
    const result = results[index]!;
    if (result.error !== undefined) return errorDecision(policy.failurePolicy, result.error);
    if (!messages && validation.messageExpression) {
      return errorDecision(policy.failurePolicy, `failed messageExpression: ${outOfBudget}`);
    }
    if (result.value === true) return { action: 'Admit', evalError: false, message: '' };
    return { action: 'Deny', evalError: false, message: failureMessage(validation, messages?.[index]), reason: validation.reason ?? 'Invalid' };
  });
}

function auditAnnotationResults(policy: CompiledPolicy, inputs: ActivationInputs): AuditAnnotationResult[] | Decision {
  const results = runFilter(policy.auditAnnotations.map((annotation) => annotation.expression), inputs, policy);
  if (!results) return errorDecision(policy.failurePolicy, outOfBudget);
  return policy.auditAnnotations.map(({ key, expression }, index): AuditAnnotationResult => {
    const result = results[index]!;
    if (result.error !== undefined) return { action: policy.failurePolicy === 'Ignore' ? 'Exclude' : 'Error', key, error: result.error };
    if (typeof result.value === 'string' && result.value.trim() !== '') return { action: 'Publish', key, value: result.value.trim() };
    if (typeof result.value === 'string' || result.value === null) return { action: 'Exclude', key };
    return { action: 'Error', key, error: `valueExpression '${expression.source}' resulted in unsupported return type: ${typeof result.value}. Return type must be either string or null.` };
  });
}

/** validator.Validate for one binding and param. */
export function validatePolicy(policy: CompiledPolicy, inputs: ActivationInputs): ValidateResult {
  const match = matchConditions(policy, inputs);
  if (match === 'skip') return { decisions: [], auditAnnotations: [] };
  if (match !== 'match') return { decisions: [errorDecision(policy.failurePolicy, match.error)], auditAnnotations: [] };
  const decisions = validationDecisions(policy, inputs);
  const annotations = auditAnnotationResults(policy, inputs);
  if (!Array.isArray(annotations)) return { decisions: [annotations], auditAnnotations: [] };
  return { decisions, auditAnnotations: annotations };
}
