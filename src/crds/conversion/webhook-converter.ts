/**
 * Converts one custom resource to another version of its CRD through the CRD's conversion
 * webhook, as kube v1.32's webhookConverter does for a single object: one ConversionReview
 * (v1 or v1beta1, the first of conversionReviewVersions kube speaks) POSTed with client-go's
 * 30 s timeout to `clientConfig.url`, or to the service it names where this server reaches it
 * (webhooks/service-url.ts); the answer checked as kube checks it. Failures are ConversionErrors
 * with kube's texts (`conversion webhook for example.com/v1, Kind=Widget failed: ...`).
 */
import type { ConversionWebhookConfig } from '../../api/catalog.js';
import type { ClusterContext } from '../../cluster/context.js';
import {
  acceptConverted, ConversionError, conversionFailed, conversionReview, convertedObjectsOf, reviewVersionOf,
} from '../../kinds/apiextensions/conversion-review.js';
import { postFailure, postReview, WebhookCallError, webhookCallUrl, type WebhookFetch, type WebhookTarget } from '../../webhooks/post.js';
import { resolveServiceUrl, serviceDnsUrl } from '../../webhooks/service-url.js';

type JsonRecord = Record<string, unknown>;

/** client-go's default timeout for the conversion webhook's rest client (`?timeout=30s`). */
const timeoutSeconds = 30;
/** What that client's timeout reads (http.Client.Timeout, recorded from kube). */
const timeoutText = 'net/http: request canceled (Client.Timeout exceeded while awaiting headers)';

/** Converts `object` to `desiredAPIVersion`; the object as it is when it is in that version already. */
export type ObjectConverter = (object: JsonRecord, desiredAPIVersion: string) => Promise<JsonRecord>;

/** Where the webhook is called: its url, or its service resolved now (a failure text if it cannot be). */
async function targetOf(cluster: ClusterContext, config: ConversionWebhookConfig): Promise<WebhookTarget | WebhookCallError> {
  const { url, service } = config.clientConfig;
  if (url !== undefined) return { base: url, timeoutSeconds, timeoutText };
  if (!service) return new WebhookCallError('webhook clientConfig has neither url nor service');
  const named = serviceDnsUrl(service);
  const base = await resolveServiceUrl(cluster, service);
  if (typeof base === 'string') return { base, timeoutSeconds, timeoutText, shownBase: named };
  return postFailure(webhookCallUrl({ base: named, timeoutSeconds }), base.error);
}

/** The converter of a CRD with this webhook. */
export function webhookConverter(cluster: ClusterContext, config: ConversionWebhookConfig, fetch: WebhookFetch = globalThis.fetch): ObjectConverter {
  return async (object, desiredAPIVersion) => {
    if (object.apiVersion === desiredAPIVersion) return object;
    const version = reviewVersionOf(config.conversionReviewVersions);
    if (!version) throw new ConversionError('no supported conversion review versions');
    const target = await targetOf(cluster, config);
    if (target instanceof WebhookCallError) throw conversionFailed(object, target.reason);
    const uid = crypto.randomUUID();
    let answered: unknown[];
    try {
      const answer = await postReview(target, conversionReview(version, uid, desiredAPIVersion, [object]), fetch);
      answered = convertedObjectsOf(version, uid, answer);
    } catch (error) {
      if (error instanceof WebhookCallError) throw conversionFailed(object, error.reason);
      throw conversionFailed(object, (error as Error).message);
    }
    return acceptConverted(object, desiredAPIVersion, answered);
  };
}
