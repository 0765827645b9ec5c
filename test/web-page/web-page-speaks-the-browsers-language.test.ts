// The page's own words follow the browser's language (public/js/i18n.js): in Chromium set to Spanish every
// fixed word of index.html, the run's summary line, why a run failed (public/i18n/run-notices.json, by its
// error's code; a code without a phrase named in Spanish words, a warning without one said to be for whoever
// runs the server) and a course's line are Spanish, from
// public/i18n/page/es.json; Arabic turns the page right to left; a language the page has no words for, or a
// file that cannot be read, leaves it in English, working. axe finds nothing serious in Spanish or Arabic. A
// Traditional Chinese browser (zh-TW) gets Traditional Chinese, declared zh-Hant (page/zh-Hant.json and
// zh-Hant/run-notices.json, made from the Simplified files at build time by scripts/traditional-chinese.mjs), where
// every Chinese browser got Simplified before; zh-CN still gets Simplified.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { seriousViolations } from "../support/axe";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openFakeSessionPage, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";
import { fromRoot } from "../support/paths";

const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
const words = (language: string) => JSON.parse(readFileSync(fromRoot(`public/i18n/page/${language}.json`), "utf8")) as Record<string, string>;
const es = words("es");
const notices = JSON.parse(readFileSync(fromRoot("public/i18n/run-notices.json"), "utf8")) as Record<string, Record<string, string>>;
/** A run that warns with `code` (about the MCP server "wiki"), then completes: asked for by an input that names the code after "warn:". */
const warnedRun = (code: string) => [
  { event: "run.started", data: { runId: "run_1" }, id: 1 },
  { event: "warning", data: { code, server: "wiki", message: `The server's English words for ${code}.` }, id: 2 },
  { event: "run.completed", data: { runId: "run_1", status: "completed", steps: 1, usage: { totalTokens: 3 } }, id: 3 },
];
/** A run that fails with `code`: asked for by an input that names the code after "fail:". */
const failedRun = (code: string) => [
  { event: "run.started", data: { runId: "run_1" }, id: 1 },
  { event: "run.failed", data: { runId: "run_1", error: { code, message: `The server's English words for ${code}.` } }, id: 2 },
];
const COURSE = { id: "c1", topic: "Álgebra", level: "beginner", status: "active", cron: "0 0 * * *", lessonCount: 2 };

let opened: PageOnFakeApi;

/** What each data-i18n element of the page says, by its key. */
const fixedWords = (page: Page) =>
  page
    .locator("[data-i18n]")
    .evaluateAll((elements) => elements.map((e) => [e.getAttribute("data-i18n")!, (e.textContent ?? "").replace(/\s+/g, " ").trim()] as const));

/** The document's declared language and direction. */
const declared = async (page: Page) => [await page.locator("html").getAttribute("lang"), await page.locator("html").getAttribute("dir")];

