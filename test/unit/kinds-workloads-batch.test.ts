// batch/v1 Job and CronJob semantics (src/kinds/workloads), kube v1.32, and the robfig/cron v3
// schedule parser kube validates CronJob schedules with. Cases follow
// pkg/apis/batch/validation/validation_test.go, pkg/registry/batch/job/strategy_test.go and
// robfig/cron's parser_test.go.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fieldErrorText, type FieldError } from '../../src/apimachinery/field-errors.js';
import type { KubeObject } from '../../src/apimachinery/object.js';
import type { KindSemantics } from '../../src/kinds/types.js';
import { cronScheduleError } from '../../src/kinds/workloads/cron-schedule.js';
import { workloadKinds } from '../../src/kinds/workloads/index.js';

const texts = (errors: FieldError[]) => errors.map(fieldErrorText);
const semantics = (kind: string): KindSemantics => workloadKinds[`batch/${kind}`]!;

/** Decode-time defaulting, the uid our pipeline assigns, then PrepareForCreate. */
function create(kind: string, object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  semantics(kind).default?.(copy);
  copy.metadata.uid ??= 'u1';
  semantics(kind).prepareForCreate?.(copy);
  return copy;
}

const createErrors = (kind: string, object: KubeObject) => texts(semantics(kind).validate!(create(kind, object)));

function updateErrors(kind: string, stored: KubeObject, edit: (object: KubeObject) => void): string[] {
  const next = structuredClone(stored);
  edit(next);
  semantics(kind).default?.(next);
  semantics(kind).prepareForUpdate?.(next, stored);
  return texts(semantics(kind).validateUpdate!(next, stored));
}

const podTemplate = (spec: Record<string, unknown> = {}, labels?: Record<string, string>) => ({
  ...(labels ? { metadata: { labels } } : {}),
  spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }], ...spec },
});

const job = (spec: Record<string, unknown> = {}, name = 'j'): KubeObject => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'ns' }, spec: { template: podTemplate(), ...spec },
});

const generatedLabels = {
  'batch.kubernetes.io/controller-uid': 'u1', 'batch.kubernetes.io/job-name': 'j', 'controller-uid': 'u1', 'job-name': 'j',
};

describe('Job defaults and generated selector', () => {
  it('defaults as SetDefaults_Job and generates selector and labels from the uid', () => {
    const object = create('Job', job());
    const { template, ...spec } = object.spec as Record<string, unknown>;
    expect(spec).toEqual({
      parallelism: 1, completions: 1, backoffLimit: 6, selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'u1' } },
      manualSelector: false, completionMode: 'NonIndexed', suspend: false, podReplacementPolicy: 'TerminatingOrFailed',
    });
    expect(Object.keys(object.spec as object)).toEqual([
      'parallelism', 'completions', 'backoffLimit', 'selector', 'manualSelector', 'template', 'completionMode', 'suspend', 'podReplacementPolicy',
    ]);
    expect((template as { metadata: unknown }).metadata).toEqual({ creationTimestamp: null, labels: generatedLabels });
    expect(object.metadata.labels).toEqual(generatedLabels);
    expect(object.status).toEqual({});
    expect(semantics('Job').validate!(object)).toEqual([]);
  });

  it('keeps parallelism-only jobs without completions; per-index limits make backoffLimit MaxInt32', () => {
    const object = create('Job', job({ parallelism: 3, completionMode: 'Indexed', completions: 3, backoffLimitPerIndex: 1 }));
    expect(object.spec).toMatchObject({ parallelism: 3, completions: 3, backoffLimit: 2147483647 });
    expect((create('Job', job({ parallelism: 3 })).spec as Record<string, unknown>).completions).toBeUndefined();
  });

  it('defaults podReplacementPolicy to Failed with a podFailurePolicy, and condition status to True', () => {
    const policy = { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] };
    const object = create('Job', job({ podFailurePolicy: policy }));
    expect(object.spec).toMatchObject({
      podReplacementPolicy: 'Failed', podFailurePolicy: { rules: [{ onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }] },
    });
  });

  it('leaves the selector alone with manualSelector', () => {
    const object = create('Job', job({ manualSelector: true, selector: { matchLabels: { a: 'b' } }, template: podTemplate({}, { a: 'b' }) }));
    expect((object.spec as { selector: unknown }).selector).toEqual({ matchLabels: { a: 'b' } });
    expect(semantics('Job').validate!(object)).toEqual([]);
  });
});

