/** Admission webhook configurations (printMutatingWebhook, printValidatingWebhook). */
import { ageColumn, nameColumn, type Printer } from '../printer.js';
import { column, listAt } from './fields.js';
import { ageOf, nameOf } from './format.js';

/** kube's printMutatingWebhook and printValidatingWebhook: the number of webhooks. */
export const webhookConfigurationPrinter: Printer = {
  columns: [nameColumn, column('Webhooks', 'Webhooks indicates the number of webhooks registered in this configuration', 'integer'), ageColumn],
  cells: (configuration, now) => [nameOf(configuration), listAt(configuration, 'webhooks').length, ageOf(configuration, now)],
};
