// An exercise answered in place (public/js/exercises.js), in Chromium under the page's policy: Check pressed
// again after a failure (a network error: the server may have graded and counted it) sends the same
// answer with the same Idempotency-Key, so the server grades and counts it once; a changed answer, and
// the same answer checked again after a verdict, are new attempts with keys of their own.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMarkdownPage, type OpenedMarkdownPage } from "../support/markdown-page";
import { BLANK_PAGE } from "../support/page-modules";

let opened: OpenedMarkdownPage;
let page: Page;

/** What the form handed to the server: each answer with its key. */
const sent = (): Promise<Array<{ answer: string; key: string }>> => page.evaluate("window.sent");

async function check(answer: string, outcome: RegExp): Promise<void> {
  await page.getByLabel("Your answer").fill(answer);
  await page.getByRole("button", { name: "Check" }).click();
  await expect.poll(() => page.locator("#out .verdict").textContent()).toMatch(outcome);
}

describe("an exercise's answer checked again after a failure", () => {
  beforeAll(async () => {
    opened = await openMarkdownPage(BLANK_PAGE);
    page = opened.page;
    // A string, so that the test's own bundler leaves the browser's dynamic import alone.
    await page.evaluate(`(async () => {
      const { attachExercises } = await import("/js/exercises.js");
      const out = document.getElementById("out");
      out.innerHTML = "<h3>Exercise 1.1</h3><p>2 + 2 = ____</p>";
      window.sent = [];
      window.failNext = false;
      attachExercises(out, [{ id: "1.1", type: "fill_in_blank", question: "2 + 2 = ____" }], async (exerciseId, answer, key) => {
        window.sent.push({ answer, key });
        if (window.failNext) {
          window.failNext = false;
          throw new TypeError("Failed to fetch");
        }
        return { verdict: "correct", score: 1, feedback: "Yes.", expected: "4" };
      });
    })()`);
  }, 60_000);
  afterAll(() => opened?.close());

  it("keeps the attempt's key for the retry, and starts a new one for a new attempt", async () => {
    await page.evaluate("window.failNext = true");
    await check("4", /^Could not check the answer: Could not reach the server; check your connection and try again\.$/);
    await check("4", /Correct/);
    // Checked again after its verdict: the learner answers once more, and it counts.
    await check("4", /Correct/);
    await page.evaluate("window.failNext = true");
    await check("5", /Could not check/);
    await check("five", /Correct/);

    const keys = (await sent()).map((s) => s.key);
    expect((await sent()).map((s) => s.answer)).toEqual(["4", "4", "4", "5", "five"]);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys).size).toBe(4);
    expect(opened.problems).toEqual([]);
  });
});
