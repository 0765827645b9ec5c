// What the learner sees, in Chromium against the Worker under wrangler dev, by keyboard (file choosing
// aside, which Chromium's picker cannot be driven for): a lesson whose math in every delimiter is MathML in
// the reader, the options and the feedback; its code highlighted; the standalone download opened from
// file:// with the same math; the printed page with its math (a screenshot and lesson-math.pdf in
// test-results/); a photo attached by the picker, by pasting and by dropping reaching the scripted model as
// an image part; the progress charts after answering; the Anki deck downloaded. Throughout: no console
// errors under the page's Content-Security-Policy, no failed request, no serious axe-core finding.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { downloadedText } from "../support/downloaded-text";
import { PNG_BASE64, PNG_DATA_URL } from "../support/images";
import { MATH_LESSON } from "../support/math-lesson";
import { askByKeyboard, openStudyPage, startPageRig, type PageRig } from "../support/page-rig";
import { fromRoot } from "../support/paths";
import type { ScriptedModel } from "../support/scripted-model";
import type { WranglerDev } from "../support/wrangler-dev";

const TOKEN = "learner-view-token";
const RESULTS = fromRoot("test-results");

let rig: PageRig | undefined;
let model: ScriptedModel;
let worker: WranglerDev;
let browser: Browser;

/** A session that has answered nothing has no learner yet: its /progress is a 404, which the page shows as "no answers yet". */
const openPage = (viewport = { width: 1280, height: 900 }) => openStudyPage(browser, worker.url, TOKEN, viewport, (url) => url.includes("/progress"));

async function ask(page: Page, text: string): Promise<void> {
  await askByKeyboard(page, text);
  await expect.poll(() => page.locator(".message.assistant").last().locator(".run-meta").textContent(), { timeout: 20_000 }).toMatch(/^Done/);
}

type WirePart = { type: string; text?: string; image_url?: { url: string } };
const imageParts = (key: string) =>
  model
    .requests(key)
    .map((r) =>
      ((r.messages.at(-1)!.content as WirePart[] | string) instanceof Array ? (r.messages.at(-1)!.content as WirePart[]) : []).filter(
        (p) => p.type === "image_url",
      ),
    );

