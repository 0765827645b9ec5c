// The page's own modules and vendored libraries served from public/ under the strict Content-Security-
// Policy, and the diagram frame under its own (the Worker's policies, src/http/static-assets.ts), as routes
// for startPageServer: a test loads public/js/* in Chromium without the Worker.
import { readdirSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join, relative } from "node:path";
import { contentSecurityPolicy } from "../../src/http/static-assets";
import { STRICT_CSP } from "./chromium";
import type { Route } from "./page-server";
import { fromRoot } from "./paths";

const PUBLIC = fromRoot("public");
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * Every file of public/js, public/vendor, public/i18n/page, public/i18n/run-notices.json (and its Traditional Chinese,
 * public/i18n/zh-Hant/run-notices.json) and public/*.css, by its URL path, and /diagram (run scripts/build-assets.mjs first).
 */
export function pageModuleRoutes(): Record<string, Route> {
  const routes: Record<string, Route> = {};
  const paths = [
    ...files(join(PUBLIC, "js")),
    ...files(join(PUBLIC, "vendor")),
    ...files(join(PUBLIC, "i18n", "page")),
    join(PUBLIC, "i18n", "run-notices.json"),
    join(PUBLIC, "i18n", "zh-Hant", "run-notices.json"),
    ...files(PUBLIC).filter((f) => /^[^/]+\.css$/.test(relative(PUBLIC, f))),
  ];
  for (const path of paths) {
    const type = TYPES[path.split(".").pop()!];
    if (!type) continue;
    routes[`/${relative(PUBLIC, path)}`] = (_req, res: ServerResponse) =>
      void res.writeHead(200, { "content-type": type, "content-security-policy": STRICT_CSP }).end(readFileSync(path));
  }
  const frame = join(PUBLIC, "diagram.html");
  routes["/diagram"] = (_req, res: ServerResponse) =>
    void res.writeHead(200, { "content-type": TYPES.html!, "content-security-policy": contentSecurityPolicy("/diagram") }).end(readFileSync(frame));
  return routes;
}

/** A blank page with an element `#out` to render into and the lesson stylesheet. */
export const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><title>t</title><link rel="stylesheet" href="/lesson.css"></head><body><main id="out"></main></body></html>';

/** The blank page under the strict policy. */
export const blankPage: Route = (_req, res) => void res.writeHead(200, { "content-type": "text/html", "content-security-policy": STRICT_CSP }).end(BLANK_PAGE);
