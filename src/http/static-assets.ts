// With run_worker_first every request reaches the Worker; what no route answers and is not under the
// API (the web page, its scripts, the bundled skills) is a static asset, served by the ASSETS binding.
// An unknown API path answers an OpenAI error object, which is also the contract's {error: {code, message}}:
// OpenAI clients pointed at /v1 raise their usual NotFoundError.
import type { Context } from "hono";
import type { AppEnv } from "../http-kit/app-env";
import { errorResponse } from "../http-kit/errors";
import { openAIErrorBody } from "../openai-compatible/openai-errors";

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

/**
 * The diagram renderer (public/diagram.html, which the assets serve at /diagram; framed by the page only
 * when a lesson has a mermaid block):
 * sandboxed to an opaque origin even if opened on its own, it runs only its own scripts (mermaid and the
 * frame's), may use the inline styles mermaid writes, and loads and reaches nothing else. Only this
 * origin's page may frame it; it hands its SVG back by postMessage.
 */
const DIAGRAM_FRAME_POLICY = [
  "sandbox allow-scripts",
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

/**
 * The scripts public/diagram.html loads. Its sandbox makes it another (opaque) origin, which the
 * Cross-Origin-Resource-Policy "same-origin" every response gets would refuse them to; they are public code.
 */
const DIAGRAM_FRAME_SCRIPTS = new Set(["/vendor/mermaid.min.js", "/js/diagram-frame.js"]);

/** The Content-Security-Policy a static asset is served with. */
export function contentSecurityPolicy(path: string): string {
  return path === "/diagram" ? DIAGRAM_FRAME_POLICY : CONTENT_SECURITY_POLICY;
}

export async function assetOrNotFound(c: Context<AppEnv>): Promise<Response> {
  const { method, path } = c.req;
  const api = path === "/v1" || path.startsWith("/v1/");
  if ((method === "GET" || method === "HEAD") && !api) {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status !== 404) {
      // The binding's response headers are immutable; a copy lets us and middleware add our own.
      const res = new Response(asset.body, asset);
      res.headers.set("content-security-policy", contentSecurityPolicy(path));
      if (DIAGRAM_FRAME_SCRIPTS.has(path)) res.headers.set("cross-origin-resource-policy", "cross-origin");
      return res;
    }
  }
  if (api) return c.json(openAIErrorBody(404, "not_found", `no route for ${method} ${path}`), 404);
  return errorResponse(c, "not_found", `no route for ${method} ${path}`);
}
