// Why a request failed, on a page in Spanish (Chromium, a fake /v1). An exercise's check said the server's
// English message ("D1_ERROR: database is locked") and a lost connection said Chromium's ("Failed to fetch").
// Now a refusal is said by its code's phrase, and a lost connection in the page's words, there and for a
// question that could not be sent.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const LESSON = "intro.md";
const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const NO_PROGRESS = { answered: 0, correct: 0, accuracy: 0, streakDays: 0, dueReviews: 0, byLesson: [], days: [], upcoming: [], weakConcepts: [] };
const NETWORK = "No se pudo conectar con el servidor; revisa tu conexión y vuelve a intentarlo.";
let opened: PageOnFakeApi;
let answers = 0;

describe("errors on a page in Spanish", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        "/v1/lessons": (_req, res) => json(res, 200, { lessons: [{ key: LESSON, title: "Intro" }] }),
        [`/v1/lessons/${LESSON}`]: (_req, res) =>
          void res.writeHead(200, { "content-type": "text/markdown" }).end("# Intro\n\n## Ejercicios\n\n### Ejercicio 1.1\n\n2 + 2 = ___\n"),
        [`/v1/lessons/${LESSON}/exercises`]: (_req, res) =>
          json(res, 200, { lessonKey: LESSON, title: "Intro", exercises: [{ id: "1.1", type: "fill_in", question: "2 + 2 = ___" }] }),
        // A server fault first, then a connection that drops.
        [`/v1/lessons/${LESSON}/answers`]: (_req, res) =>
          answers++ === 0 ? json(res, 500, { error: { code: "internal_error", message: "D1_ERROR: database is locked" } }) : void res.destroy(),
        [`/v1/learners/${FAKE_SESSION}/progress`]: (_req, res) => json(res, 200, NO_PROGRESS),
        [`/v1/sessions/${FAKE_SESSION}/runs`]: (_req, res) => void res.destroy(),
      },
      undefined,
      "es-ES",
    );
  }, 60_000);
  afterAll(() => opened?.close());

  it("says why an exercise could not be checked in Spanish", async () => {
    const page = opened.page;
    await page.locator("#lesson-list button").first().click();
    const form = page.locator("form.exercise-answer");
    await form.locator("input").fill("4");
    await form.locator("button").click();
    await expect
      .poll(() => form.locator(".verdict").textContent())
      .toBe("No se pudo comprobar la respuesta: Algo salió mal en el servidor. Vuelve a intentarlo.");
    await form.locator("button").click();
    await expect.poll(() => form.locator(".verdict").textContent()).toBe(`No se pudo comprobar la respuesta: ${NETWORK}`);
  });

  it("says a question could not be sent in Spanish", async () => {
    const page = opened.page;
    await askByKeyboard(page, "Enséñame");
    await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toBe(NETWORK);
  });
});
