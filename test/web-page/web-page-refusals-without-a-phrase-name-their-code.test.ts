// A refusal or failure whose code has no run notice was said in the server's English on a page in any
// language: the course form printed "No se pudo crear el curso: ✖ "0 0 * * lunes" is not a cron expression…".
// Now, on a page in Spanish (Chromium, a fake /v1), such a code is named in Spanish words with the code, never
// the server's message: a course the server refuses (invalid_request), an exercise's check, a run's failure.
// A schedule that is not five fields is refused in the form, in Spanish, before anything is sent.
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";
import { fromRoot } from "../support/paths";

const es = JSON.parse(readFileSync(fromRoot("public/i18n/page/es.json"), "utf8")) as Record<string, string>;
const named = (code: string) => fill(es.errorCode!, { code });
const ENGLISH = "The server's English words, for developers.";
const LESSON = "intro.md";
const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const refuse = (res: ServerResponse, status: number, code: string) => json(res, status, { error: { code, message: ENGLISH } });
let opened: PageOnFakeApi;

describe("a refusal without a phrase, on a page in Spanish", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        "/v1/courses": (req, res) => (req.method === "GET" ? json(res, 200, { courses: [] }) : refuse(res, 400, "invalid_request")),
        "/v1/lessons": (_req, res) => json(res, 200, { lessons: [{ key: LESSON, title: "Intro" }] }),
        [`/v1/lessons/${LESSON}`]: (_req, res) =>
          void res.writeHead(200, { "content-type": "text/markdown" }).end("# Intro\n\n## Ejercicios\n\n### Ejercicio 1.1\n\n2 + 2 = ___\n"),
        [`/v1/lessons/${LESSON}/exercises`]: (_req, res) =>
          json(res, 200, { lessonKey: LESSON, title: "Intro", exercises: [{ id: "1.1", type: "fill_in", question: "2 + 2 = ___" }] }),
        [`/v1/lessons/${LESSON}/answers`]: (_req, res) => refuse(res, 422, "idempotency_key_reused"),
        [`/v1/sessions/${FAKE_SESSION}/runs`]: (_req, res) =>
          sendEvents(res, [
            { event: "run.started", data: { runId: "run_1" }, id: 1 },
            // A code the book has no phrase for (a newer server's, say).
            { event: "run.failed", data: { runId: "run_1", error: { code: "tool_loop_detected", message: ENGLISH } }, id: 2 },
          ]),
      },
      undefined,
      "es-ES",
    );
  }, 60_000);
  afterAll(() => opened?.close());

  it("refuses a schedule that is not five fields in Spanish, sending nothing, and names the server's refusal of one by its code", async () => {
    const { page } = opened;
    const status = page.locator("#course-status");
    await page.locator("#course-topic").fill("Derivadas");
    await page.locator("#course-cron").fill("cada día");
    await page.locator("#create-course").click();
    await expect.poll(() => status.textContent()).toBe(fill(es.cronFields!, { cron: "cada día" }));
    expect(await page.evaluate("document.activeElement.id")).toBe("course-cron");
    expect(opened.posts("/v1/courses")).toHaveLength(0);

    await page.locator("#course-cron").fill("0 0 * * lunes");
    await page.locator("#create-course").click();
    await expect.poll(() => status.textContent()).toBe(fill(es.couldNotCreateCourse!, { why: named("invalid_request") }));
    expect(opened.posts("/v1/courses")).toHaveLength(1);
  });

  it("names an exercise's refusal by its code", async () => {
    const { page } = opened;
    await page.locator("#lesson-list button").first().click();
    const form = page.locator("form.exercise-answer");
    await form.locator("input").fill("4");
    await form.locator("button").click();
    await expect.poll(() => form.locator(".verdict").textContent()).toBe(fill(es.couldNotCheck!, { why: named("idempotency_key_reused") }));
  });

  it("names a run's failure by its code", async () => {
    const { page } = opened;
    await askByKeyboard(page, "Enséñame");
    await expect.poll(() => page.locator(".message.assistant .run-meta").last().textContent()).toBe(fill(es.failed!, { message: named("tool_loop_detected") }));
    expect(await page.getByText(ENGLISH).count()).toBe(0);
  });
});
