/**
 * Jobs and cron jobs (printJob, printCronJob). v1.30 added the Job STATUS and CronJob TIMEZONE
 * columns, which v1.26 (the golden recordings) does not have.
 */
import { humanDuration } from '../human-duration.js';
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, hasField, listAt, numberAt, optionalNumberAt, optionalStringAt, stringAt, valueAt, wideColumn } from './fields.js';
import {
  ageOf, booleanPointerText, containerCells, containersDescription, formatLabelSelector, imagesDescription, nameOf, since, timeOf,
} from './format.js';

const jobSelectorDescription = 'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors';

/** kube's printJob. */
export const jobPrinter: Printer = {
  columns: [
    nameColumn,
    column('Status', 'Status of the job.'),
    column('Completions', 'The number of pods which reached phase Succeeded.'),
    column('Duration', 'Time required to complete the job.'),
    ageColumn,
    wideColumn('Containers', containersDescription),
    wideColumn('Images', imagesDescription),
    wideColumn('Selector', jobSelectorDescription),
  ],
  cells: (job, now) => [
    nameOf(job), jobStatus(job), completions(job), jobDuration(job, now), ageOf(job, now),
    ...containerCells(valueAt(job, 'spec', 'template', 'spec')), formatLabelSelector(valueAt(job, 'spec', 'selector')),
  ],
};

/** kube's printCronJob. */
export const cronJobPrinter: Printer = {
  columns: [
    nameColumn,
    column('Schedule', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
    column('Timezone', 'The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will default to the time zone of the kube-controller-manager process. The set of valid time zone names and the time zone offset is loaded from the system-wide time zone database by the API server during CronJob validation and the controller manager during execution. If no system-wide time zone database can be found a bundled version of the database is used instead. If the time zone name becomes invalid during the lifetime of a CronJob or due to a change in host configuration, the controller will stop creating new new Jobs and will create a system event with the reason UnknownTimeZone. More information can be found in https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#time-zones'),
    column('Suspend', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.', 'boolean'),
    column('Active', 'A list of pointers to currently running jobs.', 'integer'),
    column('Last Schedule', 'Information when was the last time the job was successfully scheduled.'),
    ageColumn,
    wideColumn('Containers', containersDescription),
    wideColumn('Images', imagesDescription),
    wideColumn('Selector', jobSelectorDescription),
  ],
  // The Suspend column is typed boolean, but kube fills it with the strings True, False or <unset>.
  cells: (cronJob, now) => {
    const jobSpec = valueAt(cronJob, 'spec', 'jobTemplate', 'spec');
    return [
      nameOf(cronJob), stringAt(cronJob, 'spec', 'schedule'), optionalStringAt(cronJob, 'spec', 'timeZone') ?? '<none>',
      booleanPointerText(valueAt(cronJob, 'spec', 'suspend')), listAt(cronJob, 'status', 'active').length, lastSchedule(cronJob, now),
      ageOf(cronJob, now), ...containerCells(valueAt(jobSpec, 'template', 'spec')), formatLabelSelector(valueAt(jobSpec, 'selector')),
    ];
  },
};

/**
 * The first condition that holds, in kube's order: Complete, Failed, then Terminating for a
 * deleted job, Suspended, FailureTarget; Running otherwise. (SuccessCriteriaMet is v1.34.)
 */
function jobStatus(job: unknown): string {
  if (hasJobCondition(job, 'Complete')) return 'Complete';
  if (hasJobCondition(job, 'Failed')) return 'Failed';
  if (hasField(job, 'metadata', 'deletionTimestamp')) return 'Terminating';
  if (hasJobCondition(job, 'Suspended')) return 'Suspended';
  if (hasJobCondition(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** hasJobCondition: the first condition of the type decides, True or not. */
function hasJobCondition(job: unknown, type: string): boolean {
  const condition = listAt(job, 'status', 'conditions').find((item) => stringAt(item, 'type') === type);
  return condition !== undefined && stringAt(condition, 'status') === 'True';
}

/** `succeeded/completions`; without completions, `succeeded/1` or `succeeded/1 of parallelism`. */
function completions(job: unknown): string {
  const succeeded = numberAt(job, 'status', 'succeeded');
  const wanted = optionalNumberAt(job, 'spec', 'completions');
  if (wanted !== undefined) return `${succeeded}/${wanted}`;
  const parallelism = numberAt(job, 'spec', 'parallelism');
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** '' before the job starts, the time since its start while it runs, start to completion after. */
function jobDuration(job: unknown, now: Date): string {
  const start = valueAt(job, 'status', 'startTime');
  const startTime = timeOf(start);
  if (startTime === undefined) return '';
  const completion = timeOf(valueAt(job, 'status', 'completionTime'));
  if (completion === undefined) return since(start, now);
  return humanDuration(completion - startTime);
}

function lastSchedule(cronJob: unknown, now: Date): string {
  const time = valueAt(cronJob, 'status', 'lastScheduleTime');
  return time === undefined || time === null ? '<none>' : since(time, now);
}