describe('Job validation', () => {
  it.each<[string, KubeObject, string[]]>([
    ['restartPolicy defaults to Always, which a Job refuses', job({ template: { spec: { containers: [{ name: 'c', image: 'i' }] } } }), [
      'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    ]],
    ['manual selector must select the template', job({ manualSelector: true, selector: { matchLabels: { x: 'y' } }, template: podTemplate({}, { a: 'b' }) }), [
      'spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels`',
    ]],
    ['a user selector on the uid label must be the uid', job({ selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'other' } } }), [
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"batch.kubernetes.io/controller-uid":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` not auto-generated',
      'spec.template.metadata.labels: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"u1", "batch.kubernetes.io/job-name":"j", "controller-uid":"u1", "job-name":"j"}: `selector` does not match template `labels`',
    ]],
    ['a user job-name label must be the name', job({ template: podTemplate({}, { 'job-name': 'x' }) }), [
      "spec.template.metadata.labels[job-name]: Invalid value: map[string]string{\"batch.kubernetes.io/controller-uid\":\"u1\", \"batch.kubernetes.io/job-name\":\"j\", \"controller-uid\":\"u1\", \"job-name\":\"x\"}: must be 'j'",
    ]],
    ['negative counts', job({ parallelism: -1, completions: -2, activeDeadlineSeconds: -3, backoffLimit: -4, ttlSecondsAfterFinished: -5 }), [
      'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
      'spec.completions: Invalid value: -2: must be greater than or equal to 0',
      'spec.activeDeadlineSeconds: Invalid value: -3: must be greater than or equal to 0',
      'spec.backoffLimit: Invalid value: -4: must be greater than or equal to 0',
      'spec.ttlSecondsAfterFinished: Invalid value: -5: must be greater than or equal to 0',
    ]],
    ['Indexed needs completions', job({ completionMode: 'Indexed', parallelism: 2 }), ['spec.completions: Required value: when completion mode is Indexed']],
    ['unknown completion mode', job({ completionMode: 'Sometimes' }), [
      'spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"',
    ]],
    ['per-index limits need Indexed', job({ backoffLimitPerIndex: 1, maxFailedIndexes: 1 }), [
      'spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode',
      'spec.maxFailedIndexes: Invalid value: 1: requires indexed completion mode',
    ]],
    ['Indexed pod hostnames must be DNS labels', job({ completionMode: 'Indexed', completions: 10 }, 'a'.repeat(62)), [
      `metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-9`,
    ]],
    ['managedBy is a domain-prefixed path', job({ managedBy: 'kueue' }), [
      'spec.managedBy: Invalid value: "kueue": must be a domain-prefixed path (such as "acme.io/foo")',
    ]],
    ['pod failure policy rules', job({ podFailurePolicy: { rules: [{}, { action: 'FailJob', onExitCodes: { operator: 'In', values: [0, 3, 2, 2] } }] } }), [
      'spec.podFailurePolicy.rules[0].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"]',
      'spec.podFailurePolicy.rules[0]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required',
      'spec.podFailurePolicy.rules[1].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator',
      'spec.podFailurePolicy.rules[1].onExitCodes.values[3]: Duplicate value: 2',
      'spec.podFailurePolicy.rules[1].onExitCodes.values: Invalid value: []int32{0, 3, 2, 2}: must be ordered',
    ]],
    ['podFailurePolicy needs restartPolicy Never', job({
      podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] },
      template: podTemplate({ restartPolicy: 'OnFailure' }),
    }), ['spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified']],
    ['podReplacementPolicy with a podFailurePolicy', job({
      podFailurePolicy: { rules: [{ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }] }, podReplacementPolicy: 'TerminatingOrFailed',
    }), ['spec.podReplacementPolicy: Unsupported value: "TerminatingOrFailed": supported values: "Failed"']],
    ['successPolicy needs Indexed', job({ successPolicy: { rules: [{ succeededCount: 1 }] } }), [
      'spec.successPolicy: Invalid value: batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{batch.SuccessPolicyRule{SucceededIndexes:(*string)(nil), SucceededCount:(*int32)(0xc000000000)}}}: requires indexed completion mode',
    ]],
    ['successPolicy indexes', job({ completionMode: 'Indexed', completions: 5, successPolicy: { rules: [{ succeededIndexes: '3-1' }, { succeededIndexes: '0,7' }] } }), [
      'spec.successPolicy.rules[0].succeededIndexes: Invalid value: "3-1": error parsing succeededIndexes: non-increasing order, previous: 3, current: 1',
      'spec.successPolicy.rules[1].succeededIndexes: Invalid value: "0,7": error parsing succeededIndexes: too large index: "7"',
    ]],
  ])('%s', (_name, object, want) => {
    expect(createErrors('Job', object)).toEqual(want);
  });
});

describe('Job update', () => {
  const stored = create('Job', job());

  it('reports spec errors twice, as ValidateJob and ValidateJobUpdate both validate the spec', () => {
    expect(updateErrors('Job', stored, (next) => { (next.spec as Record<string, unknown>).parallelism = -1; })).toEqual([
      'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
      'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });

  it('keeps completions and the template immutable', () => {
    const errors = updateErrors('Job', stored, (next) => {
      const spec = next.spec as { completions: number; template: { spec: Record<string, unknown> } };
      spec.completions = 2;
      spec.template.spec.nodeSelector = { zone: 'a' };
    });
    expect(errors).toEqual(['spec.completions: Invalid value: 2: field is immutable', expect.stringMatching(/^spec\.template: Invalid value: .*: field is immutable$/)]);
  });

  it('lets a suspended job that never started change scheduling directives', () => {
    const suspended = create('Job', job({ suspend: true }));
    expect(updateErrors('Job', suspended, (next) => {
      (next.spec as { template: { spec: Record<string, unknown> } }).template.spec.nodeSelector = { zone: 'a' };
    })).toEqual([]);
  });

  it('lets Indexed jobs scale completions with parallelism', () => {
    const indexed = create('Job', job({ completionMode: 'Indexed', completions: 2, parallelism: 2 }));
    expect(updateErrors('Job', indexed, (next) => Object.assign(next.spec as object, { completions: 4, parallelism: 4 }))).toEqual([]);
    expect(updateErrors('Job', indexed, (next) => Object.assign(next.spec as object, { completions: 4 }))).toEqual([
      'spec.completions: Invalid value: 4: can only be modified in tandem with spec.parallelism',
    ]);
  });
});

describe('cron schedules (robfig/cron v3 ParseStandard)', () => {
  it.each([
    ['*/5 * * * *'], ['0 0 * JAN-mar mon-FRI'], ['? * * * *'], ['@hourly'], ['@every 1h30m'], ['5,10-20/2 * * * *'], ['TZ=UTC 0 * * * *'],
  ])('accepts %s', (schedule) => {
    expect(cronScheduleError(schedule)).toBeUndefined();
  });

  it.each([
    ['* * *', 'expected exactly 5 fields, found 3: [* * *]'],
    ['* * * * * *', 'expected exactly 5 fields, found 6: [* * * * * *]'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['* * * * 7', 'end of range (7) above maximum (6): 7'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['5-2 * * * *', 'beginning of range (5) beyond end of range (2): 5-2'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['*/5/2 * * * *', 'too many slashes: */5/2'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['-1 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['@every 5x', 'failed to parse duration @every 5x: time: unknown unit "x" in duration "5x"'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['TZ=Nowhere/City * * * * *', 'provided bad location Nowhere/City: unknown time zone Nowhere/City'],
  ])('%s', (schedule, want) => {
    expect(cronScheduleError(schedule)).toBe(want);
  });
});

describe('CronJob', () => {
  const cronJob = (spec: Record<string, unknown> = {}, name = 'cj'): KubeObject => ({
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name, namespace: 'ns' },
    spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: podTemplate() } }, ...spec },
  });

  it('defaults as SetDefaults_CronJob, with null creationTimestamps in both templates and no Job defaults', () => {
    const golden = JSON.parse(readFileSync('reference/golden/kube-v1.32.13/205-table-cronjobs.json', 'utf8'));
    const object = create('CronJob', golden.request.createdWith);
    const spec = object.spec as Record<string, unknown>;
    expect(Object.keys(spec)).toEqual(['schedule', 'concurrencyPolicy', 'suspend', 'jobTemplate', 'successfulJobsHistoryLimit', 'failedJobsHistoryLimit']);
    expect(spec).toMatchObject({ concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    const jobTemplate = spec.jobTemplate as { metadata: unknown; spec: Record<string, unknown> };
    expect(jobTemplate.metadata).toEqual({ creationTimestamp: null });
    expect(Object.keys(jobTemplate.spec)).toEqual(['template']);
    expect((jobTemplate.spec.template as { metadata: unknown }).metadata).toEqual({ creationTimestamp: null });
    expect(semantics('CronJob').validate!(object)).toEqual([]);
  });

  it.each<[string, KubeObject, string[]]>([
    ['schedule required', cronJob({ schedule: '' }), ['spec.schedule: Required value']],
    ['schedule parsed', cronJob({ schedule: '* * *' }), ['spec.schedule: Invalid value: "* * *": expected exactly 5 fields, found 3: [* * *]']],
    ['TZ in the schedule', cronJob({ schedule: 'TZ=UTC * * * * *' }), [
      'spec.schedule: Invalid value: "TZ=UTC * * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    ]],
    ['a known time zone', cronJob({ timeZone: 'America/New_York' }), []],
    ['unknown time zone', cronJob({ timeZone: 'Mars/Olympus' }), ['spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus']],
    ['time zone names are case-sensitive', cronJob({ timeZone: 'america/new_york' }), [
      'spec.timeZone: Invalid value: "america/new_york": unknown time zone america/new_york',
    ]],
    ['Local', cronJob({ timeZone: 'Local' }), [
      'spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones',
    ]],
    ['empty time zone', cronJob({ timeZone: '' }), ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']],
    ['concurrency policy', cronJob({ concurrencyPolicy: 'Sometimes' }), [
      'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
    ]],
    ['history limits', cronJob({ successfulJobsHistoryLimit: -1, startingDeadlineSeconds: -2 }), [
      'spec.startingDeadlineSeconds: Invalid value: -2: must be greater than or equal to 0',
      'spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0',
    ]],
    ['job template selector and manualSelector', cronJob({ jobTemplate: { spec: { template: podTemplate(), selector: { matchLabels: { a: 'b' } }, manualSelector: true } } }), [
      'spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated',
      'spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"',
    ]],
    ['job template restart policy', cronJob({ jobTemplate: { spec: { template: podTemplate({ restartPolicy: 'Always' }) } } }), [
      'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
    ]],
    ['name at most 52 characters', cronJob({}, 'a'.repeat(53)), [`metadata.name: Invalid value: "${'a'.repeat(53)}": must be no more than 52 characters`]],
  ])('%s', (_name, object, want) => {
    expect(createErrors('CronJob', object)).toEqual(want);
  });

  it('does not check the name length on update, and allows TZ where it already was', () => {
    const stored = create('CronJob', cronJob({}, 'a'.repeat(53)));
    (stored.spec as Record<string, unknown>).schedule = 'TZ=UTC * * * * *';
    expect(updateErrors('CronJob', stored, () => {})).toEqual([]);
  });
});
