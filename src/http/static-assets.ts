// With run_worker_first every request reaches the Worker; what no route answers and is not under the
// API (the web page, its scripts, the bundled skills) is a static asset, served by the ASSETS binding.
// An unknown API path answers an OpenAI error object, which is also the contract's {error: {code, message}}:
// OpenAI clients pointed at /v1 raise their usual NotFoundError.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./errors";
import { openAIErrorBody } from "./openai-errors";

export async function assetOrNotFound(c: Context<AppEnv>): Promise<Response> {
  const { method, path } = c.req;
  const api = path === "/v1" || path.startsWith("/v1/");
  if ((method === "GET" || method === "HEAD") && !api) {
    // The binding's response headers are immutable; a copy lets middleware add its own (secure headers).
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    return new Response(asset.body, asset);
  }
  if (api) return c.json(openAIErrorBody(404, "not_found", `no route for ${method} ${path}`), 404);
  return errorResponse(c, 404, "not_found", `no route for ${method} ${path}`);
}
