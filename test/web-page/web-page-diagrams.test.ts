// ```mermaid blocks in the page's renderer, in Chromium under the strict Content-Security-Policy: drawn by
// mermaid in the sandboxed diagram frame (/diagram, under the Worker's own policy for it) and shown as an
// SVG image with alt text; a block mermaid cannot read stays as its source; a lesson without one loads
// neither the frame nor mermaid; markup in a diagram's text stays text in the image, and what it tries in
// the frame that page's policy refuses; no other console error, no serious axe-core finding.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe";
import { BROKEN_DIAGRAM, FLOWCHART, FLOWCHART_ALT } from "../support/diagram-lesson";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";
import { BLANK_PAGE } from "../support/page-modules";

let opened: OpenedMarkdownPage;
let page: Page;
let problems: string[] = [];
const requested: string[] = [];

async function show(markdown: string): Promise<void> {
  // A string, so that the test's own bundler leaves the browser's dynamic import alone.
  await page.evaluate(`(async () => {
    const { renderInto } = await import("/js/markdown.js");
    renderInto(document.getElementById("out"), ${JSON.stringify(markdown)});
  })()`);
}

describe("mermaid diagrams in the page's Markdown", () => {
  beforeAll(async () => {
    opened = await openMarkdownPage(BLANK_PAGE);
    ({ page, problems } = opened);
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  }, 60_000);

  afterAll(() => opened?.close());

  it("loads neither the diagram frame nor mermaid for a lesson without a diagram", async () => {
    await show("# Derivatives\n\n```python\nprint(2 * 3)\n```\n\n```\nflowchart LR\n```\n");
    expect(await page.locator("#out pre").count()).toBe(2);
    expect(await page.locator("iframe").count()).toBe(0);
    expect(requested.filter((path) => path === "/diagram" || path.includes("mermaid"))).toEqual([]);
    expect(problems).toEqual([]);
  });

  // The first diagram waits for the frame to load and start mermaid (5.5 MB): slow on a busy machine.
  it("draws a mermaid block as an SVG image named by its title, mermaid loaded in the sandboxed frame", { timeout: 90_000 }, async () => {
    await show(`# Rules\n\n\`\`\`mermaid\n${FLOWCHART}\n\`\`\`\n\nAfter the diagram.`);
    const image = page.locator("#out figure.diagram img");
    await expect.poll(() => image.count(), { timeout: 80_000 }).toBe(1);
    expect(await image.getAttribute("alt")).toBe(FLOWCHART_ALT);
    const src = (await image.getAttribute("src"))!;
    expect(src.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(",") + 1));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain("differentiate");
    // The browser decoded it as an image of the diagram's own size.
    await expect
      .poll(() => page.evaluate(`(() => { const img = document.querySelector("#out figure.diagram img"); return img.complete && img.naturalWidth; })()`))
      .toBeGreaterThan(50);
    expect(await page.locator("#out pre").count()).toBe(0);
    expect(await page.locator("#out p").last().textContent()).toBe("After the diagram.");
    // mermaid came from its own asset into the frame, which is sandboxed (an opaque origin).
    expect(requested).toContain("/diagram");
    expect(requested).toContain("/vendor/mermaid.min.js");
    expect(await page.locator("iframe.diagram-renderer").getAttribute("sandbox")).toBe("allow-scripts");
    expect(await page.evaluate("typeof window.mermaid")).toBe("undefined");
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("leaves a block mermaid cannot read as its source, and draws the lesson's other diagrams", async () => {
    await show(`\`\`\`mermaid\n${BROKEN_DIAGRAM}\n\`\`\`\n\n\`\`\`mermaid\nsequenceDiagram\n  Learner->>Tutor: Why is it n x^n-1?\n\`\`\``);
    const image = page.locator("#out figure.diagram img");
    await expect.poll(() => image.count(), { timeout: 20_000 }).toBe(1);
    expect(await image.getAttribute("alt")).toBe("Diagram: sequenceDiagram\n  Learner->>Tutor: Why is it n x^n-1?");
    const broken = page.locator("#out pre.diagram-error");
    await expect.poll(() => broken.count()).toBe(1);
    expect(await broken.locator("code").textContent()).toBe(`${BROKEN_DIAGRAM}\n`);
    expect(await broken.getAttribute("title")).toMatch(/^Not drawn: /);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("keeps markup in a diagram inert: its text in the image, its handler refused in the frame, nothing on the page", async () => {
    const before = problems.length;
    await show('```mermaid\nflowchart LR\n  A["<img src=x onerror=parent.hacked=1>"] --> B\n  click B href "javascript:parent.hacked=1"\n```');
    const image = page.locator("#out figure.diagram img");
    await expect.poll(() => image.count(), { timeout: 20_000 }).toBe(1);
    const src = (await image.getAttribute("src"))!;
    const svg = decodeURIComponent(src.slice(src.indexOf(",") + 1));
    expect(svg).not.toMatch(/onerror=|javascript:|<img/i);
    expect(await page.locator("#out img").count()).toBe(1);
    expect(await page.evaluate("window.hacked")).toBeUndefined();
    // mermaid measured the label in the frame, whose policy refused its handler.
    expect(problems.slice(before).every((p) => p.includes("Content Security Policy"))).toBe(true);
    problems.splice(before);
  });
});
