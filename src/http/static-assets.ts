// With run_worker_first every request reaches the Worker; what no route answers and is not under the
// API (the web page, its scripts, the bundled skills) is a static asset, served by the ASSETS binding.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./errors";

export async function assetOrNotFound(c: Context<AppEnv>): Promise<Response> {
  const { method, path } = c.req;
  if ((method === "GET" || method === "HEAD") && !path.startsWith("/v1/")) {
    // The binding's response headers are immutable; a copy lets middleware add its own (secure headers).
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    return new Response(asset.body, asset);
  }
  return errorResponse(c, 404, "not_found", `no route for ${method} ${path}`);
}