describe("what the learner sees on the page", () => {
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    ({ model, worker, browser } = rig = await startPageRig({ API_TOKEN: TOKEN, MODEL_VISION: "true", LESSON_ANSWER_CHECK: "false" }));
  }, 180_000);
  afterAll(() => rig?.close());

  it("renders math as MathML and code highlighted in the reader, the options, the feedback, the download and print", { timeout: 90_000 }, async () => {
    const marker = model.script("math-lesson", [
      { toolCalls: [{ name: "save_document", args: { filename: "derivatives-math", title: "Derivatives", topic: "calculus", content: MATH_LESSON } }] },
      { text: "Your lesson is saved. Remember: $\\frac{d}{dx}x^2 = 2x$." },
    ]);
    const { page, problems } = await openPage();
    await ask(page, `${marker} Teach me derivatives`);
    // The answer's math is MathML too.
    expect(await page.locator(".message.assistant .text math").count()).toBe(1);

    await page.locator(".activity li.saved button").focus();
    await page.keyboard.press("Enter");
    const body = page.locator("#lesson-body");
    await expect.poll(() => body.locator("math").count()).toBeGreaterThan(10);
    const display = await body.locator('math[display="block"] annotation').allTextContents();
    expect(display).toEqual(["\\frac{d}{dx} x^n = n x^{n-1}", "\\int_0^1 x^2 \\, dx = \\tfrac{1}{3}"]);
    expect(await body.locator("math annotation", { hasText: "f'(x) = \\lim_{h \\to 0}" }).count()).toBe(1);
    expect(await body.locator("code.math-error").textContent()).toBe("$\\frac{1}{$");
    expect(await body.locator("pre code.hljs .hljs-keyword").first().textContent()).toBe("def");
    expect(await body.locator("pre code.hljs .hljs-string").first().textContent()).toContain("The derivative");
    expect(
      await page
        .locator("pre code.hljs")
        .first()
        .screenshot({ path: resolve(RESULTS, "web-page-code.png") }),
    ).toBeTruthy();

    // Exercises: the question's math is in the lesson; a wrong choice's feedback shows its math too.
    const second = page.getByRole("form", { name: "Answer exercise 1.2" });
    await second.getByRole("radio").first().focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => second.locator(".verdict").getAttribute("data-verdict")).toBe("incorrect");
    expect(await second.locator(".verdict math").count()).toBeGreaterThan(0);
    const third = page.getByRole("form", { name: "Answer exercise 1.3" });
    await third.getByRole("textbox").focus();
    await page.keyboard.type("5x^4");
    await page.keyboard.press("Enter");
    await expect.poll(() => third.locator(".verdict").getAttribute("data-verdict")).toBe("correct");
    // "Expected: $5x^4$" as math.
    expect(await third.locator(".expected math annotation").textContent()).toBe("5x^4");

    // The standalone download, opened from file:// with no server: the same math, no errors.
    const [html] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "HTML" }).click()]);
    const file = resolve(RESULTS, "derivatives-math.html");
    await html.saveAs(file);
    const offline = await browser.newPage();
    const offlineProblems: string[] = [];
    offline.on("console", (m) => m.type() === "error" && offlineProblems.push(m.text()));
    offline.on("request", (r) => !r.url().startsWith("file:") && !r.url().startsWith("data:") && offlineProblems.push(`request: ${r.url()}`));
    await offline.goto(pathToFileURL(file).href);
    // The lesson's own math; the answer forms (and their feedback) stay on the page.
    const lessonMath = await body.evaluate((b) => [...b.querySelectorAll("math")].filter((m) => !m.closest("form")).length);
    expect(await offline.locator("math").count()).toBe(lessonMath);
    expect(await offline.locator('math[display="block"]').count()).toBe(2);
    expect(await offline.locator("pre code.hljs .hljs-keyword").count()).toBeGreaterThan(0);
    expect(await offline.locator("form, input, button").count()).toBe(0);
    expect(offlineProblems).toEqual([]);
    await offline.screenshot({ path: resolve(RESULTS, "lesson-standalone.png"), fullPage: true });
    await offline.close();

    // Print: the lesson alone, its math laid out (a fraction's numerator above its denominator), as a PDF.
    await page.emulateMedia({ media: "print" });
    const fraction = body.locator('math[display="block"] mfrac').first();
    expect(await fraction.isVisible()).toBe(true);
    const [num, den] = await fraction.evaluate((el) => [...el.children].map((c) => c.getBoundingClientRect().top));
    expect(num!).toBeLessThan(den!);
    await body
      .locator('math[display="block"]')
      .first()
      .screenshot({ path: resolve(RESULTS, "lesson-print-math.png") });
    const pdf = await page.pdf({ path: resolve(RESULTS, "lesson-math.pdf"), format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.emulateMedia({ media: "screen" });

    // The lesson's exercises as an Anki deck.
    const [deck] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Anki deck" }).click()]);
    expect(deck.suggestedFilename()).toBe("derivatives-math-anki.txt");
    const deckText = await downloadedText(deck);
    expect(deckText.split("\n").slice(0, 2)).toEqual(["#separator:tab", "#html:true"]);
    expect(deckText).toContain("\\(x^2\\)");

    // The progress charts, drawn from the two answers.
    const charts = page.locator("#progress-charts");
    await expect.poll(() => charts.locator('figure[data-chart="answers"] svg[role="img"]').count()).toBe(1);
    // Drawn again after each answer, in the background: the first answer's may still be on show.
    await expect.poll(() => charts.locator('figure[data-chart="answers"] svg').getAttribute("aria-label")).toContain("2 answers");
    expect(await charts.locator('figure[data-chart="weak"] svg').getAttribute("aria-label")).toContain("Weak concepts");

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: resolve(RESULTS, "web-page-math-desktop.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends photos attached by the picker, by pasting and by dropping to the model as image parts", { timeout: 60_000 }, async () => {
    const marker = model.script("photos", [{ text: "I see your working." }, { text: "Pasted one seen." }, { text: "Dropped one seen." }]);
    const { page, problems } = await openPage({ width: 390, height: 844 });
    const png = Buffer.from(PNG_BASE64, "base64");

    // The picker (its label is a keyboard-reachable control; the dialog itself is the browser's).
    await page.locator("#attach").setInputFiles({ name: "homework.png", mimeType: "image/png", buffer: png });
    await expect.poll(() => page.locator("#attachments img").count()).toBe(1);
    await ask(page, `${marker} Is my working right?`);
    expect(await page.locator(".message.user .photos img").first().getAttribute("src")).toBe(PNG_DATA_URL);
    expect(await page.locator("#attachments li").count()).toBe(0);

    // Pasting an image into the question box.
    await page.locator("#topic").focus();
    await page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "pasted.png", { type: "image/png" }));
      document.getElementById("topic").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(() => page.locator("#attachments img").count()).toBe(1);
    await ask(page, "And this one?");

    // Dropping one on the composer; a file that is no image is refused with a note.
    await page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(PNG_BASE64)}), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
      data.items.add(new File(["not a picture"], "notes.txt", { type: "text/plain" }));
      const composer = document.getElementById("composer");
      composer.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
      composer.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(() => page.locator("#attachments img").count()).toBe(1);
    expect(await page.locator("#status").textContent()).toContain("1 photo attached");
    await ask(page, "And the last one?");

    // Each question reached the model with its photo as an image part.
    expect(imageParts("photos").map((parts) => parts.map((p) => p.image_url!.url))).toEqual([[PNG_DATA_URL], [PNG_DATA_URL], [PNG_DATA_URL]]);
    // Reloaded, the conversation shows the stored photos again.
    await page.reload();
    await expect.poll(() => page.locator(".message.user .photos img[src^='data:image/png']").count(), { timeout: 10_000 }).toBe(3);

    // At phone width nothing overflows sideways.
    expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: resolve(RESULTS, "web-page-photos-phone.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });
});
