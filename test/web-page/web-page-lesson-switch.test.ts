// Choosing lessons faster than they load, in Chromium against the Worker under wrangler dev, by keyboard:
// the reader takes focus as soon as a lesson is shown, not when its exercises arrive later (by then the
// learner may have moved on to another button), and a lesson whose exercises arrive after another lesson
// was chosen adds nothing to the one on show. Each lesson's exercises are held back by the test to make
// the order certain.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIZ_LESSON } from "../support/quiz-lesson";
import { askByKeyboard, sessionChosen, startPageRig, type PageRig } from "../support/page-rig";
import type { ScriptedModel } from "../support/scripted-model";
import type { WranglerDev } from "../support/wrangler-dev";

const TOKEN = "lesson-switch-token";
const INTEGRALS_LESSON = QUIZ_LESSON.replace("# Derivatives", "# Integrals");

let rig: PageRig | undefined;
let model: ScriptedModel;
let worker: WranglerDev;
let browser: Browser;

/** Holds back the page's request for `path` until release(), which resolves once the page has handled the answer. */
async function holdBack(page: Page, path: string): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await opened;
      await route.continue();
    },
  );
  return {
    async release() {
      const finished = page.waitForEvent("requestfinished", (r) => new URL(r.url()).pathname === path);
      open();
      await finished;
      // The answer's body is read and handled in tasks queued by now: idle means they have run.
      await page.evaluate("new Promise((resolve) => requestIdleCallback(resolve))");
    },
  };
}

/** What has the keyboard focus: its id, else its text. */
const focused = async (page: Page) => {
  const element = page.locator(":focus");
  return (await element.getAttribute("id")) ?? (await element.textContent());
};

describe("choosing lessons faster than they load", () => {
  beforeAll(async () => {
    ({ model, worker, browser } = rig = await startPageRig({ API_TOKEN: TOKEN, LESSON_ANSWER_CHECK: "false" }));
  }, 180_000);
  afterAll(() => rig?.close());

  it("keeps focus where the learner put it and shows only the lesson chosen last", { timeout: 90_000 }, async () => {
    const marker = model.script("lesson-switch", [
      {
        toolCalls: [
          { name: "save_document", args: { filename: "derivatives", title: "Derivatives", topic: "calculus", content: QUIZ_LESSON } },
          { name: "save_document", args: { filename: "integrals", title: "Integrals", topic: "calculus", content: INTEGRALS_LESSON } },
        ],
      },
      { text: "Two lessons saved." },
    ]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    await page.addInitScript((token) => localStorage.setItem("studyagent.token", token), TOKEN);
    await page.goto(worker.url + "/");
    await sessionChosen(page);
    await askByKeyboard(page, `${marker} Teach me derivatives and integrals`);
    const saved = page.locator(".activity li.saved button");
    await expect.poll(() => saved.count(), { timeout: 20_000 }).toBe(2);
    const title = page.locator("#lesson-body h1");
    const forms = page.locator("#lesson-body form.exercise-answer");

    // Derivatives opens; while its exercises are on their way the learner moves on to the next button.
    const derivativesExercises = await holdBack(page, "/v1/lessons/derivatives.md/exercises");
    await saved.first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => title.textContent()).toBe("Derivatives");
    expect(await focused(page)).toBe("lesson-view");
    await saved.nth(1).focus();
    await derivativesExercises.release();
    expect(await forms.count()).toBe(5);
    expect(await focused(page)).toBe("Open integrals.md");

    // Integrals opens, and before its exercises arrive the learner goes back to Derivatives.
    const integralsExercises = await holdBack(page, "/v1/lessons/integrals.md/exercises");
    await page.keyboard.press("Enter");
    await expect.poll(() => title.textContent()).toBe("Integrals");
    expect(await forms.count()).toBe(0);
    await saved.first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => title.textContent()).toBe("Derivatives");
    await expect.poll(() => forms.count()).toBe(5);
    await integralsExercises.release();
    expect(await title.textContent()).toBe("Derivatives");
    expect(await forms.count()).toBe(5);
    expect(await focused(page)).toBe("lesson-view");

    expect(problems).toEqual([]);
    await page.close();
  });
});
