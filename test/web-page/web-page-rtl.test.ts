// An Arabic lesson in the page's lesson reader, laid out by Chromium with the page's own stylesheet:
// `renderInto` (public/js/markdown.js, what the reader and the chat use) sets the lesson right to
// left because most of its letters are Arabic — even where a paragraph starts with math, which
// `dir="auto"` alone would get wrong — so its title and lists sit at the right edge, while code
// stays left to right. An English lesson stays left to right.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { languageSheet } from "../support/language-sheets";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";

const PAGE = '<!doctype html><html lang="en"><link rel="stylesheet" href="/style.css"><article id="lesson-body" class="lesson markdown"></article>';

/** Where the laid-out lesson puts things: its direction, and how far its title and first bullet sit from the container's edges. */
interface Layout {
  dir: string;
  direction: string;
  paragraph: { direction: string };
  /** The title, one short line. */
  title: { rightGap: number; leftGap: number };
  bullet: { rightGap: number; leftGap: number };
  code: string;
}

let opened: OpenedMarkdownPage;
let page: Page;

async function layout(markdown: string): Promise<Layout> {
  // A string, so that the test's own bundler leaves the browser's dynamic import alone.
  return page.evaluate(`(async () => {
    const { renderInto } = await import("/js/markdown.js");
    const body = document.getElementById("lesson-body");
    renderInto(body, ${JSON.stringify(markdown)});
    const box = body.getBoundingClientRect();
    const gaps = (el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      return { rightGap: Math.round(box.right - r.right), leftGap: Math.round(r.left - box.left) };
    };
    const p = body.querySelector(":scope > p");
    return {
      dir: body.dir,
      direction: getComputedStyle(body).direction,
      paragraph: { direction: getComputedStyle(p).direction },
      title: gaps(body.querySelector("h1")),
      bullet: gaps(body.querySelector("li")),
      code: body.querySelector("pre, code") ? getComputedStyle(body.querySelector("pre, code")).direction : "none",
    };
  })()`);
}

describe("the lesson reader's direction", () => {
  let problems: string[] = [];

  beforeAll(async () => {
    opened = await openMarkdownPage(PAGE, { width: 900, height: 900 });
    ({ page, problems } = opened);
  }, 60_000);

  afterAll(() => opened?.close());

  it("shows the Arabic sample lesson right to left: text and bullets at the right edge, code left to right", async () => {
    const shown = await layout(`${languageSheet("ar").lesson}\n\`\`\`python\nprint(20 / 4)  # a = F / m\n\`\`\`\n`);
    expect(shown).toMatchObject({ dir: "rtl", direction: "rtl", paragraph: { direction: "rtl" }, code: "ltr" });
    expect(shown.title.rightGap).toBeLessThan(shown.title.leftGap);
    expect(shown.bullet.rightGap).toBeLessThan(shown.bullet.leftGap);
    expect(problems).toEqual([]);
  });

  it("keeps an Arabic paragraph that starts with math right to left", async () => {
    const shown = await layout("# الاشتقاق\n\n$f(x) = x^2$ هي دالة تربيعية، ومشتقتها تساوي ضعف المتغير.\n\n- بند أول في القائمة\n");
    expect(shown.bullet.rightGap).toBeLessThan(shown.bullet.leftGap);
    expect(shown).toMatchObject({ dir: "rtl", paragraph: { direction: "rtl" } });
    expect(shown.title.rightGap).toBeLessThan(shown.title.leftGap);
  });

  it("shows the English sample lesson left to right", async () => {
    const shown = await layout(`${languageSheet("en").lesson}\n\`\`\`python\nprint(6 * 2**5)\n\`\`\`\n`);
    expect(shown).toMatchObject({ dir: "ltr", direction: "ltr", paragraph: { direction: "ltr" }, code: "ltr" });
    expect(shown.title.leftGap).toBeLessThan(shown.title.rightGap);
  });
});
