/**
 * validateCustomResourceConversion (apiextensions validation.go, kube v1.32) on the internal
 * conversion, whose webhook fields are flat: errors read `spec.conversion.webhookClientConfig...`
 * and `spec.conversion.conversionReviewVersions`. The caBundle is not checked (kube skips it on
 * create, and on update unless the CRD is established with a valid one: a gap here).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1035Label } from '../../apimachinery/validation/names.js';
import { asNumber, asOptionalText, asRecord, asText } from '../json-values.js';
import type { InternalConversion } from './internal-spec.js';
import { validateWebhookService, validateWebhookURL } from './webhook-client.js';

const acceptedReviewVersions = ['v1', 'v1beta1'];

/** validateEnumStrings with required = true. */
export function validateRequiredEnum(path: string, value: string, accepted: string[]): FieldError[] {
  if (value === '') return [fieldError.required(path)];
  return accepted.includes(value) ? [] : [fieldError.notSupported(path, value, accepted)];
}

/** validateConversionReviewVersions. */
function validateReviewVersions(versions: string[], requireRecognized: boolean, path: string): FieldError[] {
  if (versions.length === 0) return [fieldError.required(path)];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((version, index) => {
    if (seen.has(version)) return errors.push(fieldError.invalid(`${path}[${index}]`, version, 'duplicate version'));
    seen.add(version);
    return errors.push(...isDNS1035Label(version).map((problem) => fieldError.invalid(`${path}[${index}]`, version, problem)));
  });
  if (requireRecognized && !versions.some((version) => acceptedReviewVersions.includes(version))) {
    errors.push(fieldError.invalid(path, versions, `must include at least one of ${acceptedReviewVersions.join(', ')}`));
  }
  return errors;
}

/** True when the list is empty or names a ConversionReview version kube understands. */
export function hasValidReviewVersionOrEmpty(versions: string[] | undefined): boolean {
  return !versions || versions.length === 0 || versions.some((version) => acceptedReviewVersions.includes(version));
}

function validateClientConfig(clientConfig: Record<string, unknown>, path: string): FieldError[] {
  const url = asOptionalText(clientConfig.url);
  const service = asRecord(clientConfig.service);
  if ((url === undefined) === (service === undefined)) return [fieldError.required(path, 'exactly one of url or service is required')];
  if (url !== undefined) return validateWebhookURL(`${path}.url`, url);
  return validateWebhookService(`${path}.service`, asText(service!.namespace), asText(service!.name), asOptionalText(service!.path), asNumber(service!.port) ?? 0);
}

/** validateCustomResourceConversion. */
export function validateConversion(conversion: InternalConversion | undefined, requireRecognized: boolean, path: string): FieldError[] {
  if (!conversion) return [];
  const errors = validateRequiredEnum(`${path}.strategy`, conversion.strategy, ['None', 'Webhook']);
  const clientConfigPath = `${path}.webhookClientConfig`;
  if (conversion.strategy === 'Webhook') {
    if (!conversion.webhookClientConfig) errors.push(fieldError.required(clientConfigPath, 'required when strategy is set to Webhook'));
    else errors.push(...validateClientConfig(conversion.webhookClientConfig, clientConfigPath));
    errors.push(...validateReviewVersions(conversion.conversionReviewVersions ?? [], requireRecognized, `${path}.conversionReviewVersions`));
    return errors;
  }
  if (conversion.webhookClientConfig) errors.push(fieldError.forbidden(clientConfigPath, 'should not be set when strategy is not set to Webhook'));
  if ((conversion.conversionReviewVersions ?? []).length > 0) {
    errors.push(fieldError.forbidden(`${path}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
  }
  return errors;
}
