/**
 * The platform ceiling for the benchmark: an HTTP request to a Worker that makes one Durable
 * Object RPC doing one SQLite insert, and nothing else. Runs in the same workerd as the server.
 */
import { DurableObject } from 'cloudflare:workers';

interface ProbeEnv {
  PROBE: DurableObjectNamespace<Probe>;
}

export class Probe extends DurableObject<ProbeEnv> {
  private counter = 0;

  constructor(ctx: DurableObjectState, env: ProbeEnv) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, key TEXT, value TEXT)');
  }

  insert(key: string, value: string): number {
    this.counter += 1;
    this.ctx.storage.sql.exec('INSERT INTO rows (key, value) VALUES (?, ?)', key, value);
    return this.counter;
  }
}

export default {
  async fetch(request: Request, env: ProbeEnv): Promise<Response> {
    const body = await request.text();
    const stub = env.PROBE.get(env.PROBE.idFromName('probe'));
    const id = await stub.insert(crypto.randomUUID(), body);
    return new Response(JSON.stringify({ id }), { status: 201, headers: { 'content-type': 'application/json' } });
  },
};
