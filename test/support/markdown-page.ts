// A page that loads the web page's Markdown renderer (public/js/markdown.js with the modules it imports:
// its math and code rendering, the vendored marked, DOMPurify, KaTeX and highlight.js) and stylesheets
// under the strict Content-Security-Policy, for browser tests of the renderer alone.
import { STRICT_CSP } from "./chromium";
import { pageModuleRoutes } from "./page-modules";
import { startPageServer, type PageServer } from "./page-server";

/** Serves `html` at `/` beside the page's modules and stylesheets. */
export function startMarkdownPage(html: string): Promise<PageServer> {
  return startPageServer({
    "/": (_req, res) => void res.writeHead(200, { "content-type": "text/html", "content-security-policy": STRICT_CSP }).end(html),
    "/favicon.ico": (_req, res) => void res.writeHead(204).end(),
    ...pageModuleRoutes(),
  });
}
