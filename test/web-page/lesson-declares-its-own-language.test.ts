// A lesson declares its own language, in Chromium against the Worker under wrangler dev, on a page in
// English: a Japanese lesson's body and contents list say `lang="ja"` (the language the Worker read from its
// headings, which the exercises carry), so a screen reader reads it with a Japanese voice and Chromium picks
// Japanese glyphs, while the answer forms in it keep the page's words in English and their options, a
// multiple choice's feedback and the expected answer in Japanese; its standalone download opens
// `<html lang="ja" dir="ltr">`. An Arabic lesson is `ar` and right to left. A lesson whose language is not
// known (Swahili headings, no vocabulary) declares none, so it reads as the page does, not in the language of
// the lesson shown before it.
import type { Download, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadedText } from "../support/downloaded-text";
import { languageSheet } from "../support/language-sheets";
import { askByKeyboard, openStudyPage, startPageRig, type PageRig } from "../support/page-rig";

const TOKEN = "lesson-language-token";
/** The English sample lesson with its headings in Swahili, a language without a vocabulary. */
const SWAHILI_LESSON = [
  ["## Chapter 1: The Power Rule", "## Sura 1: Kanuni ya nguvu"],
  ["### Objectives", "### Malengo"],
  ["### Key Concepts", "### Dhana muhimu"],
  ["### Explanation", "### Maelezo"],
  ["#### Why it matters", "#### Kwa nini ni muhimu"],
  ["#### Core content", "#### Maudhui ya msingi"],
  ["#### Formula or code", "#### Fomula au msimbo"],
  ["#### Common mistakes", "#### Makosa ya kawaida"],
  ["### Example 1: Differentiate a polynomial", "### Mfano 1: Polinomia"],
  ["### Summary", "### Muhtasari"],
  ["### Further Questions", "### Maswali zaidi"],
  ["### Exercises", "### Mazoezi"],
  ["Exercise ", "Zoezi "],
  ["(Multiple choice)", "(Chaguo nyingi)"],
  ["(Fill in the blank)", "(Jaza pengo)"],
  ["(Short answer)", "(Jibu fupi)"],
  ["(Practice task)", "(Kazi ya vitendo)"],
  ["## Answer Key", "## Majibu"],
  ["**Answer:**", "**Jibu:**"],
  ["## Sources", "## Vyanzo"],
].reduce((text, [english, swahili]) => text.split(english!).join(swahili!), languageSheet("en").lesson);

let rig: PageRig | undefined;

const lang = (element: Locator) => element.getAttribute("lang");

/** The standalone HTML a download saved: its opening `<html …>` tag. */
const htmlTag = async (download: Download) => /<html[^>]*>/.exec(await downloadedText(download))?.[0];

async function open(page: Page, key: string, title: RegExp): Promise<void> {
  await page.getByRole("button", { name: `Open ${key}` }).click();
  await expect.poll(() => page.locator("#lesson-body h1").textContent()).toMatch(title);
}

const downloadHtml = async (page: Page) => (await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "HTML" }).click()]))[0];

describe("a lesson declares its own language", () => {
  beforeAll(async () => {
    rig = await startPageRig({ API_TOKEN: TOKEN, LESSON_ANSWER_CHECK: "false" });
  }, 180_000);
  afterAll(() => rig?.close());

  it("a Japanese lesson is ja, its forms' words English; an Arabic one ar; an unknown one nothing", { timeout: 90_000 }, async () => {
    const { model, worker, browser } = rig!;
    const marker = model.script("lesson-language", [
      {
        toolCalls: [
          { name: "save_document", args: { filename: "ichiji", title: "一次関数", topic: "math", content: languageSheet("ja").lesson } },
          { name: "save_document", args: { filename: "arabic", title: "Arabic", topic: "math", content: languageSheet("ar").lesson } },
          { name: "save_document", args: { filename: "kanuni", title: "Kanuni", topic: "math", content: SWAHILI_LESSON } },
        ],
      },
      { text: "Three lessons saved." },
    ]);
    const { page, problems } = await openStudyPage(browser, worker.url, TOKEN, { width: 1280, height: 900 }, (url) => url.includes("/progress"));
    await askByKeyboard(page, `${marker} Teach me linear functions`);
    await expect.poll(() => page.locator(".activity li.saved button").count(), { timeout: 20_000 }).toBe(3);
    expect(await lang(page.locator("html"))).toBe("en");
    const body = page.locator("#lesson-body");
    const contents = page.locator("#lesson-toc ol");

    await open(page, "ichiji.md", /一次関数/);
    const form = page.getByRole("form", { name: "Answer exercise 1.1" });
    await expect.poll(() => lang(body)).toBe("ja");
    expect(await lang(contents)).toBe("ja");
    // The form's own words are the page's; the lesson's options in it are the lesson's.
    expect(await lang(form)).toBe("en");
    expect(await form.locator("label span[lang]").evaluateAll((spans) => spans.map((s) => s.getAttribute("lang")))).toEqual(["ja", "ja", "ja", "ja"]);
    await form.getByRole("radio").first().check();
    await form.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => form.locator(".verdict").getAttribute("data-verdict")).toBe("incorrect");
    expect(await form.locator(".verdict-line").textContent()).toMatch(/^Not quite/);
    expect(await lang(form.locator(".feedback > span"))).toBe("ja");
    expect(await form.locator(".feedback").textContent()).toContain("正解は");
    expect(await lang(form.locator(".expected > span"))).toBe("ja");
    expect(await htmlTag(await downloadHtml(page))).toBe('<html lang="ja" dir="ltr">');

    await open(page, "arabic.md", /\p{Script=Arabic}/u);
    await expect.poll(() => lang(body)).toBe("ar");
    expect(await body.getAttribute("dir")).toBe("rtl");
    expect(await htmlTag(await downloadHtml(page))).toBe('<html lang="ar" dir="rtl">');

    // No vocabulary reads its headings, so no exercise says what language it is in.
    const exercises = page.waitForResponse((r) => r.url().endsWith("/v1/lessons/kanuni.md/exercises"));
    await open(page, "kanuni.md", /Power Rule/);
    expect(await (await exercises).json()).toMatchObject({ exercises: [] });
    // The answer is handled in tasks queued by now: idle means they have run.
    await page.evaluate("new Promise((resolve) => requestIdleCallback(resolve))");
    expect(await lang(body)).toBeNull();
    expect(await lang(contents)).toBeNull();
    expect(await htmlTag(await downloadHtml(page))).toBe('<html dir="ltr">');

    expect(problems).toEqual([]);
    await page.close();
  });
});
