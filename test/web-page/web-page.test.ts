// The web page in a real headless Chromium against the Worker under wrangler dev and the scripted
// model: enter the API token, ask, watch the answer stream in and the plan's progress bar move, open
// the saved lesson (rendered from Markdown, its raw HTML inert), cancel a run; a screenshot is kept.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedRequest, Reply, ScriptedModel } from "../support/scripted-model";
import type { WranglerDev } from "../support/wrangler-dev";
import { startPageRig, type PageRig } from "../support/page-rig";
import { fromRoot } from "../support/paths";

/** What the checks read in the page (tsc here has no DOM types; the functions run in the browser). */
type InPage = {
  document: { getElementById(id: string): { value?: number } | null; querySelector(selector: string): { textContent: string | null } | null };
};

const TOKEN = "web-page-test-token";
const ARTIFACTS = fromRoot("test-artifacts");
const ANSWER = "Derivatives measure how fast a quantity changes. Your lesson covers limits, the derivative and its rules.";
const LESSON = [
  "# Derivatives",
  "",
  "A derivative is the **rate of change** of a function.",
  "",
  "<script>window.__injected = true</script>",
  '<img src="x" onerror="window.__injected = true">',
  "",
  "[a harmful link](javascript:window.__injected=true)",
].join("\n");

let rig: PageRig | undefined;
let model: ScriptedModel;
let worker: WranglerDev;
let browser: Browser;
/** The first walk's tab, token entered, kept for the cancel walk: loading the page again was most of that walk's time. */
let firstTab: Page | undefined;

const offered = (req: RecordedRequest, name: string) => (req.tools ?? []).some((t) => t.function.name === name);

/**
 * A lesson run shaped by the tools the Worker offers: a todo plan when todo_write exists (else a
 * calculate call), and a saved lesson when save_document exists. Later steps wait a little, so the
 * page shows each state before the next.
 */
function lessonRun(): Reply[] {
  let planning = false;
  let saving = false;
  const later = (calls: NonNullable<Reply["toolCalls"]>): Reply => ({ toolCalls: calls, delayMs: 600 });
  const plan = (todos: unknown[], merge = false) => ({ name: "todo_write", args: { todos, ...(merge ? { merge } : {}) } });
  const calculate = (expression: string) => ({ name: "calculate", args: { expression } });
  return [
    {
      dynamic: (req: RecordedRequest) => {
        planning = offered(req, "todo_write");
        saving = offered(req, "save_document");
        return {
          toolCalls: [
            planning
              ? plan([
                  { id: "1", text: "Read sources", status: "in_progress" },
                  { id: "2", text: "Write the lesson" },
                ])
              : calculate("12*7"),
          ],
        };
      },
    },
    {
      dynamic: () =>
        later([
          planning
            ? plan(
                [
                  { id: "1", status: "completed" },
                  { id: "2", status: "in_progress" },
                ],
                true,
              )
            : calculate("2+2"),
          ...(saving ? [{ name: "save_document", args: { filename: "derivatives", title: "Derivatives", topic: "calculus", content: LESSON } }] : []),
        ]),
    },
    { dynamic: () => later([planning ? plan([{ id: "2", status: "completed" }], true) : calculate("3+3")]) },
    { text: ANSWER, pieces: 12, chunkDelayMs: 120 },
  ];
}

async function openPage(viewport = { width: 1200, height: 900 }, path = "/"): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.on("pageerror", (e) => console.error("page error:", e));
  await page.goto(worker.url + path);
  return page;
}

async function enterToken(page: Page): Promise<void> {
  await page.locator("summary", { hasText: "Settings" }).click();
  await page.getByLabel("API token").fill(TOKEN);
  await page.getByLabel("API token").press("Tab");
}

