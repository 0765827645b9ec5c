// With run_worker_first every request reaches the Worker; what no route answers and is not under the
// API (the web page, its scripts, the bundled skills) is a static asset, served by the ASSETS binding.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { errorResponse } from "./errors";

/**
 * The page runs only its own scripts (/js/*, /vendor/*) and talks only to this origin: an injected
 * `<script>`, inline handler or `javascript:` URL does not run, and a prompt-injected lesson cannot
 * leak data through an image or a request to another host.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export async function assetOrNotFound(c: Context<AppEnv>): Promise<Response> {
  const { method, path } = c.req;
  if ((method === "GET" || method === "HEAD") && !path.startsWith("/v1/")) {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status !== 404) {
      // The binding's response headers are immutable; a copy lets us and middleware add our own.
      const res = new Response(asset.body, asset);
      res.headers.set("content-security-policy", CONTENT_SECURITY_POLICY);
      return res;
    }
  }
  return errorResponse(c, 404, "not_found", `no route for ${method} ${path}`);
}
