/**
 * The CEL parts of kube's ValidatingAdmissionPolicy create/update validation
 * (pkg/apis/admissionregistration/validation validateValidatingAdmissionPolicySpec): match
 * conditions compile without variables, variables compile in order (each seeing the previous
 * ones), validations and messageExpressions compile against all variables when the policy has
 * any (else `variables` is undeclared), params are declared only with a paramKind. Errors are
 * `Invalid value: "<expression>": compilation failed: ERROR: <input>:1:1: ...` or
 * `must evaluate to bool but got dyn` at kube's paths. Type checking against the matched
 * resources' schemas (kube's status.typeChecking warnings) is not done.
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import { isJsonObject } from '../apimachinery/json-value.js';
import { compileVariables, paramKindOf } from './compiled-policy.js';
import { compileAdmissionExpression, type ExpressionEnvironment, type ReturnTypes } from './expression.js';
import { objectDecl } from './request-type.js';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const items = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map((item) => (isJsonObject(item) ? item : {})) : []);
const celIdentifier = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
const celReserved = new Set(['true', 'false', 'null', 'in', 'as', 'break', 'const', 'continue', 'else', 'for', 'function', 'if', 'import',
  'let', 'loop', 'package', 'namespace', 'return', 'var', 'void', 'while']);

/** validateCELCondition: the compile error of `expression` as a field error at `path`. */
function compileErrors(expression: string, env: ExpressionEnvironment, returns: ReturnTypes, path: string, badValue = expression): FieldError[] {
  const compiled = compileAdmissionExpression(expression, env, returns);
  return compiled.error ? [fieldError.invalid(path, badValue, compiled.error)] : [];
}

function validateValidation(validation: Record<string, unknown>, env: ExpressionEnvironment, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const expression = text(validation.expression);
  if (expression.trim() === '') errors.push(fieldError.required(`${path}.expression`, 'expression is not specified'));
  else errors.push(...compileErrors(expression, env, ['bool'], `${path}.expression`));
  const messageExpression = text(validation.messageExpression);
  if (messageExpression.length > 0 && messageExpression.trim() === '') {
    errors.push(fieldError.invalid(`${path}.messageExpression`, messageExpression, 'must be non-empty if specified'));
  } else if (messageExpression.trim() !== '') {
    errors.push(...compileErrors(messageExpression, env, ['string'], `${path}.messageExpression`));
  }
  return errors;
}

function validateVariables(variables: Record<string, unknown>[], env: ExpressionEnvironment): FieldError[] {
  const errors: FieldError[] = [];
  const compiled = compileVariables(variables, env.hasParams, env.variables!);
  variables.forEach((variable, index) => {
    const path = `spec.variables[${index}]`;
    const name = text(variable.name);
    if (name.trim() === '') errors.push(fieldError.required(`${path}.name`, 'name is not specified'));
    else if (!celIdentifier.test(name) || celReserved.has(name)) errors.push(fieldError.invalid(`${path}.name`, name, 'name is not a valid CEL identifier'));
    const expression = text(variable.expression);
    if (expression.trim() === '') errors.push(fieldError.required(`${path}.expression`, 'expression is not specified'));
    else if (compiled[index]!.expression.error) errors.push(fieldError.invalid(`${path}.expression`, expression, compiled[index]!.expression.error!));
  });
  return errors;
}

/** Field errors of the CEL expressions of a ValidatingAdmissionPolicy, in kube's order. */
export function validatePolicyExpressions(policy: object): FieldError[] {
  const root = policy as Record<string, unknown>;
  const spec = isJsonObject(root.spec) ? root.spec : {};
  const hasParams = paramKindOf(spec) !== undefined;
  const errors: FieldError[] = [];
  items(spec.matchConditions).forEach((condition, index) => {
    const path = `spec.matchConditions[${index}].expression`;
    const expression = text(condition.expression).trim();
    if (expression === '') errors.push(fieldError.required(path, ''));
    else errors.push(...compileErrors(expression, { hasParams }, ['bool'], path));
  });
  const variables = items(spec.variables);
  const env: ExpressionEnvironment = variables.length > 0 ? { hasParams, variables: objectDecl('kubernetes.variables', {}) } : { hasParams };
  if (variables.length > 0) errors.push(...validateVariables(variables, env));
  items(spec.validations).forEach((validation, index) => errors.push(...validateValidation(validation, env, `spec.validations[${index}]`)));
  items(spec.auditAnnotations).forEach((annotation, index) => {
    const path = `spec.auditAnnotations[${index}].valueExpression`;
    const valueExpression = text(annotation.valueExpression);
    if (valueExpression.trim() === '') errors.push(fieldError.required(path, 'valueExpression is not specified'));
    else errors.push(...compileErrors(valueExpression.trim(), env, ['string', 'null_type'], path, valueExpression));
  });
  return errors;
}

/**
 * Field errors of the match conditions' CEL of a Validating- or MutatingWebhookConfiguration
 * (kube's validateMatchConditions for webhooks: no params; `must evaluate to bool` and
 * `compilation failed: ...` at `webhooks[i].matchConditions[j].expression`). Names and required
 * expressions are the kind validation's.
 */
export function validateWebhookMatchConditions(configuration: object): FieldError[] {
  const errors: FieldError[] = [];
  items((configuration as Record<string, unknown>).webhooks).forEach((webhook, webhookIndex) => {
    items(webhook.matchConditions).forEach((condition, index) => {
      const expression = text(condition.expression).trim();
      if (expression !== '') errors.push(...compileErrors(expression, { hasParams: false }, ['bool'], `webhooks[${webhookIndex}].matchConditions[${index}].expression`));
    });
  });
  return errors;
}