async function ask(page: Page, text: string): Promise<void> {
  await page.getByLabel("What do you want to learn?").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

describe("the web page in a real browser", () => {
  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ model, worker, browser } = rig = await startPageRig({ API_TOKEN: TOKEN }));
  }, 120_000);
  afterAll(async () => {
    await firstTab?.close();
    await rig?.close();
  });

  it("streams an answer with tool activity and plan progress, and opens the saved lesson safely", async () => {
    const marker = model.script("web-lesson", lessonRun());
    const page = await openPage();
    await expect.poll(() => page.locator("#status").textContent()).toContain("API token");
    await enterToken(page);
    await ask(page, `${marker} I want to learn derivatives`);

    await expect.poll(() => model.requests("web-lesson").length, { timeout: 10_000 }).toBeGreaterThan(0);
    const tools = (model.requests("web-lesson")[0]!.tools ?? []).map((t) => t.function.name);
    const bubble = page.locator(".message.assistant").last();
    if (tools.includes("todo_write")) {
      // The bar moves: 0 of 2, then 1 of 2, then 2 of 2.
      // Functions, not strings: the page's Content-Security-Policy forbids evaluating strings.
      for (const done of [0, 1, 2])
        await page.waitForFunction((n) => (globalThis as unknown as InPage).document.getElementById("plan-progress")?.value === n, done);
      await expect.poll(() => page.locator("#plan-count").textContent()).toBe("2 of 2 done");
    } else {
      await expect.poll(() => bubble.locator(".activity li").first().textContent()).toBe("calculate · 12*7");
    }

    // The answer arrives in pieces: the streaming text is seen partly written before it is whole.
    await page.waitForFunction((whole) => {
      const text = (globalThis as unknown as InPage).document.querySelector(".message.assistant:last-child .text.streaming")?.textContent ?? "";
      return text.length > 0 && text.length < whole;
    }, ANSWER.length);
    await expect.poll(() => bubble.locator(".run-meta").textContent(), { timeout: 15_000 }).toMatch(/^Done · \d+ steps/);
    expect(await bubble.locator(".text p").textContent()).toBe(ANSWER);
    // Every tool line ended with a mark; the plan tool has none (the plan shows it).
    const lines = () => bubble.locator(".activity li[data-status]").evaluateAll((items) => items.map((li) => [li.textContent, li.getAttribute("data-status")]));
    expect((await lines()).every(([, status]) => status === "success")).toBe(true);
    expect((await lines()).some(([text]) => text!.startsWith("todo_write"))).toBe(false);

    if (tools.includes("save_document")) {
      expect((await lines()).map(([text]) => text)).toContain("save_document · derivatives");
      expect(await bubble.locator(".activity li.saved").textContent()).toContain("Saved “Derivatives”");
      const entry = page.locator("#lesson-list button", { hasText: "Derivatives" });
      await entry.click();
      const lesson = page.locator("#lesson-body");
      await expect.poll(() => lesson.locator("h1").textContent()).toBe("Derivatives");
      expect(await lesson.locator("strong").textContent()).toBe("rate of change");
      // Raw HTML is shown as text, never run; the javascript: link keeps its words and loses its URL
      // (every URL form is covered by web-page-sanitizer.test.ts).
      expect(await lesson.textContent()).toContain("<script>window.__injected = true</script>");
      expect(await lesson.locator("script, img").count()).toBe(0);
      expect(await lesson.locator("a[href]").count()).toBe(0);
      expect(await page.evaluate("window.__injected")).toBeUndefined();
    } else {
      expect(await page.locator("#lessons-empty").isVisible()).toBe(true);
    }
    await page.screenshot({ path: resolve(ARTIFACTS, "web-page.png"), fullPage: true });

    // The session is remembered: a reload shows the conversation again.
    await page.reload();
    await expect.poll(() => page.locator(".message.user").first().textContent()).toContain("I want to learn derivatives");
    firstTab = page;
  });

  it("asks before sending into a session named by a link, and stays in the person's own session unless they confirm", async () => {
    const marker = model.script("web-linked", [{ text: "Noted." }]);
    const page = await openPage(undefined, "/?session=chosen-by-link");
    const notice = page.getByRole("alertdialog");
    await expect.poll(() => notice.textContent()).toContain("chosen-by-link");
    await page.getByRole("button", { name: "Stay in my session" }).click();
    expect(await notice.isVisible()).toBe(false);
    expect(await page.evaluate("location.search")).toBe("");
    await enterToken(page);
    await ask(page, `${marker} Remember this`);
    await expect.poll(() => page.locator(".message.assistant .run-meta").last().textContent(), { timeout: 10_000 }).toMatch(/^Done/);
    const linked = await fetch(`${worker.url}/v1/sessions/chosen-by-link`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(linked.status).toBe(404);
    expect(await page.locator("#session-select").inputValue()).not.toBe("chosen-by-link");

    // Confirmed, the link's session opens.
    await page.goto(worker.url + "/?session=shared-on-purpose");
    await page.getByRole("button", { name: "Open it" }).click();
    await expect.poll(() => page.locator("#session-select").inputValue()).toBe("shared-on-purpose");
    await page.close();
  });

  it("cancels a running run", async () => {
    const marker = model.script("web-cancel", [{ text: "This answer comes far too late.", delayMs: 20_000 }]);
    // The first walk's tab in a new session (the scripted model answers the first script a conversation names),
    // or, when this walk runs alone, a tab of its own.
    const page = firstTab ?? (await openPage());
    if (firstTab) {
      const before = await page.locator("#session-select").inputValue();
      await page.getByRole("button", { name: "New session" }).click();
      await expect.poll(() => page.locator("#session-select").inputValue()).not.toBe(before);
    } else await enterToken(page);
    await ask(page, `${marker} Explain everything`);
    const cancel = page.getByRole("button", { name: "Cancel" });
    await expect.poll(() => cancel.isEnabled()).toBe(true);
    await expect.poll(() => model.requests("web-cancel").length).toBe(1);
    await cancel.click();
    await expect.poll(() => page.locator(".message.assistant .run-meta").last().textContent(), { timeout: 10_000 }).toMatch(/^Cancelled/);
    expect(await page.getByRole("button", { name: "Send" }).isEnabled()).toBe(true);
    if (page !== firstTab) await page.close();
  });

  it("fits a phone's width", async () => {
    const page = await openPage({ width: 360, height: 740 });
    await expect.poll(() => page.locator("#composer").isVisible()).toBe(true);
    expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(360);
    await page.screenshot({ path: resolve(ARTIFACTS, "web-page-phone.png"), fullPage: true });
    await page.close();
  });
});
