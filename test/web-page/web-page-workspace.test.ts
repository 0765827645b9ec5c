// The web page as a place to work, in Chromium at desktop and phone widths against the Worker under
// wrangler dev: keyboard only, ask; approve the tool call inline; watch the activity (tools, the saved
// lesson with its findings, an MCP server to connect); open the lesson, follow its table of contents,
// download it as Markdown and as standalone HTML, print it to PDF (the print stylesheet shows the lesson
// alone); answer its exercises in place and see the verdicts and the progress; create a course and follow
// it through a failed and a written lesson; connect an OAuth MCP server from its panel; answer an MCP
// server's question (server-everything's elicitation) in the form generated from its schema. Throughout: no
// console errors, every request succeeds, and axe-core finds no serious or critical violations.
// Screenshots and the PDF land in test-results/ (git-ignored).
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { launchChromium } from "../support/chromium";
import { downloadedText } from "../support/downloaded-text";
import { lessonReplies, SYLLABUS, SYLLABUS_REPLY } from "../support/course-script";
import { fixtureWebVars, startFixtureWeb } from "../support/fixture-web";
import { startEverything, type EverythingServer } from "../support/mcp-everything";
import { startOAuthMcpServer, type OAuthMcpServer } from "../support/mcp-oauth-server";
import type { PageServer } from "../support/page-server";
import { ScriptedModel } from "../support/scripted-model";
import { studyReplies } from "../support/study-script";
import { ASK_PREFIX, TEST_PERMISSIONS } from "../support/trust-fixtures";
import { startWranglerDev, type WranglerDev } from "../support/wrangler-dev";
import { askByKeyboard, openStudyPage } from "../support/page-rig";
import { refreshUntil } from "../support/refresh-until";
import { fromRoot } from "../support/paths";

const TOKEN = "workspace-test-token";
const RESULTS = fromRoot("test-results");
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

let model: ScriptedModel;
let web: PageServer;
let notes: OAuthMcpServer;
let everything: EverythingServer;
let worker: WranglerDev | undefined;
let browser: Browser | undefined;

/** A page with the token already set, and a record of everything that went wrong on it. */
const openPage = (viewport: { width: number; height: number }) => openStudyPage(browser!, worker!.url, TOKEN, viewport);

/**
 * The desktop walks go on in one tab, as a learner's afternoon would: each opened its own, and loading the page
 * (some 50 modules) was a third of this file's time. Each walk still ends with its own checks (finish).
 */
let desktop: Promise<{ page: Page; problems: string[] }> | undefined;
const desktopPage = () => (desktop ??= openPage(WIDTHS.desktop));

/** The end of every walk: no serious accessibility findings, a screenshot, and nothing went wrong (so far, in a shared tab). */
async function finish(page: Page, problems: string[], screenshot: string): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: resolve(RESULTS, `${screenshot}.png`), fullPage: true });
  expect(problems).toEqual([]);
}

