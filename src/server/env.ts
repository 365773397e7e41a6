/** Bindings and variables of the Worker (wrangler.toml). */
import type { SettingVariables } from '../cluster/settings.js';
import type { StorageShard } from '../durable/storage-shard.js';
import type { ControllerPartition } from '../durable/partition/controller-partition.js';

/** Reached only through the server's assembly (server/assembly/: addressing, settings, credentials). */
export interface Env extends SettingVariables {
  /** The storage shards: each holds (a part of) one resource type's objects (server/assembly/backend.ts). */
  STORAGE_SHARDS: DurableObjectNamespace<StorageShard>;
  /** The controller partitions (garbage collection, namespace termination, grace periods, CRD names). */
  CONTROLLERS: DurableObjectNamespace<ControllerPartition>;
  /** Where the Cron Trigger writes scheduled backups (docs/backups.md); unbound: none are written. */
  BACKUPS?: R2Bucket;
  /** Complete scheduled backups kept per cluster (default 7). */
  BACKUP_RETENTION?: string;
  /** Seconds an invocation of the Cron Trigger works before it leaves the rest to the next (default 60). */
  BACKUP_BUDGET_SECONDS?: string;
  /** How many controller partitions (default 4); fixed for the life of a cluster's state. */
  CONTROLLER_PARTITIONS?: string;
  /**
   * Resource types spread over several storage shards, comma-separated `resource[.group]=count[:key]`
   * with key `namespace` (default: a namespace's objects stay together) or `name` (namespace/name).
   * Example: `configmaps=4:name,leases.coordination.k8s.io=8:name,pods=4`. Unnamed types: one shard.
   */
  SHARDED_TYPES?: string;
  /**
   * The server's own garbage collector, namespace deleter and pod grace expiry: `auto` (default)
   * stand down while a kube-controller-manager holds its leader lease, `on` always run, `off`
   * never (CRD controllers always run).
   */
  BUILTIN_CONTROLLERS?: string;
  /** Seconds of history each Durable Object keeps for past reads (default 300). */
  HISTORY_WINDOW_SECONDS?: string;
  /** Seconds between the newlines an idle watch stream sends to notice a departed client (default 30). */
  WATCH_HEARTBEAT_SECONDS?: string;
  /**
   * Bearer tokens (secret): kube's static token file format, one `token,user,uid,"group1,group2"`
   * per line. Unset: no static tokens.
   */
  STATIC_TOKENS?: string;
  /** The service account token signing key (secret): a PKCS#8 PEM (RSA or EC P-256) or a private JWK. */
  SERVICE_ACCOUNT_KEY?: string;
  /** The `iss` of service account tokens, also the default API audience (default https://kubernetes.default.svc.cluster.local). */
  SERVICE_ACCOUNT_ISSUER?: string;
  /**
   * JWT authenticators: a kube AuthenticationConfiguration (apiserver.config.k8s.io/v1beta1, YAML
   * or JSON), as kube-apiserver's --authentication-config file. Unset: no JWT authenticators.
   */
  AUTHENTICATION_CONFIG?: string;
  /** The audit policy (audit.k8s.io/v1 Policy, YAML or JSON), as kube-apiserver's --audit-policy-file. Unset: no auditing. */
  AUDIT_POLICY?: string;
  /** `true`: audit events are written to the Worker's log as JSON lines (kube's log backend). */
  AUDIT_LOG?: string;
  /** Audit events are POSTed there in batches as audit.k8s.io/v1 EventLists (kube's webhook backend). */
  AUDIT_WEBHOOK_URL?: string;
  /** The jwks_uri advertised by /.well-known/openid-configuration (default: the issuer + /openid/v1/jwks). */
  SERVICE_ACCOUNT_JWKS_URI?: string;
  /**
   * Paths anonymous requests may reach (as system:anonymous), comma-separated; `*` for all, empty
   * for none. Default: /livez, /readyz, /healthz (with their per-check paths) and /version.
   */
  ANONYMOUS_PATHS?: string;
  /** `RBAC` (default) or `AlwaysAllow`, as kube's --authorization-mode. */
  AUTHORIZATION_MODE?: string;
  /** Requests per second each user may make, averaged (default 100); watches are counted apart. */
  RATE_LIMIT_QPS?: string;
  /** How many requests a user may make at once above the average (default 200). */
  RATE_LIMIT_BURST?: string;
  /** Watches each user may have open through one Worker isolate (default: no cap, as kube). */
  WATCH_LIMIT_PER_USER?: string;
  /**
   * API Priority and Fairness: the seats each Worker isolate divides among the Limited priority
   * levels by their shares (default 600, kube's 400 + 200 in-flight defaults).
   */
  SERVER_CONCURRENCY?: string;
  /** Requests per second all users of one tenant may make together, averaged (default 500), and above it at once (default 1000). */
  TENANT_RATE_LIMIT_QPS?: string;
  TENANT_RATE_LIMIT_BURST?: string;
  TENANT_RATE_LIMIT_QUEUE_SECONDS?: string;
  TENANT_CONCURRENCY?: string;
  /** With a domain, host `NAME.<domain>` serves tenant NAME at `/` (besides `/clusters/NAME/`). */
  TENANT_DOMAIN?: string;
  /** `true`: tenants' kubeconfigs skip TLS verification (a local server's self-signed certificate). */
  KUBECONFIG_INSECURE_SKIP_TLS_VERIFY?: string;
  /**
   * The IP address clients reach this server at, published in the `default/kubernetes` Endpoints
   * and EndpointSlice (kube's --advertise-address). Default: the request's host when it is an IP.
   */
  ADVERTISE_ADDRESS?: string;
  /** `true`: TLS is terminated in front of workerd (a local server): requests came over https (server/cluster-routing.ts). */
  TLS_IN_FRONT?: string;
  /** `on`: requests carrying an `edge-timeline` header get their timeline back (server/timeline.ts; a benchmark's tool). */
  EDGE_TIMELINE?: string;
}
