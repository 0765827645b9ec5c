// A lesson's link opens it on the page for someone without an API key, in Chromium against the Worker
// under wrangler dev: the chats send it so a learner sees the formulas rendered, and the Share button gives
// it to whoever reads the lesson. The token in the link's fragment reads that lesson (its formulas drawn by
// KaTeX, its language declared), and the page asks nothing else of the API that would need a key.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageSheet } from "../support/language-sheets";
import { askByKeyboard, openStudyPage, startPageRig, type PageRig } from "../support/page-rig";

const TOKEN = "shared-lesson-page-token";
const LESSON = `${languageSheet("es").lesson}\n\nLa derivada: $\\lim_{h \\to 0} \\frac{f(x+h) - f(x)}{h}$\n`;

let rig: PageRig | undefined;

describe("a shared lesson's link", () => {
  beforeAll(async () => {
    rig = await startPageRig({ API_TOKEN: TOKEN, LESSON_ANSWER_CHECK: "false" });
  }, 180_000);
  afterAll(() => rig?.close());

  it("from the Share button opens the lesson, formulas drawn, in a browser with no key", { timeout: 90_000 }, async () => {
    const { model, worker, browser } = rig!;
    const marker = model.script("shared-lesson", [
      { toolCalls: [{ name: "save_document", args: { filename: "derivadas", title: "Derivadas", topic: "math", content: LESSON } }] },
      { text: "Guardada." },
    ]);
    const { page } = await openStudyPage(browser, worker.url, TOKEN, { width: 1280, height: 900 });
    await askByKeyboard(page, `${marker} Enséñame derivadas`);
    await page.getByRole("button", { name: "Open derivadas.md" }).click();
    await expect.poll(() => page.locator("#lesson-body .katex").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Share" }).click();
    await expect.poll(() => page.locator("#status").textContent()).toContain("#share=");
    const url = /https?:\/\/\S+/.exec((await page.locator("#status").textContent())!)![0];
    expect(url).toMatch(/\?lesson=derivadas\.md#share=[A-Za-z0-9_-]{22}$/);
    await page.close();

    // A browser of its own: no token stored, so only the link's token opens anything.
    const context = await browser.newContext();
    const stranger: Page = await context.newPage();
    const refused: string[] = [];
    stranger.on("response", (r) => r.status() >= 400 && r.url().includes("/v1/") && refused.push(`${r.status()} ${new URL(r.url()).pathname}`));
    await stranger.goto(url);
    await expect.poll(() => stranger.locator("#lesson-body .katex").count()).toBeGreaterThan(0);
    expect(await stranger.locator("#lesson-body h1").textContent()).toContain("Porcentajes");
    expect(await stranger.locator("#lesson-body").getAttribute("lang")).toBe("es");
    expect(await stranger.locator("#download-deck").isHidden()).toBe(true);
    // Its first keyed request was refused, and the page went no further, showing no error for it.
    expect(refused.length).toBeLessThanOrEqual(1);
    expect((await stranger.locator("#status").textContent())?.trim() ?? "").toBe("");
    await context.close();
  });
});
