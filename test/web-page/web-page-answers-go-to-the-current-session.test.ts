// An exercise answered on the page is counted for the session current when it is sent, as docs/web-page.md
// says: the page took the session current when the lesson was opened, so after New session the answer went
// to the old one while the progress panel read the new.
import type { ServerResponse } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { FAKE_SESSION, openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const LESSON = "intro.md";
const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const PROGRESS = { answered: 0, correct: 0, accuracy: 0, streakDays: 0, dueReviews: 0, byLesson: [], daily: [], reviewsAhead: [], weakConcepts: [] };
let opened: PageOnFakeApi | undefined;
afterAll(() => opened?.close());

describe("an exercise answered after New session", () => {
  it("is counted for the new session", async () => {
    opened = await openPageOnFakeApi({
      "/v1/lessons": (_q, res) => json(res, 200, { lessons: [{ key: LESSON, title: "Intro" }] }),
      [`/v1/lessons/${LESSON}`]: (_q, res) => void res.writeHead(200, { "content-type": "text/markdown" }).end("# Intro\n\n2 + 2 = ___\n"),
      [`/v1/lessons/${LESSON}/exercises`]: (_q, res) =>
        json(res, 200, { lessonKey: LESSON, title: "Intro", exercises: [{ id: "1.1", type: "fill_in", question: "2 + 2 = ___" }] }),
      [`/v1/lessons/${LESSON}/answers`]: (_q, res) => json(res, 200, { exerciseId: "1.1", verdict: "correct", score: 1, feedback: "Correct.", expected: "4" }),
      [`/v1/learners/${FAKE_SESSION}/progress`]: (_q, res) => json(res, 200, PROGRESS),
      "/v1/sessions": (_q, res) => json(res, 201, { id: "s2" }),
      "/v1/sessions/s2": (_q, res) => json(res, 200, { id: "s2", messages: [], todos: [] }),
      "/v1/learners/s2/progress": (_q, res) => json(res, 200, PROGRESS),
    });
    const page = opened.page;
    await page.locator("#lesson-list button").first().click();
    const form = page.locator("form.exercise-answer");
    await form.waitFor();
    await page.locator("#new-session").click();
    await expect.poll(() => page.locator("#session-select").inputValue()).toBe("s2");
    await form.locator("input").fill("4");
    await form.locator("button").click();
    await expect.poll(() => opened!.posts(`/v1/lessons/${LESSON}/answers`).length).toBe(1);
    expect(JSON.parse(String(opened.posts(`/v1/lessons/${LESSON}/answers`)[0]!.body))).toMatchObject({ sessionId: "s2" });
  });
});
