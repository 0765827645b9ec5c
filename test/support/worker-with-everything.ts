// The Worker under `wrangler dev` on a scripted model, with the reference MCP server (server-everything,
// Streamable HTTP) as its server `ev`: started before the calling file's tests and stopped after them.
// `vars` adds settings (INPUT_TTL_MS and the like); private addresses are allowed, as `ev` is on this machine.
import { afterAll, beforeAll } from "vitest";
import { startEverything, type EverythingServer } from "./mcp-everything";
import { ScriptedModel } from "./scripted-model";
import { startWranglerDev, type WranglerDev } from "./wrangler-dev";

export function workerWithEverything(vars: Record<string, string> = {}) {
  const model = new ScriptedModel();
  let everything: EverythingServer | undefined;
  let worker: WranglerDev | undefined;
  beforeAll(async () => {
    [everything] = await Promise.all([startEverything("streamableHttp"), model.listen()]);
    worker = await startWranglerDev({
      vars: { ...model.workerVars, ALLOW_PRIVATE_FETCH: "true", MCP_SERVERS: JSON.stringify({ mcpServers: { ev: { url: everything.url } } }), ...vars },
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([worker?.stop(), everything?.stop(), model.close()]);
  });
  return {
    model,
    /** The Worker's URL, once it has started. */
    url: () => worker!.url,
  };
}
