/**
 * batch/v1 CronJob: SetDefaults_CronJob (pkg/apis/batch/v1/defaults.go), ValidateCronJobCreate /
 * ValidateCronJobUpdate (pkg/apis/batch/validation/validation.go) and
 * pkg/registry/batch/cronjob/strategy.go, kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { loadLocationError } from '../../apimachinery/go-time.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { byteLength } from '../../apimachinery/validation/names.js';
import { orderedMeta, type KubeObject } from '../../apimachinery/object.js';
import { asNumber, asOptionalText, asRecord, asText, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { cronScheduleError } from './cron-schedule.js';
import { goLabelSelector } from '../shared/go-literals.js';
import { jobSpecOrder, validateJobSpecFields } from './job-spec.js';
import { defaultPodTemplate } from './pod-template.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

const specOrder = [
  'schedule', 'timeZone', 'startingDeadlineSeconds', 'concurrencyPolicy', 'suspend', 'jobTemplate', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit',
];

/**
 * SetDefaults_CronJob, plus what the generated defaulter applies inside jobTemplate: the pod
 * template's defaults, and `creationTimestamp: null` on both embedded ObjectMetas. SetDefaults_Job
 * does not run on a jobTemplate, so its spec gets no completions, backoffLimit, ...
 */
export function defaultCronJob(object: KubeObject): void {
  const spec = specForWrite(object);
  if (!spec.concurrencyPolicy) spec.concurrencyPolicy = 'Allow';
  setDefault(spec, 'suspend', false);
  setDefault(spec, 'successfulJobsHistoryLimit', 3);
  setDefault(spec, 'failedJobsHistoryLimit', 1);
  const jobTemplate = ensureRecord(spec, 'jobTemplate');
  jobTemplate.metadata = orderedMeta({ creationTimestamp: null, ...asRecord(jobTemplate.metadata) });
  const jobSpec = ensureRecord(jobTemplate, 'spec');
  defaultPodTemplate(jobSpec);
  orderKeys(jobSpec, jobSpecOrder);
  orderKeys(jobTemplate, ['metadata', 'spec']);
  orderKeys(spec, specOrder);
}

/** validateCronJobSpec: schedule, deadlines, time zone, concurrency, the job template, history limits. */
export function validateCronJobSpec(spec: JsonRecord, oldSpec: JsonRecord | undefined, path: string): FieldError[] {
  const schedule = asText(spec.schedule);
  const timeZone = asOptionalText(spec.timeZone);
  const errors: FieldError[] = [];
  if (schedule.length === 0) errors.push(fieldError.required(`${path}.schedule`));
  else errors.push(...validateSchedule(schedule, oldSpec !== undefined && asText(oldSpec.schedule).includes('TZ'), timeZone, `${path}.schedule`));
  errors.push(...validateNonNegativeField(asNumber(spec.startingDeadlineSeconds), `${path}.startingDeadlineSeconds`));
  if (oldSpec === undefined || asOptionalText(oldSpec.timeZone) !== timeZone) errors.push(...validateTimeZone(timeZone, `${path}.timeZone`));
  errors.push(...validateConcurrencyPolicy(asText(spec.concurrencyPolicy), `${path}.concurrencyPolicy`));
  errors.push(...validateJobTemplateSpec(asRecord(spec.jobTemplate) ?? {}, `${path}.jobTemplate`));
  errors.push(...validateNonNegativeField(asNumber(spec.successfulJobsHistoryLimit), `${path}.successfulJobsHistoryLimit`));
  errors.push(...validateNonNegativeField(asNumber(spec.failedJobsHistoryLimit), `${path}.failedJobsHistoryLimit`));
  return errors;
}

/** validateScheduleFormat: robfig/cron parses it; TZ in the schedule only where it already was. */
function validateSchedule(schedule: string, allowTimeZoneInSchedule: boolean, timeZone: string | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const parseError = cronScheduleError(schedule);
  if (parseError) errors.push(fieldError.invalid(path, schedule, parseError));
  const mentionsTimeZone = schedule.includes('TZ');
  if (allowTimeZoneInSchedule && mentionsTimeZone && timeZone !== undefined) {
    errors.push(fieldError.invalid(path, schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTimeZoneInSchedule && mentionsTimeZone) {
    errors.push(fieldError.invalid(path, schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errors;
}

const timeZonePart = /^[A-Za-z.\-_0-9+]{1,14}$/;

/** validateTimeZone: an IANA name of plausible parts, not Local, known to the time zone database. */
function validateTimeZone(timeZone: string | undefined, path: string): FieldError[] {
  if (timeZone === undefined) return [];
  if (timeZone.length === 0) return [fieldError.invalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  const badPart = timeZone.split('/').some((part) => part === '.' || part === '..' || part.startsWith('-') || !timeZonePart.test(part));
  if (badPart) return [fieldError.invalid(path, timeZone, `unknown time zone ${timeZone}`)];
  const errors: FieldError[] = [];
  if (timeZone.toLowerCase() === 'local') {
    errors.push(fieldError.invalid(path, timeZone, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'));
  }
  const loadError = loadLocationError(timeZone);
  if (loadError) errors.push(fieldError.invalid(path, timeZone, loadError));
  return errors;
}

function validateConcurrencyPolicy(policy: string, path: string): FieldError[] {
  if (policy === 'Allow' || policy === 'Forbid' || policy === 'Replace') return [];
  if (policy === '') return [fieldError.required(path)];
  return [fieldError.notSupported(path, policy, ['Allow', 'Forbid', 'Replace'])];
}

/** ValidateJobTemplateSpec: a valid job spec whose selector kube will generate. */
function validateJobTemplateSpec(jobTemplate: JsonRecord, path: string): FieldError[] {
  const spec = asRecord(jobTemplate.spec) ?? {};
  const errors = validateJobSpecFields(spec, `${path}.spec`);
  if (asRecord(spec.selector)) errors.push(fieldError.invalid(`${path}.spec.selector`, goLabelSelector(spec.selector), '`selector` will be auto-generated'));
  if (spec.manualSelector === true) errors.push(fieldError.notSupported(`${path}.spec.manualSelector`, true, ['nil', 'false']));
  return errors;
}

/**
 * ValidateCronJobCreate's extra name rule: the controller appends an 11-character suffix to make
 * Job names, which must stay within 63. Not checked on update, so old long names stay usable.
 */
function validateCronJobCreate(object: KubeObject): FieldError[] {
  const errors = validateCronJobSpec(specOf(object), undefined, 'spec');
  const name = object.metadata.name ?? '';
  if (byteLength(name) > 52) errors.push(fieldError.invalid('metadata.name', name, 'must be no more than 52 characters'));
  return errors;
}

export const cronJobSemantics: KindSemantics = {
  default: defaultCronJob,
  prepareForCreate: (object) => resetStatus(object),
  prepareForUpdate: keepStatus,
  validate: validateCronJobCreate,
  validateUpdate: (object, old) => validateCronJobSpec(specOf(object), specOf(old), 'spec'),
};
