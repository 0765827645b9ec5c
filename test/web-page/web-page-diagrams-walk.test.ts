// Diagrams on the real page, in Chromium against the Worker under wrangler dev (its assets, its policies):
// a lesson without a diagram loads neither the diagram frame nor mermaid; a lesson with a mermaid block
// shows it as an SVG image, and a block mermaid cannot read as its source; the standalone download carries
// the drawn diagram as an image and opens from file:// with no request; print shows it (a PDF in
// test-results/). Throughout: no console error under the page's policy, no failed request, axe clean.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { BROKEN_DIAGRAM, DIAGRAM_LESSON, FLOWCHART_ALT } from "../support/diagram-lesson";
import { askByKeyboard, sessionChosen, startPageRig, type PageRig } from "../support/page-rig";
import { fromRoot } from "../support/paths";
import { QUIZ_LESSON } from "../support/quiz-lesson";
import type { ScriptedModel } from "../support/scripted-model";
import type { WranglerDev } from "../support/wrangler-dev";

const TOKEN = "diagrams-token";
const RESULTS = fromRoot("test-results");

let rig: PageRig | undefined;
let model: ScriptedModel;
let worker: WranglerDev;
let browser: Browser;

describe("diagrams in the lesson reader", () => {
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    ({ model, worker, browser } = rig = await startPageRig({ API_TOKEN: TOKEN, LESSON_ANSWER_CHECK: "false" }, 150_000));
  }, 180_000);
  afterAll(() => rig?.close());

  it("draws a lesson's mermaid blocks only when it has them, in the reader, the download and print", { timeout: 120_000 }, async () => {
    const marker = model.script("diagrams", [
      {
        toolCalls: [
          { name: "save_document", args: { filename: "derivatives-plain", title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } },
          { name: "save_document", args: { filename: "derivatives-diagram", title: "Derivatives", topic: "calculus", content: DIAGRAM_LESSON } },
        ],
      },
      { text: "Two lessons saved." },
    ]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const problems: string[] = [];
    const requested: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    // The page's frame only: the diagram frame's sandbox has no storage.
    await page.addInitScript(`if (window === window.top) localStorage.setItem("studyagent.token", ${JSON.stringify(TOKEN)})`);
    await page.goto(worker.url + "/");
    await sessionChosen(page);
    await askByKeyboard(page, `${marker} Teach me derivatives, with a diagram`);
    await expect.poll(() => page.locator(".activity li.saved button").count(), { timeout: 20_000 }).toBe(2);
    const body = page.locator("#lesson-body");
    const diagramRequests = () => requested.filter((path) => path === "/diagram" || path.includes("mermaid"));

    // The lesson without a diagram: its code and math, and nothing of mermaid.
    await page.locator(".activity li.saved button").first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => body.locator("math").count()).toBeGreaterThan(0);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(diagramRequests()).toEqual([]);

    // The lesson with one: the flowchart an image of the diagram, the broken block its source.
    await page.locator(".activity li.saved button").nth(1).focus();
    await page.keyboard.press("Enter");
    const image = body.locator("figure.diagram img");
    // The frame loads and starts mermaid (5.5 MB) first: slow on a busy machine.
    await expect.poll(() => image.count(), { timeout: 60_000 }).toBe(1);
    expect(await image.getAttribute("alt")).toBe(FLOWCHART_ALT);
    expect(await image.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg%20/);
    await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(50);
    await expect.poll(() => body.locator("pre.diagram-error").count()).toBe(1);
    expect(await body.locator("pre.diagram-error code").textContent()).toBe(`${BROKEN_DIAGRAM}\n`);
    expect(diagramRequests()).toEqual(["/diagram", "/vendor/mermaid.min.js"]);
    const frame = await page.request.get(worker.url + "/diagram");
    expect(frame.headers()["content-security-policy"]).toMatch(/^sandbox allow-scripts; default-src 'none'; .*frame-ancestors 'self'/);
    expect(await seriousViolations(page)).toEqual([]);

    // The standalone download: the drawn diagram in it as an image, opened from file:// with no request.
    const [html] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "HTML" }).click()]);
    const file = resolve(RESULTS, "derivatives-diagram.html");
    await html.saveAs(file);
    const offline = await browser.newPage();
    const offlineProblems: string[] = [];
    offline.on("console", (m) => m.type() === "error" && offlineProblems.push(m.text()));
    offline.on("request", (r) => !r.url().startsWith("file:") && !r.url().startsWith("data:") && offlineProblems.push(`request: ${r.url()}`));
    await offline.goto(pathToFileURL(file).href);
    const offlineImage = offline.locator("figure.diagram img");
    expect(await offlineImage.getAttribute("alt")).toBe(FLOWCHART_ALT);
    await expect.poll(() => offlineImage.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(50);
    expect(await offline.locator("pre.diagram-error code").textContent()).toBe(`${BROKEN_DIAGRAM}\n`);
    expect(await offline.locator("iframe").count()).toBe(0);
    expect(offlineProblems).toEqual([]);
    await offline.close();

    // Print: the diagram is on the printed page, the renderer frame is not.
    await page.emulateMedia({ media: "print" });
    expect(await image.isVisible()).toBe(true);
    expect(await page.locator("iframe.diagram-renderer").isVisible()).toBe(false);
    await image.screenshot({ path: resolve(RESULTS, "lesson-print-diagram.png") });
    const pdf = await page.pdf({ path: resolve(RESULTS, "lesson-diagram.pdf"), format: "A4" });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.emulateMedia({ media: "screen" });

    expect(problems).toEqual([]);
    await page.close();
  });
});
