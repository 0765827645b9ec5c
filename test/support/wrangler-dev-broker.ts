// Lends out `wrangler dev` Workers for the whole test run, one per configuration: global-setup.ts runs
// it in vitest's main process, test files ask it for a Worker (shared-wrangler-dev.ts), the first ask
// starts that Worker and later ones, from any test file or worker process, get the same one. It ends
// them when the run ends. Each start is several seconds of CPU, so files that need the same Worker
// share one; they keep apart by their own session ids.
import { listenLocal, type LocalServer } from "./local-server";
import { readBody } from "./scripted-model";
import { startWranglerDev, type WranglerDev, type WranglerDevOptions } from "./wrangler-dev";

/** What a shared Worker may be configured with: its vars and its address, nothing that belongs to one test (state, restarts). */
export type SharedWorkerOptions = Pick<WranglerDevOptions, "vars" | "ip">;

export class WranglerDevBroker {
  private readonly workers = new Map<string, Promise<WranglerDev>>();
  private local: LocalServer | undefined;

  async listen(port: number): Promise<this> {
    this.local = await listenLocal((req, res) => {
      void readBody(req).then(async (body) => {
        if (req.method !== "POST" || req.url !== "/workers") return void res.writeHead(404).end();
        try {
          const worker = await this.worker(JSON.parse(body) as SharedWorkerOptions);
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: worker.url }));
        } catch (e) {
          res.writeHead(500, { "content-type": "text/plain" }).end(e instanceof Error ? e.message : String(e));
        }
      });
    }, port);
    return this;
  }

  private worker(opts: SharedWorkerOptions): Promise<WranglerDev> {
    // Keyed by the configuration, vars in name order: the same settings are the same Worker.
    const key = JSON.stringify([opts.ip ?? "127.0.0.1", Object.entries(opts.vars ?? {}).sort(([a], [b]) => a.localeCompare(b))]);
    let worker = this.workers.get(key);
    if (!worker) {
      worker = startWranglerDev({ vars: opts.vars, ip: opts.ip });
      // A start that failed is not kept: the next ask tries again (and reports its own failure).
      worker.catch(() => this.workers.delete(key));
      this.workers.set(key, worker);
    }
    return worker;
  }

  async close(): Promise<void> {
    await this.local?.close();
    await Promise.all(
      [...this.workers.values()].map((w) =>
        w.then(
          (x) => x.stop(),
          () => undefined,
        ),
      ),
    );
  }
}