describe("the web page as a workspace", () => {
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    [model, web, notes, everything] = await Promise.all([
      new ScriptedModel().listen(),
      startFixtureWeb(),
      startOAuthMcpServer(),
      startEverything("streamableHttp"),
    ]);
    [worker, browser] = await Promise.all([
      startWranglerDev({
        vars: {
          ...model.workerVars,
          ...fixtureWebVars(web),
          API_TOKEN: TOKEN,
          PERMISSIONS: JSON.stringify(TEST_PERMISSIONS),
          MCP_SERVERS: JSON.stringify({ mcpServers: { notes: { url: notes.url }, ev: { url: everything.url, allowTools: ["trigger-elicitation-request"] } } }),
          // A scripted 500 fails a run at once: the course's failed lesson.
          MODEL_MAX_RETRIES: "0",
        },
        // GET /__scheduled runs the cron tick that writes courses' lessons.
        args: ["--test-scheduled"],
      }),
      launchChromium(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await (await desktop?.catch(() => undefined))?.page.close();
    await browser?.close();
    await worker?.stop();
    await Promise.all([model?.close(), web?.close(), notes?.close(), everything?.stop()]);
  });

  it("at desktop width, by keyboard: ask, approve inline, read the lesson, download it, print it", { timeout: 90_000 }, async () => {
    const marker = model.script("workspace", [
      { toolCalls: [{ name: "calculate", args: { expression: `${ASK_PREFIX}1` } }] },
      ...studyReplies(web.origin, "workspace-lesson"),
    ]);
    const { page, problems } = await desktopPage();

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
    // The MCP server that needs OAuth is left out of the run, with a Connect button in the activity.
    expect(await bubble.locator(".activity li.authorization button").textContent()).toBe("Connect notes");

    // The lesson: opened by keyboard, with a table of contents that leads to its chapters.
    await bubble.locator(".activity li.saved button").focus();
    await page.keyboard.press("Enter");
    const toc = page.getByRole("navigation", { name: "Contents" });
    await expect.poll(() => toc.locator("a").count()).toBeGreaterThan(2);
    const firstChapter = toc.locator("a", { hasText: "Chapter 1" }).first();
    await firstChapter.focus();
    await page.keyboard.press("Enter");
    // Read in the page: Playwright's page.url() learns of a same-document navigation by an event that can lag.
    await expect.poll(() => page.evaluate("location.hash")).toMatch(/^#lesson-section-\d+$/);

    // Downloads: the Markdown as saved, and a standalone HTML file.
    const [markdown] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Markdown" }).click()]);
    expect(markdown.suggestedFilename()).toBe("workspace-lesson.md");
    expect(await downloadedText(markdown)).toContain("## Chapter 1");
    const [html] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "HTML" }).click()]);
    expect(html.suggestedFilename()).toBe("workspace-lesson.html");
    const standalone = await downloadedText(html);
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

    await finish(page, problems, "web-page-desktop");
  });

  it("at desktop width, by keyboard: answers the lesson's exercises in place and shows the progress", { timeout: 60_000 }, async () => {
    const { page, problems } = await desktopPage();
    const entry = page.locator('#lesson-list button[data-key="workspace-lesson.md"]');
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    // The lesson is still on show from the walk before: its forms are marked, so that the ones the entry opens are told apart.
    const forms = page.locator("form.exercise-answer:not([data-from-before])");
    await forms.evaluateAll((all) => all.forEach((form) => form.setAttribute("data-from-before", "")));
    await entry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => forms.count()).toBe(10);
    // Each form sits under its own exercise: the heading before it names it.
    const headingBefore = (await forms.evaluateAll((all) =>
      all.map((form) => {
        let node = form.previousElementSibling;
        while (node && !/^H[1-6]$/.test(node.tagName)) node = node.previousElementSibling;
        return node?.textContent;
      }),
    )) as string[];
    expect(headingBefore.slice(0, 3)).toEqual(["Exercise 1.1 (Multiple choice)", "Exercise 1.2 (Multiple choice)", "Exercise 1.3 (Fill in the blank)"]);
    await expect.poll(() => page.locator("#lesson-progress").textContent()).toMatch(/^Your progress: 0 answered/);

    // Multiple choice: arrow keys pick B, Tab reaches Check, Enter sends.
    const first = page.getByRole("form", { name: "Answer exercise 1.1" });
    await first.getByRole("radio").first().focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const verdict = first.locator(".verdict");
    await expect.poll(() => verdict.getAttribute("data-verdict")).toBe("correct");
    expect(await verdict.textContent()).toContain("Expected: B");
    await expect.poll(() => page.locator("#lesson-progress").textContent()).toMatch(/1 answered · 1 correct \(100 %\).*this lesson: 1 of 10 exercises tried/);

    // A wrong choice is said so, with the right one.
    const second = page.getByRole("form", { name: "Answer exercise 1.2" });
    await second.getByRole("radio").first().focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => second.locator(".verdict").getAttribute("data-verdict")).toBe("incorrect");
    expect(await second.locator(".verdict").textContent()).toContain("Power rule");

    // Fill in the blank: type, Enter.
    const third = page.getByRole("form", { name: "Answer exercise 1.3" });
    await third.getByRole("textbox").focus();
    await page.keyboard.type("5x^4");
    await page.keyboard.press("Enter");
    await expect.poll(() => third.locator(".verdict").getAttribute("data-verdict")).toBe("correct");
    await expect.poll(() => page.locator("#lesson-progress").textContent()).toMatch(/3 answered · 2 correct \(67 %\).*this lesson: 3 of 10 exercises tried/);

    // The printed book has no forms.
    await page.emulateMedia({ media: "print" });
    expect(await forms.first().isVisible()).toBe(false);
    await page.emulateMedia({ media: "screen" });
    await finish(page, problems, "web-page-exercises-desktop");
  });

  it("at desktop width, by keyboard: creates a course and follows it through a failed lesson and a written one", { timeout: 90_000 }, async () => {
    const marker = model.script("course", [SYLLABUS_REPLY, { status: 500 }, ...lessonReplies("page-course-one", "What a vector is")]);
    const { page, problems } = await desktopPage();
    await page.locator("#course-topic").focus();
    await page.keyboard.type(`${marker} Vectors`);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#course-status").textContent()).toMatch(/^Created the course/);
    const course = page.locator("li.course", { hasText: "Vectors" });
    await refreshUntil(page, "#refresh-courses", "/v1/courses", async () =>
      /^Active · 0 lessons$/.test((await course.locator(".meta").first().textContent()) ?? ""),
    );

    // Its details, by keyboard: the syllabus the agent planned and when the first lesson comes.
    await course.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await course.locator(".syllabus li").allTextContents()).toEqual(SYLLABUS);
    expect(await course.locator(".next-lesson").textContent()).toMatch(/^Next lesson: /);

    // The tick's lesson run fails: the course shows the error.
    expect((await fetch(`${worker!.url}/__scheduled?cron=0+*+*+*+*`)).status).toBe(200);
    await refreshUntil(page, "#refresh-courses", "/v1/courses", async () => (await course.locator(".failed").count()) === 1);
    expect(await course.locator(".failed").textContent()).toMatch(/^Last error, .* \(lesson of \d{4}-\d\d-\d\dT00:00Z\): /);
    await course.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, "web-page-course-error-desktop.png") });

    // The next tick writes it: the lesson so far opens in the reader; the next one is tomorrow.
    expect((await fetch(`${worker!.url}/__scheduled?cron=0+*+*+*+*`)).status).toBe(200);
    await refreshUntil(page, "#refresh-courses", "/v1/courses", async () => (await course.locator(".course-lessons button").count()) === 1);
    expect(await course.locator(".failed").count()).toBe(0);
    expect(await course.locator(".meta").first().textContent()).toBe("Active · 1 lesson");
    expect(await course.locator(".syllabus li[data-done=true]").allTextContents()).toEqual(["What a vector is"]);
    expect(await course.locator(".next-lesson").textContent()).toMatch(/^Next lesson: (?!due now)/);
    const lesson = course.locator(".course-lessons button");
    expect(await lesson.textContent()).toBe("1. Vectors — What a vector is");
    await lesson.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#lesson-view-title").textContent()).toBe("page-course-one.md");
    await finish(page, problems, "web-page-courses-desktop");
  });

  it("at desktop width, by keyboard: connects an OAuth MCP server from its panel", { timeout: 60_000 }, async () => {
    const { page, problems } = await desktopPage();
    const server = page.locator('#mcp-list li[data-server="notes"]');
    await expect.poll(() => server.getAttribute("data-status"), { timeout: 15_000 }).toBe("needs_authorization");
    // Connect opens the server's consent page; it sends the browser back to the Worker's callback.
    await server.getByRole("button", { name: "Connect notes" }).focus();
    const [popup] = await Promise.all([page.context().waitForEvent("page"), page.keyboard.press("Enter")]);
    await popup.waitForURL(/\/v1\/mcp\/oauth\/callback\?/, { timeout: 15_000 });
    await popup.close();
    await refreshUntil(page, "#refresh-mcp", "/v1/mcp", async () => (await server.getAttribute("data-status")) === "connected");
    expect(await server.locator(".meta").textContent()).toMatch(/ · \d+ tools?$/);
    expect(await server.getByRole("button").count()).toBe(0);
    await finish(page, problems, "web-page-mcp-desktop");
  });

  it("at desktop width, by keyboard: answers an MCP server's question in the form generated from its schema", { timeout: 60_000 }, async () => {
    const marker = model.script("elicit", [{ toolCalls: [{ name: "mcp__ev__trigger-elicitation-request", args: {} }] }, { text: "Thanks, noted." }]);
    const { page, problems } = await desktopPage();
    // A conversation of its own: the scripted model answers the first script a conversation names.
    const before = await page.locator("#session-select").inputValue();
    await page.locator("#new-session").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#session-select").inputValue()).not.toBe(before);
    await askByKeyboard(page, `${marker} ask me`);

    const box = page.locator(".activity .input-request");
    await expect.poll(() => box.count(), { timeout: 15_000 }).toBe(1);
    expect(await box.locator("p").first().textContent()).toBe("ev asks: Please provide inputs for the following fields:");
    const form = box.getByRole("form", { name: "Answer ev" });
    // The schema's fields, with their titles, formats, bounds, defaults and choices.
    const name = form.getByRole("textbox", { name: "String (required)", exact: true });
    expect(await page.evaluate("document.activeElement.name")).toBe("name");
    expect(await name.getAttribute("required")).not.toBeNull();
    expect(await form.getByLabel("String with email format", { exact: true }).getAttribute("type")).toBe("email");
    expect(await form.getByLabel("String with uri format", { exact: true }).getAttribute("type")).toBe("url");
    expect(await form.getByLabel("String with date format", { exact: true }).getAttribute("type")).toBe("date");
    expect(await form.getByLabel("String with default", { exact: true }).inputValue()).toBe("It was a dark and stormy night.");
    const integer = form.getByLabel("Integer", { exact: true });
    expect([await integer.inputValue(), await integer.getAttribute("min"), await integer.getAttribute("max"), await integer.getAttribute("step")]).toEqual([
      "42",
      "1",
      "100",
      "1",
    ]);
    expect(await form.getByLabel("Untitled Single Select Enum", { exact: true }).inputValue()).toBe("Monica");
    expect(await form.getByLabel("Titled Single Select Enum", { exact: true }).locator("option").allTextContents()).toEqual([
      "(none)",
      "Superman",
      "Green Lantern",
      "Wonder Woman",
    ]);
    const fish = form.getByRole("group", { name: "Titled Multiple Select Enum", exact: true });
    expect(await fish.getByRole("checkbox", { name: "Tuna", exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel("Untitled Single Select Enum", { exact: true }).getAttribute("aria-describedby")).toBeTruthy();

    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, "web-page-elicitation-form-desktop.png") });

    // Enter with the required field empty: the browser's check stops it (the field's invalid event), nothing is
    // sent: the answers the page sends from here on are counted, and the one sent later must be the first.
    const answersSent: Request[] = [];
    page.on("request", (r) => void (r.method() === "POST" && new URL(r.url()).pathname.includes("/inputs/") && answersSent.push(r)));
    await name.evaluate((input) => input.addEventListener("invalid", () => input.setAttribute("data-refused-empty", ""), { once: true }));
    await page.keyboard.press("Enter");
    await expect.poll(() => name.getAttribute("data-refused-empty")).toBe("");
    expect(await box.getByRole("form").count()).toBe(1);
    // Fill it, tick the boolean, add a fish, accept with Enter.
    await page.keyboard.type("Ada Lovelace");
    await form.getByRole("checkbox", { name: "Boolean", exact: true }).focus();
    await page.keyboard.press("Space");
    await fish.getByRole("checkbox", { name: "Trout", exact: true }).focus();
    await page.keyboard.press("Space");
    await name.focus();
    await page.keyboard.press("Enter");

    const bubble = page.locator(".message.assistant").last();
    await expect.poll(() => bubble.locator(".run-meta").textContent(), { timeout: 20_000 }).toMatch(/^Done/);
    expect(answersSent.map((r) => JSON.parse(r.postData() ?? "{}").content?.name)).toEqual(["Ada Lovelace"]);
    expect(await box.textContent()).toBe("Answered: ev asked “Please provide inputs for the following fields:”");
    expect(await bubble.locator(".text").textContent()).toContain("Thanks, noted.");
    // What the server received, as its tool result told the model: the answers and the defaults.
    const result = String(model.requests("elicit")[1]?.messages.find((m) => m.role === "tool")?.content ?? "");
    for (const part of ["- Name: Ada Lovelace", "- Agreed to terms: true", "- Favorite Integer: 42", '"fish-1"', '"fish-3"', '"Monica"', '"hero-1"'])
      expect(result).toContain(part);
    await finish(page, problems, "web-page-elicitation-desktop");
  });

  it("at phone width, by keyboard: fits; declines an MCP server's question, answers an exercise, sees the panels", { timeout: 60_000 }, async () => {
    const marker = model.script("elicit-phone", [{ toolCalls: [{ name: "mcp__ev__trigger-elicitation-request", args: {} }] }, { text: "Maybe later." }]);
    const { page, problems } = await openPage(WIDTHS.phone);
    const fits = async () => expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(WIDTHS.phone.width);

    // The generated form fits a phone; Decline sends no content and the run goes on.
    await page.locator("#topic").focus();
    await page.keyboard.type(`${marker} ask me`);
    await page.keyboard.press("Enter");
    const box = page.locator(".activity .input-request");
    await expect.poll(() => box.count(), { timeout: 15_000 }).toBe(1);
    await fits();
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: resolve(RESULTS, "web-page-elicitation-form-phone.png") });
    await box.getByRole("button", { name: "Decline" }).focus();
    await page.keyboard.press("Enter");
    const bubble = page.locator(".message.assistant").last();
    await expect.poll(() => bubble.locator(".run-meta").textContent(), { timeout: 20_000 }).toMatch(/^Done/);
    expect(await box.textContent()).toMatch(/^Declined: ev asked/);
    const result = String(model.requests("elicit-phone")[1]?.messages.find((m) => m.role === "tool")?.content ?? "");
    expect(result).toContain("User declined");

    // The lesson with its exercise forms; one answered.
    const entry = page.locator('#lesson-list button[data-key="workspace-lesson.md"]');
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    await entry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("navigation", { name: "Contents" }).locator("a").count()).toBeGreaterThan(2);
    await expect.poll(() => page.locator("form.exercise-answer").count()).toBe(10);
    const third = page.getByRole("form", { name: "Answer exercise 1.3" });
    await third.getByRole("textbox").focus();
    await page.keyboard.type("5 x^4");
    await page.keyboard.press("Enter");
    await expect.poll(() => third.locator(".verdict").getAttribute("data-verdict")).toBe("correct");
    await fits();

    // The panels, with what the desktop walks made.
    await expect.poll(() => page.locator("li.course").count()).toBe(1);
    await page.locator("li.course summary").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('#mcp-list li[data-server="notes"]').getAttribute("data-status")).toBe("connected");
    await fits();
    await finish(page, problems, "web-page-phone");
    await page.close();
  });
});
