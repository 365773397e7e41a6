/**
 * An issuer's signing keys, fetched over HTTPS and kept per isolate (go-oidc's NewProvider and
 * remoteKeySet, as kube's JWT authenticator uses them): the discovery document
 * (`<url>/.well-known/openid-configuration`, or `discoveryURL`) must name the configured issuer;
 * its `jwks_uri` is fetched and cached. A token whose key is not in the cache makes one refetch
 * (rotation), at most once per `refetchCooldownMillis`, concurrent misses sharing one fetch. A
 * failed discovery is retried after `retryMillis` (kube polls every 10 s until it succeeds).
 * Concurrent misses share the fetch: the fetching request hands its outcome over by a handOver()
 * promise (apimachinery/hand-over.ts: never its async function's own promise, which could resume
 * the others in the fetching request), and the others fetch themselves if it has not settled
 * within the fetch's time limits.
 */
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { awaitHandOver, handOver } from '../../apimachinery/hand-over.js';

export const refetchCooldownMillis = 5_000;
const retryMillis = 10_000;
const fetchTimeoutMillis = 10_000;
/** A JWKS or discovery document larger than this is refused (go-oidc reads whole bodies; a Worker's memory is capped). */
const maxDocumentBytes = 1024 * 1024;

export type IssuerFetch = (url: string, init: RequestInit) => Promise<Response>;

interface Loaded {
  keys: JWTVerifyGetKey;
  fetchedAt: number;
}

/** How a fetch ended (never a rejection: no request need be there to catch it). */
type Outcome = { loaded: Loaded } | { error: Error };

export class IssuerKeySet {
  private jwksUri: string | undefined;
  private loaded: Loaded | undefined;
  private failure: { error: Error; at: number } | undefined;
  /** The fetch under way (in some request): its start, and its outcome once it ends. */
  private fetching: { since: number; outcome: PromiseWithResolvers<Outcome> } | undefined;

  constructor(private readonly issuer: string, private readonly discoveryURL: string | undefined, private readonly fetcher: IssuerFetch) {}

  /** The cached keys, fetched on first use (throws the discovery's error while it keeps failing). */
  async keys(now = Date.now()): Promise<JWTVerifyGetKey> {
    if (this.loaded) return this.loaded.keys;
    if (this.failure && now - this.failure.at < retryMillis) throw this.failure.error;
    return (await this.load(now)).keys;
  }

  /** Fetches the key set again, unless it was fetched within the cooldown; true when it did. */
  async refresh(now = Date.now()): Promise<boolean> {
    if (this.loaded && now - this.loaded.fetchedAt < refetchCooldownMillis) return false;
    await this.load(now);
    return true;
  }

  private async load(now: number): Promise<Loaded> {
    const other = this.fetching;
    // Discovery and keys, each within its time limit: past both, the other request is gone.
    const shared = other && (await awaitHandOver(other.outcome.promise, other.since + 2 * fetchTimeoutMillis));
    if (shared) return settled(shared);
    const mine = { since: Date.now(), outcome: handOver<Outcome>() };
    this.fetching = mine;
    const outcome = await this.fetchOutcome(now);
    if (this.fetching === mine) this.fetching = undefined;
    mine.outcome.resolve(outcome);
    return settled(outcome);
  }

  /** Fetches the keys, keeping them (or the failure). */
  private async fetchOutcome(now: number): Promise<Outcome> {
    try {
      const loaded = await this.fetchKeys(now);
      this.loaded = loaded;
      this.failure = undefined;
      return { loaded };
    } catch (error) {
      this.failure = { error: error as Error, at: now };
      return { error: error as Error };
    }
  }

  private async fetchKeys(now: number): Promise<Loaded> {
    this.jwksUri ??= await this.discover();
    const jwks = await this.getJson(this.jwksUri, 'failed to decode keys') as JSONWebKeySet;
    if (!Array.isArray(jwks?.keys)) throw new Error(`oidc: failed to decode keys: no keys in ${this.jwksUri}`);
    return { keys: createLocalJWKSet(jwks), fetchedAt: now };
  }

  /** go-oidc NewProvider: the discovery document's issuer must be the configured one. */
  private async discover(): Promise<string> {
    const url = this.discoveryURL || `${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const document = await this.getJson(url, 'failed to decode provider discovery object') as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== this.issuer) throw new Error(`oidc: issuer did not match the issuer returned by provider, expected "${this.issuer}" got "${String(document.issuer)}"`);
    if (typeof document.jwks_uri !== 'string' || !document.jwks_uri) throw new Error('oidc: provider discovery object has no jwks_uri');
    return document.jwks_uri;
  }

  private async getJson(url: string, what: string): Promise<unknown> {
    const response = await this.fetcher(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(fetchTimeoutMillis) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${response.status} ${response.statusText}: ${text.slice(0, 256)}`);
    if (text.length > maxDocumentBytes) throw new Error(`oidc: ${what}: document larger than ${maxDocumentBytes} bytes`);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(`oidc: ${what}: ${(error as Error).message}`);
    }
  }
}

/** A fetch's keys, or its error thrown. */
function settled(outcome: Outcome): Loaded {
  if ('error' in outcome) throw outcome.error;
  return outcome.loaded;
}
