// A page that loads the web page's Markdown renderer (public/js/markdown.js with its vendored marked and
// DOMPurify) and stylesheet under the strict Content-Security-Policy, for browser tests of the renderer alone.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ServerResponse } from "node:http";
import { STRICT_CSP } from "./chromium";
import { startPageServer, type PageServer } from "./page-server";
import { fromRoot } from "./paths";

const PUBLIC = fromRoot("public");
const js = "text/javascript; charset=utf-8";

const served = (path: string, type: string) => (_req: unknown, res: ServerResponse) => {
  res.writeHead(200, { "content-type": type, "content-security-policy": STRICT_CSP }).end(readFileSync(resolve(PUBLIC, `.${path}`)));
};

/** Serves `html` at `/` beside the renderer and the stylesheet. */
export function startMarkdownPage(html: string): Promise<PageServer> {
  return startPageServer({
    "/": (_req, res) => void res.writeHead(200, { "content-type": "text/html", "content-security-policy": STRICT_CSP }).end(html),
    "/favicon.ico": (_req, res) => void res.writeHead(204).end(),
    "/style.css": served("/style.css", "text/css; charset=utf-8"),
    "/js/markdown.js": served("/js/markdown.js", js),
    "/vendor/marked.esm.js": served("/vendor/marked.esm.js", js),
    "/vendor/purify.es.mjs": served("/vendor/purify.es.mjs", js),
  });
}
