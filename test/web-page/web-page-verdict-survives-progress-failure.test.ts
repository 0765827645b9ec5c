// A graded answer when the progress read after it fails, on the real page (Chromium, a fake /v1). The page
// read the learner's progress before showing the verdict, so a failed read hid the verdict under "Could not
// check the answer", though the answer was graded and counted. Now the verdict is shown, and the progress
// read's failure is said on its own; a lesson opened while progress cannot be read is opened, not "could not open".
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_SESSION, openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const LESSON = "intro.md";
const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const NO_PROGRESS = { answered: 0, correct: 0, accuracy: 0, streakDays: 0, dueReviews: 0, byLesson: [], days: [], upcoming: [], weakConcepts: [] };
let opened: PageOnFakeApi;
/** Whether the learner's progress answers 503. */
let progressFails = false;

describe("a verdict when the progress read after it fails", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({
      "/v1/lessons": (_req, res) => json(res, 200, { lessons: [{ key: LESSON, title: "Intro" }] }),
      [`/v1/lessons/${LESSON}`]: (_req, res) =>
        void res.writeHead(200, { "content-type": "text/markdown" }).end("# Intro\n\n## Exercises\n\n### Exercise 1.1\n\n2 + 2 = ___\n"),
      [`/v1/lessons/${LESSON}/exercises`]: (_req, res) =>
        json(res, 200, { lessonKey: LESSON, title: "Intro", exercises: [{ id: "1.1", type: "fill_in", question: "2 + 2 = ___" }] }),
      [`/v1/lessons/${LESSON}/answers`]: (_req, res) => json(res, 200, { exerciseId: "1.1", verdict: "correct", score: 1, feedback: "Right.", expected: "4" }),
      [`/v1/learners/${FAKE_SESSION}/progress`]: (_req, res) =>
        progressFails ? json(res, 503, { error: { code: "internal_error", message: "D1_ERROR: database is locked" } }) : json(res, 200, NO_PROGRESS),
    });
  }, 60_000);
  afterAll(() => opened?.close());

  it("opens the lesson with its forms though its progress cannot be read", async () => {
    const page = opened.page;
    progressFails = true;
    await page.locator("#lesson-list button").first().click();
    await page.locator("form.exercise-answer").waitFor();
    await expect.poll(() => page.locator("#status").textContent()).toBe("Could not read your progress: Something went wrong on the server. Please try again.");
    expect(await page.locator("#lesson-view").isVisible()).toBe(true);
  });

  it("shows the verdict, and says the progress read failed", async () => {
    const page = opened.page;
    progressFails = false;
    await page.locator("#lesson-list button").first().click();
    const form = page.locator("form.exercise-answer");
    await expect.poll(() => page.locator("#lesson-progress").textContent()).toMatch(/^Your progress: 0 answered/);
    await page.evaluate('document.getElementById("status").textContent = ""');

    progressFails = true;
    await form.locator("input").fill("4");
    await form.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => form.locator(".verdict-line").textContent()).toBe("Correct (score 100 %)");
    expect(await form.locator(".expected").textContent()).toBe("Expected: 4");
    await expect.poll(() => page.locator("#status").textContent()).toBe("Could not read your progress: Something went wrong on the server. Please try again.");
    expect(opened.posts(`/v1/lessons/${LESSON}/answers`)).toHaveLength(1);
  });
});
