/**
 * A cluster's settings: the Worker variables (wrangler.toml `[vars]`), parsed once into values
 * with their defaults. Code below the server's assembly reads these, never the raw variables.
 */
import { ShardLayouts } from '../storage/sharding/shard-map.js';

/** The Worker variables settings are read from (server/env.ts says what each means). */
export type SettingVariables = Partial<Record<(typeof settingVariables)[number], string>>;

const settingVariables = [
  'HISTORY_WINDOW_SECONDS', 'WATCH_HEARTBEAT_SECONDS', 'CONTROLLER_PARTITIONS', 'AUTHORIZATION_MODE', 'ANONYMOUS_PATHS', 'RATE_LIMIT_QPS',
  'RATE_LIMIT_BURST', 'WATCH_LIMIT_PER_USER', 'SHARDED_TYPES', 'SERVER_CONCURRENCY', 'BUILTIN_CONTROLLERS', 'TENANT_RATE_LIMIT_QPS',
  'TENANT_RATE_LIMIT_BURST', 'TENANT_RATE_LIMIT_QUEUE_SECONDS', 'TENANT_CONCURRENCY', 'TENANT_DOMAIN', 'KUBECONFIG_INSECURE_SKIP_TLS_VERIFY',
  'ADVERTISE_ADDRESS',
] as const;

export interface ClusterSettings {
  /** Seconds of history each storage shard keeps for past reads (HISTORY_WINDOW_SECONDS, 300). */
  historyWindowSeconds: number;
  /** Between the newlines an idle watch stream sends (WATCH_HEARTBEAT_SECONDS, 30 s). */
  watchHeartbeatMillis: number;
  /** Controller partitions, chosen by object uid (CONTROLLER_PARTITIONS, 4); fixed for the life of a cluster's state. */
  controllerPartitions: number;
  /** `RBAC` (default) or `AlwaysAllow`, as kube's --authorization-mode (AUTHORIZATION_MODE). */
  authorizationMode: 'RBAC' | 'AlwaysAllow';
  /** Paths anonymous requests may reach (ANONYMOUS_PATHS); `*` allows all. */
  anonymousPaths: string[];
  /**
   * Per-user token bucket (RATE_LIMIT_QPS 100, RATE_LIMIT_BURST 200) and an opt-in open-watch cap
   * (WATCH_LIMIT_PER_USER; unset: none, as kube, where kcm, the scheduler and kubelets may share one
   * identity and hold hundreds of watches; Priority and Fairness' seats bound a watch's start).
   */
  rateLimit: { qps: number; burst: number; watchesPerUser: number };
  /** How resource types spread over storage shards (SHARDED_TYPES; a type not named: one shard). */
  shardLayouts: ShardLayouts;
  /** The seats each isolate divides among API Priority and Fairness' Limited levels (SERVER_CONCURRENCY, 600). */
  serverConcurrency: number;
  /**
   * The server's own garbage collector, namespace deleter and pod grace expiry (BUILTIN_CONTROLLERS):
   * `auto` (default) runs them except while a kube-controller-manager holds its leader lease, `on`
   * always, `off` never (kube-controller-manager does that work). CRD controllers always run.
   */
  builtinControllers: 'auto' | 'on' | 'off';
  /**
   * All users of a tenant together (TENANT_RATE_LIMIT_QPS 500, TENANT_RATE_LIMIT_BURST 1000); a
   * request past them waits for its turn up to TENANT_RATE_LIMIT_QUEUE_SECONDS (2; 0: refused at once).
   */
  tenantRateLimit: { qps: number; burst: number; watchesPerUser: number; queueMillis: number };
  /** A tenant's requests under way at once in one isolate, watches aside (TENANT_CONCURRENCY, 2): src/flowcontrol/tenant-seats.ts. */
  tenantConcurrency: number;
  /** Host `NAME.<tenantDomain>` serves tenant NAME (TENANT_DOMAIN); undefined: only `/clusters/NAME/`. */
  tenantDomain: string | undefined;
  /** Tenants' kubeconfigs skip TLS verification (KUBECONFIG_INSECURE_SKIP_TLS_VERIFY=true). */
  kubeconfigInsecure: boolean;
  /** The address the `default/kubernetes` endpoints publish (ADVERTISE_ADDRESS); undefined: the request's host when an IP. */
  advertiseAddress: string | undefined;
}

const defaultAnonymousPaths = ['/livez', '/readyz', '/healthz', '/version'];

/** The settings the variables of `env` give. */
export function settingsOf(env: SettingVariables): ClusterSettings {
  return {
    historyWindowSeconds: positive(env.HISTORY_WINDOW_SECONDS, 300),
    watchHeartbeatMillis: positive(env.WATCH_HEARTBEAT_SECONDS, 30) * 1000,
    controllerPartitions: positiveInteger(env.CONTROLLER_PARTITIONS, 4),
    authorizationMode: env.AUTHORIZATION_MODE === 'AlwaysAllow' ? 'AlwaysAllow' : 'RBAC',
    anonymousPaths: env.ANONYMOUS_PATHS === undefined ? defaultAnonymousPaths : env.ANONYMOUS_PATHS.split(',').map((path) => path.trim()).filter(Boolean),
    rateLimit: {
      qps: positive(env.RATE_LIMIT_QPS, 100),
      burst: positive(env.RATE_LIMIT_BURST, 200),
      watchesPerUser: positive(env.WATCH_LIMIT_PER_USER, Infinity),
    },
    shardLayouts: ShardLayouts.parse(env.SHARDED_TYPES ?? ''),
    serverConcurrency: positive(env.SERVER_CONCURRENCY, 600),
    builtinControllers: builtinControllersMode(env.BUILTIN_CONTROLLERS),
    tenantRateLimit: {
      qps: positive(env.TENANT_RATE_LIMIT_QPS, 500), burst: positive(env.TENANT_RATE_LIMIT_BURST, 1000), watchesPerUser: Infinity,
      queueMillis: env.TENANT_RATE_LIMIT_QUEUE_SECONDS === '0' ? 0 : positive(env.TENANT_RATE_LIMIT_QUEUE_SECONDS, 2) * 1000,
    },
    tenantConcurrency: positiveInteger(env.TENANT_CONCURRENCY, 2),
    tenantDomain: env.TENANT_DOMAIN?.trim() || undefined,
    kubeconfigInsecure: env.KUBECONFIG_INSECURE_SKIP_TLS_VERIFY === 'true',
    advertiseAddress: env.ADVERTISE_ADDRESS?.trim() || undefined,
  };
}

function builtinControllersMode(value: string | undefined): ClusterSettings['builtinControllers'] {
  const mode = (value ?? '').trim().toLowerCase();
  return mode === 'on' || mode === 'off' ? mode : 'auto';
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
