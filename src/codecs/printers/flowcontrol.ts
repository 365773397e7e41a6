/**
 * flowcontrol.apiserver.k8s.io printers of kube's pkg/printers/internalversion/printers.go:
 * printFlowSchema (rows in FlowSchemaSequence order: matching precedence, then name) and
 * printPriorityLevelConfiguration. Numbers are cells of type string holding integers, as kube's.
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, hasField, listAt, numberAt, stringAt } from './fields.js';
import { ageOf, nameOf } from './format.js';

const none = '<none>';

/** The Dangling condition's status: whether the priority level it names is missing ("?" before the controller looked). */
function missingPriorityLevel(flowSchema: unknown): string {
  const dangling = listAt(flowSchema, 'status', 'conditions').find((condition) => stringAt(condition, 'type') === 'Dangling');
  return dangling === undefined ? '?' : stringAt(dangling, 'status');
}

export const flowSchemaPrinter: Printer = {
  columns: [
    nameColumn,
    column('PriorityLevel', '`name` is the name of the priority level configuration being referenced Required.'),
    column('MatchingPrecedence', '`matchingPrecedence` is used to choose among the FlowSchemas that match a given request. The chosen FlowSchema is among those with the numerically lowest (which we take to be logically highest) MatchingPrecedence.  Each MatchingPrecedence value must be ranged in [1,10000]. Note that if the precedence is not specified, it will be set to 1000 as default.'),
    column('DistinguisherMethod', '`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema. `nil` specifies that the distinguisher is disabled and thus will always be the empty string.'),
    ageColumn,
    column('MissingPL', 'references a broken or non-existent PriorityLevelConfiguration'),
  ],
  cells: (flowSchema, now) => [
    nameOf(flowSchema),
    stringAt(flowSchema, 'spec', 'priorityLevelConfiguration', 'name'),
    numberAt(flowSchema, 'spec', 'matchingPrecedence'),
    hasField(flowSchema, 'spec', 'distinguisherMethod') ? stringAt(flowSchema, 'spec', 'distinguisherMethod', 'type') : none,
    ageOf(flowSchema, now),
    missingPriorityLevel(flowSchema),
  ],
  order: (flowSchemas) => [...flowSchemas].sort(byPrecedence),
};

/** apihelpers.FlowSchemaSequence: matching precedence, then name. */
function byPrecedence(left: KubeObject, right: KubeObject): number {
  const precedence = numberAt(left, 'spec', 'matchingPrecedence') - numberAt(right, 'spec', 'matchingPrecedence');
  return precedence || compareGoStrings(nameOf(left), nameOf(right));
}

export const priorityLevelConfigurationPrinter: Printer = {
  columns: [
    nameColumn,
    column('Type', '`type` indicates whether this priority level is subject to limitation on request execution.  A value of `"Exempt"` means that requests of this priority level are not subject to a limit (and thus are never queued) and do not detract from the capacity made available to other priority levels.  A value of `"Limited"` means that (a) requests of this priority level _are_ subject to limits and (b) some of the server\'s limited capacity is made available exclusively to this priority level. Required.'),
    column('NominalConcurrencyShares', '`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level. This is the number of execution seats available at this priority level. This is used both for requests dispatched from this priority level as well as requests dispatched from other priority levels borrowing seats from this level. The server\'s concurrency limit (ServerCL) is divided among the Limited priority levels in proportion to their NCS values:\n\nNominalCL(i)  = ceil( ServerCL * NCS(i) / sum_ncs ) sum_ncs = sum[priority level k] NCS(k)\n\nBigger numbers mean a larger nominal concurrency limit, at the expense of every other priority level.\n\nIf not specified, this field defaults to a value of 30.\n\nSetting this field to zero supports the construction of a "jail" for this priority level that is used to hold some request(s)'),
    column('Queues', '`queues` is the number of queues for this priority level. The queues exist independently at each apiserver. The value must be positive.  Setting it to 1 effectively precludes shufflesharding and thus makes the distinguisher method of associated flow schemas irrelevant.  This field has a default value of 64.'),
    column('HandSize', '`handSize` is a small positive number that configures the shuffle sharding of requests into queues.  When enqueuing a request at this priority level the request\'s flow identifier (a string pair) is hashed and the hash value is used to shuffle the list of queues and deal a hand of the size specified here.  The request is put into one of the shortest queues in that hand. `handSize` must be no larger than `queues`, and should be significantly smaller (so that a few heavy flows do not saturate most of the queues).  See the user-facing documentation for more extensive guidance on setting this field.  This field has a default value of 8.'),
    column('QueueLengthLimit', '`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time; excess requests are rejected.  This value must be positive.  If not specified, it will be defaulted to 50.'),
    ageColumn,
  ],
  cells: (level, now) => {
    const limited = hasField(level, 'spec', 'limited');
    const queuing = limited && hasField(level, 'spec', 'limited', 'limitResponse', 'queuing');
    const queue = (field: string) => (queuing ? numberAt(level, 'spec', 'limited', 'limitResponse', 'queuing', field) : none);
    return [
      nameOf(level),
      stringAt(level, 'spec', 'type'),
      limited ? numberAt(level, 'spec', 'limited', 'nominalConcurrencyShares') : none,
      queue('queues'),
      queue('handSize'),
      queue('queueLengthLimit'),
      ageOf(level, now),
    ];
  },
};
