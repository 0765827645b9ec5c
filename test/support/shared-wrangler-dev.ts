// A `wrangler dev` Worker shared by every test file that asks for the same configuration: the broker
// in vitest's main process (wrangler-dev-broker.ts) starts it once and stops it when the run ends, so
// a test neither stops it nor restarts it, and keeps to session ids of its own. For a Worker a test
// restarts, kills or persists, use startWranglerDev.
import type { SharedWorkerOptions } from "./wrangler-dev-broker";

export interface SharedWorker {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
}

export async function sharedWranglerDev(opts: SharedWorkerOptions = {}): Promise<SharedWorker> {
  const port = process.env.WRANGLER_BROKER_PORT;
  if (!port) throw new Error("WRANGLER_BROKER_PORT is not set: run the tests through vitest (vitest.config.ts starts the broker)");
  const res = await fetch(`http://127.0.0.1:${port}/workers`, { method: "POST", body: JSON.stringify(opts) });
  if (!res.ok) throw new Error(`the shared wrangler dev did not start:\n${await res.text()}`);
  return (await res.json()) as SharedWorker;
}

/** The Worker with nothing configured (no model, no API_TOKEN: loopback clients are the admin), on every
 * address so that test/http/loopback-by-connection.test.ts can also reach it from this machine's network address. */
export const BARE_WORKER: SharedWorkerOptions = { ip: "0.0.0.0" };
