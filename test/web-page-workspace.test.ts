// The web page as a place to work, in Chromium at desktop and phone widths against the Worker under
// wrangler dev: keyboard only, ask; approve the tool call inline; watch the activity (tools, the saved
// lesson with its findings); open the lesson, follow its table of contents, download it as Markdown and
// as standalone HTML, print it to PDF (the print stylesheet shows the lesson alone). Throughout: no
// console errors, every request succeeds, and axe-core finds no serious or critical violations.
// Screenshots and the PDF land in test-results/ (git-ignored).
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./support/chromium";
import { fixtureWebVars, startFixtureWeb } from "./support/fixture-web";
import type { PageServer } from "./support/page-server";
import { ScriptedModel } from "./support/scripted-model";
import { studyReplies } from "./support/study-script";
import { ASK_PREFIX, TEST_PERMISSIONS } from "./support/trust-fixtures";
import { startWranglerDev, type WranglerDev } from "./support/wrangler-dev";

const TOKEN = "workspace-test-token";
const RESULTS = resolve(import.meta.dirname, "../test-results");
const AXE = readFileSync(resolve(import.meta.dirname, "../node_modules/axe-core/axe.min.js"), "utf8");
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

let model: ScriptedModel;
let web: PageServer;
let worker: WranglerDev | undefined;
let browser: Browser | undefined;

/** A page with the token already set, and a record of everything that went wrong on it. */
async function openPage(viewport: { width: number; height: number }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser!.newPage({ viewport, acceptDownloads: true });
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  await page.addInitScript((token) => localStorage.setItem("studyagent.token", token), TOKEN);
  await page.goto(worker!.url + "/");
  return { page, problems };
}

/** axe-core's serious and critical findings (evaluated over CDP: the page's CSP allows no injected script). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)")) as {
    id: string;
    impact: string;
    nodes: { target: string[] }[];
  }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("the web page as a workspace", () => {
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    [model, web] = await Promise.all([new ScriptedModel().listen(), startFixtureWeb()]);
    [worker, browser] = await Promise.all([
      startWranglerDev({
        vars: {
          ...model.workerVars,
          ...fixtureWebVars(web),
          API_TOKEN: TOKEN,
          PERMISSIONS: JSON.stringify(TEST_PERMISSIONS),
        },
      }),
      launchChromium(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
    await Promise.all([model?.close(), web?.close()]);
  });

  it("at desktop width, by keyboard: ask, approve inline, read the lesson, download it, print it", { timeout: 90_000 }, async () => {
    const marker = model.script("workspace", [
      { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] },
      ...studyReplies(web.origin, "workspace-lesson"),
    ]);
    const { page, problems } = await openPage(WIDTHS.desktop);
    await expect.poll(() => page.locator("#session-select").inputValue()).not.toBe("");

    // Keyboard only: the skip link leads to the question box; Enter sends.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await page.evaluate("document.activeElement.id")).toBe("topic");
    await page.keyboard.type(`${marker} I want to learn derivatives`);
    await page.keyboard.press("Enter");

    // The approval appears inline with Allow focused; Enter allows, and the run goes on in the same answer.
    const approval = page.locator(".activity .approval");
    await expect.poll(() => approval.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate("document.activeElement.textContent")).toBe("Allow");
    await page.keyboard.press("Enter");
    const bubble = page.locator(".message.assistant").last();
    await expect.poll(() => bubble.locator(".run-meta").textContent(), { timeout: 20_000 }).toMatch(/^Done/);
    expect(await approval.textContent()).toContain("Allowed");
    const activity = await bubble.locator(".activity > li").allTextContents();
    expect(activity.some((t) => t.startsWith("web_search · derivatives introduction"))).toBe(true);
    expect(activity.some((t) => t.startsWith(`fetch_webpage · ${web.origin}/articles/derivatives`))).toBe(true);
    expect(activity.some((t) => t.startsWith("Saved “Derivatives”"))).toBe(true);

    // The lesson: opened by keyboard, with a table of contents that leads to its chapters.
    await bubble.locator(".activity li.saved button").focus();
    await page.keyboard.press("Enter");
    const toc = page.getByRole("navigation", { name: "Contents" });
    await expect.poll(() => toc.locator("a").count()).toBeGreaterThan(2);
    const firstChapter = toc.locator("a", { hasText: "Chapter 1" }).first();
    await firstChapter.focus();
    await page.keyboard.press("Enter");
    expect(new URL(page.url()).hash).toMatch(/^#lesson-section-\d+$/);

    // Downloads: the Markdown as saved, and a standalone HTML file.
    const [markdown] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Markdown" }).click()]);
    expect(markdown.suggestedFilename()).toBe("workspace-lesson.md");
    expect(readFileSync((await markdown.path())!, "utf8")).toContain("## Chapter 1");
    const [html] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "HTML" }).click()]);
    expect(html.suggestedFilename()).toBe("workspace-lesson.html");
    const standalone = readFileSync((await html.path())!, "utf8");
    expect(standalone).toMatch(/^<!doctype html>/);
    expect(standalone).toContain("<h2");
    expect(standalone).not.toContain("<script");

    // Print: the lesson alone, as Chromium's page.pdf() renders it.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("#composer").isVisible()).toBe(false);
    expect(await page.locator("header.top").isVisible()).toBe(false);
    expect(await page.locator("#lesson-body h2").first().isVisible()).toBe(true);
    const pdf = await page.pdf({ path: resolve(RESULTS, "lesson.pdf"), format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(10_000);
    await page.emulateMedia({ media: "screen" });

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: resolve(RESULTS, "web-page-desktop.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("at phone width: fits, opens a saved lesson, and stays accessible", { timeout: 60_000 }, async () => {
    const { page, problems } = await openPage(WIDTHS.phone);
    const entry = page.locator("#lesson-list button").first();
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    await entry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("navigation", { name: "Contents" }).locator("a").count()).toBeGreaterThan(2);
    expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(WIDTHS.phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: resolve(RESULTS, "web-page-phone.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
