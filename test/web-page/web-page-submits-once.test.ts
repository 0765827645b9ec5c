// The whole page (public/index.html with app.js) in Chromium, against a fake /v1 that answers slowly: what
// the learner submits is done once. A double click on *New session* makes one session; a course whose
// answer was lost on the way back (the server made it, the page saw a network error) is sent again with
// the same Idempotency-Key when *Create course* is pressed again, so the server makes no second one; and a
// topic longer than the server takes stays whole in its field and is refused with its length, unsent.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, STRICT_CSP } from "../support/chromium";
import { pageModuleRoutes } from "../support/page-modules";
import { startPageServer, type PageServer, type SeenRequest } from "../support/page-server";
import { fromRoot } from "../support/paths";

let server: PageServer;
let browser: Browser;
let page: Page;
let sessions = 0;

/**
 * The fake's answers to POSTs wait on this. Open (resolved) unless a test holds them: it holds them for a double
 * click, so that the second click comes while the first's request is pending, and lets them go once it has been sent.
 */
let answers: Promise<void> = Promise.resolve();
let letAnswersGo = () => {};
const holdAnswers = () => void (answers = new Promise<void>((resolve) => (letAnswersGo = resolve)));
const posts = (path: string): SeenRequest[] => server.requests.filter((r) => r.method === "POST" && r.url === path);

describe("submitting from the page", () => {
  beforeAll(async () => {
    server = await startPageServer({
      ...pageModuleRoutes(),
      "/": (_req, res) =>
        void res.writeHead(200, { "content-type": "text/html", "content-security-policy": STRICT_CSP }).end(readFileSync(fromRoot("public/index.html"))),
      "/v1/sessions": async (_req, res) => {
        await answers;
        res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ id: `session-${++sessions}` }));
      },
      "/v1/courses": async (req, res) => {
        if (req.method === "GET") return void res.writeHead(200, { "content-type": "application/json" }).end('{"courses":[]}');
        await answers;
        res.writeHead(201, { "content-type": "application/json" }).end('{"id":"course-1"}');
      },
    });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(server.url("/"));
    // The page makes a session as it loads, and lists it once made.
    await page.locator('#session-select option[value="session-1"]').waitFor({ state: "attached", timeout: 20_000 });
  }, 60_000);
  afterAll(async () => {
    letAnswersGo();
    await browser?.close();
    await server?.close();
  });

  it("makes one session of a double click on New session", async () => {
    holdAnswers();
    await page.getByRole("button", { name: "New session" }).dblclick();
    // Both clicks are in (dblclick returns once they are dispatched), the first's request is held at the fake.
    await expect.poll(() => posts("/v1/sessions").length).toBeGreaterThanOrEqual(2);
    letAnswersGo();
    await expect.poll(() => page.locator("#session-select").inputValue()).toBe("session-2");
    await expect.poll(() => page.getByRole("button", { name: "New session" }).isEnabled()).toBe(true);
    expect(posts("/v1/sessions")).toHaveLength(2);
  });

  it("sends a course again after a lost answer with the first try's key", async () => {
    await page.getByLabel("Topic").fill("Linear algebra");
    await page.getByLabel("Level").selectOption("advanced");
    // The first answer is lost on its way back: the server made the course, the page sees a network error.
    await page.route(
      "**/v1/courses",
      async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        await route.fetch();
        await route.abort("connectionreset");
      },
      { times: 1 },
    );
    await page.getByRole("button", { name: "Create course" }).click();
    await expect.poll(() => page.locator("#course-status").textContent()).toMatch(/^Could not create the course/);
    await expect.poll(() => posts("/v1/courses").length).toBe(1);

    holdAnswers();
    await page.getByRole("button", { name: "Create course" }).dblclick();
    await expect.poll(() => posts("/v1/courses").length).toBeGreaterThanOrEqual(2);
    letAnswersGo();
    await expect.poll(() => page.locator("#course-status").textContent()).toMatch(/^Created the course on Linear algebra/);
    const sent = posts("/v1/courses");
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers["idempotency-key"]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
    // The page speaks English here, and asks for its lessons in it.
    expect(JSON.parse(sent[1]!.body)).toEqual({ topic: "Linear algebra", level: "advanced", cron: "0 0 * * *", language: "en" });
  });

  it("refuses a topic longer than the server takes, keeping it whole and sending nothing", async () => {
    const before = posts("/v1/courses").length;
    const topic = page.getByLabel("Topic");
    await topic.fill("");
    await topic.focus();
    await page.keyboard.insertText("x".repeat(612));
    expect(await topic.inputValue()).toHaveLength(612);
    await page.getByRole("button", { name: "Create course" }).click();
    await expect.poll(() => page.locator("#course-status").textContent()).toBe("The topic is 612 characters long; a course takes at most 500. Shorten it.");
    expect(await page.evaluate("document.activeElement.id")).toBe("course-topic");
    expect(posts("/v1/courses")).toHaveLength(before);
  });
});