describe("the page in the browser's language", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        [RUNS]: (req, res) => {
          const input = JSON.parse(req.body).input as string;
          const failWith = /fail:(\w+)/.exec(input)?.[1];
          const warnWith = /warn:(\w+)/.exec(input)?.[1];
          sendEvents(
            res,
            failWith
              ? failedRun(failWith)
              : warnWith
                ? warnedRun(warnWith)
                : [
                    { event: "run.started", data: { runId: "run_1" }, id: 1 },
                    { event: "text.delta", data: { delta: "La derivada mide el cambio." } },
                    { event: "run.completed", data: { runId: "run_1", status: "completed", steps: 2, usage: { totalTokens: 30 } }, id: 2 },
                  ],
          );
        },
        "/v1/courses": (_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ courses: [{ id: COURSE.id }] })),
        [`/v1/courses/${COURSE.id}`]: (_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(COURSE)),
        "/i18n/page/fr.json": (_req, res) => void res.writeHead(503).end(),
      },
      undefined,
      "es-ES",
    );
  }, 60_000);
  afterAll(() => opened?.close());

  it("says every fixed word in Spanish, and declares the page Spanish", async () => {
    const { page } = opened;
    expect(await declared(page)).toEqual(["es", "ltr"]);
    const fixed = await fixedWords(page);
    expect(fixed.length).toBeGreaterThan(40);
    for (const [key, text] of fixed) expect(text, key).toBe(es[key]);
    expect(await page.locator("#topic").getAttribute("placeholder")).toBe(es.topicPlaceholder);
    expect(await seriousViolations(page)).toEqual([]);
    await expect.poll(() => page.getByRole("button", { name: es.send, exact: true }).count()).toBe(1);
  });

  it("sums up a run and shows a course in Spanish", async () => {
    const { page } = opened;
    await askByKeyboard(page, "Quiero aprender cálculo");
    await expect
      .poll(() => page.locator(".message.assistant .run-meta").textContent())
      .toBe(`${es.done} · ${fill(es.stepMany!, { n: 2 })} · ${fill(es.tokens!, { n: 30 })}`);
    const course = page.locator(`li[data-course="${COURSE.id}"]`);
    await expect.poll(() => course.locator(".meta").first().textContent()).toBe(`${es.courseActive} · ${fill(es.lessonMany!, { n: 2 })}`);
    expect(await course.locator("details > p").first().textContent()).toContain(es.beginner);
  });

  it("says why a run failed in Spanish, and names in Spanish a code it has no phrase for", async () => {
    const { page } = opened;
    await askByKeyboard(page, "fail:model_unavailable");
    const summary = page.locator(".message.assistant .run-meta").last();
    await expect.poll(() => summary.textContent()).toBe(fill(es.failed!, { message: notices.es!.model_unavailable! }));
    await askByKeyboard(page, "fail:hook_failed");
    await expect.poll(() => summary.textContent()).toBe(fill(es.failed!, { message: fill(es.errorCode!, { code: "hook_failed" }) }));
  });

  it("says a run's warning in Spanish, naming its server; one for whoever runs the server is said to be theirs", async () => {
    const { page } = opened;
    await askByKeyboard(page, "warn:mcp_connect_failed");
    const said = fill(notices.es!.mcp_connect_failed!, { server: "wiki" });
    await expect.poll(() => page.getByText(said, { exact: true }).count()).toBe(1);
    await askByKeyboard(page, "warn:hook_failed");
    const forOperator = fill(es.serverNote!, { message: "The server's English words for hook_failed." });
    expect(forOperator.startsWith("Para quien administra el servidor:")).toBe(true);
    await expect.poll(() => page.getByText(forOperator, { exact: true }).count()).toBe(1);
  });

  it("turns the page right to left in Arabic", async () => {
    const ar = words("ar");
    const page = await openFakeSessionPage(opened.browser, opened.server.url("/"), "ar-EG");
    expect(await declared(page)).toEqual(["ar", "rtl"]);
    expect(await page.locator("#send").textContent()).toBe(ar.send);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: fromRoot("test-artifacts/web-page-arabic.png"), fullPage: true });
    await page.close();
  });

  it("speaks Traditional Chinese to a zh-TW browser, its words and why a run failed, and Simplified to a zh-CN one", async () => {
    const [traditional, simplified] = [words("zh-Hant"), words("zh")];
    const traditionalNotices = JSON.parse(readFileSync(fromRoot("public/i18n/zh-Hant/run-notices.json"), "utf8")) as Record<string, string>;
    const page = await openFakeSessionPage(opened.browser, opened.server.url("/"), "zh-TW");
    expect(await declared(page)).toEqual(["zh-Hant", "ltr"]);
    // 傳送 and 发送, 新會話 and 新会话, 語言模型服務 and 语言模型服务.
    expect(await page.locator("#send").textContent()).toBe("傳送");
    expect(await page.locator("#new-session").textContent()).toBe("新會話");
    await askByKeyboard(page, "fail:model_unavailable");
    expect(traditionalNotices.model_unavailable).toContain("語言模型服務");
    await expect
      .poll(() => page.locator(".message.assistant .run-meta").last().textContent())
      .toBe(fill(traditional.failed!, { message: traditionalNotices.model_unavailable! }));
    await page.close();
    const simplifiedPage = await openFakeSessionPage(opened.browser, opened.server.url("/"), "zh-CN");
    expect(await declared(simplifiedPage)).toEqual(["zh", "ltr"]);
    expect(await simplifiedPage.locator("#send").textContent()).toBe(simplified.send);
    await simplifiedPage.close();
  });

  it("stays English, and works, for a language it has no words for and when the words cannot be read", async () => {
    const swahili = await openFakeSessionPage(opened.browser, opened.server.url("/"), "sw-KE");
    const unreadable = await openFakeSessionPage(opened.browser, opened.server.url("/"), "fr-FR");
    for (const page of [swahili, unreadable]) {
      expect(await declared(page)).toEqual(["en", null]);
      expect(await page.locator("#send").textContent()).toBe("Send");
      await askByKeyboard(page, "I want to learn calculus");
      await expect.poll(() => page.locator(".message.assistant .run-meta").last().textContent()).toBe("Done · 2 steps · 30 tokens");
    }
    await swahili.close();
    await unreadable.close();
  });
});
