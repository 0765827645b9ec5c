// A page that loads the web page's Markdown renderer (public/js/markdown.js with the modules it imports:
// its math and code rendering, the vendored marked, DOMPurify, KaTeX and highlight.js) and stylesheets
// under the strict Content-Security-Policy, for browser tests of the renderer alone.
import type { Page } from "playwright-core";
import { launchChromium, STRICT_CSP } from "./chromium";
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

/** Chromium on such a page; what the page logs as an error, and its uncaught errors, collect in `problems`. */
export interface OpenedMarkdownPage {
  page: Page;
  /** The page's own address. */
  url: string;
  problems: string[];
  close(): Promise<void>;
}

export async function openMarkdownPage(html: string, viewport?: { width: number; height: number }): Promise<OpenedMarkdownPage> {
  const server = await startMarkdownPage(html);
  const browser = await launchChromium();
  const page = await browser.newPage(viewport ? { viewport } : {});
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  const url = server.url("/");
  await page.goto(url);
  return {
    page,
    url,
    problems,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
