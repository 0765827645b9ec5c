// The real page (public/index.html with its modules) in Chromium against a fake /v1 (startPageServer), without
// the Worker or wrangler dev: the session FAKE_SESSION on show and empty lists, plus the routes a test drives.
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import type { Browser, Page } from "playwright-core";
import { launchChromium, STRICT_CSP } from "./chromium";
import { pageModuleRoutes } from "./page-modules";
import { startPageServer, type PageServer, type Route, type SeenRequest } from "./page-server";
import { fromRoot } from "./paths";

export const FAKE_SESSION = "s1";

/** An MCP server's question (input.required's data) of one required text field, as the page tests send it. */
export const NAME_QUESTION = {
  inputId: "inp_1",
  server: "forms",
  message: "Your name?",
  requestedSchema: { type: "object", properties: { name: { type: "string", title: "Name" } }, required: ["name"] },
};

export interface PageOnFakeApi {
  server: PageServer;
  browser: Browser;
  page: Page;
  /** The POSTs the page sent to `path`, in order. */
  posts(path: string): SeenRequest[];
  close(): Promise<void>;
}

const json =
  (body: unknown): Route =>
  (_req, res) =>
    void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));

/** Writes `events` as a run's Server-Sent Events (each with its trace seq as `id` when it has one) and ends the stream. */
export function sendEvents(res: ServerResponse, events: Array<{ event: string; data: unknown; id?: number }>, runId = "run_1"): void {
  res.writeHead(200, { "content-type": "text/event-stream", "x-run-id": runId });
  for (const e of events) res.write(`${e.id ? `id: ${e.id}\n` : ""}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
  res.end();
}

/** `routes` are added to (and override) the defaults; `beforeLoad` runs in the tab before the page's scripts; `locale` is the browser's language. */
export async function openPageOnFakeApi(routes: Record<string, Route>, beforeLoad?: string, locale = "en-US"): Promise<PageOnFakeApi> {
  const server = await startPageServer({
    ...pageModuleRoutes(),
    "/": (_req, res) =>
      void res.writeHead(200, { "content-type": "text/html", "content-security-policy": STRICT_CSP }).end(readFileSync(fromRoot("public/index.html"))),
    [`/v1/sessions/${FAKE_SESSION}`]: json({ id: FAKE_SESSION, messages: [], todos: [] }),
    "/v1/lessons": json({ lessons: [] }),
    "/v1/courses": json({ courses: [] }),
    "/v1/mcp/servers": json({ servers: [] }),
    ...routes,
  });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await openFakeSessionPage(browser, server.url("/"), locale, beforeLoad);
    const close = async () => {
      await browser?.close();
      await server.close();
    };
    return { server, browser, page, posts: (path) => server.requests.filter((r) => r.method === "POST" && r.url === path), close };
  } catch (e) {
    await browser?.close();
    await server.close();
    throw e;
  }
}

/** A new tab in `locale` on the page at `url` (a fake /v1's), once it shows the session FAKE_SESSION. */
export async function openFakeSessionPage(browser: Browser, url: string, locale: string, beforeLoad?: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale });
  await page.addInitScript((id) => {
    localStorage.setItem("studyagent.session", id);
    localStorage.setItem("studyagent.sessions", JSON.stringify([id]));
  }, FAKE_SESSION);
  if (beforeLoad) await page.addInitScript(beforeLoad);
  await page.goto(url);
  await page.locator(`#session-select option[value="${FAKE_SESSION}"]`).waitFor({ state: "attached", timeout: 20_000 });
  return page;
}
