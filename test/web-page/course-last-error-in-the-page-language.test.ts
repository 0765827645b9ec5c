// A course's last error was shown as the server stored it, English prose ("Último error (…): planning the
// syllabus did not complete: failed (model_unavailable: …)") on a page in any language. Now the page says it
// by its code in the page's language (Chromium in Spanish, a fake /v1), and an error stored before codes were
// as an unknown one; the server's English message is never shown.
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fill } from "../../src/lib/phrase-book";
import { openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";
import { fromRoot } from "../support/paths";

const es = JSON.parse(readFileSync(fromRoot("public/i18n/page/es.json"), "utf8")) as Record<string, string>;
const notices = JSON.parse(readFileSync(fromRoot("public/i18n/run-notices.json"), "utf8")) as Record<string, Record<string, string>>;
const ENGLISH = "planning the syllabus did not complete: failed: The model provider answered 503.";
const AT = "2031-05-01T08:00:00.000Z";
const course = (id: string, lastError: Record<string, unknown>) => ({
  id,
  topic: `Álgebra ${id}`,
  status: "planning",
  cron: "0 0 * * *",
  lessonCount: 0,
  lastError,
});
const COURSES = [
  course("c1", { code: "model_unavailable", message: ENGLISH, at: AT, period: "2031-05-01T00:00Z" }),
  course("c2", { code: "syllabus_empty", message: "the syllabus the agent wrote has no numbered lessons", at: AT }),
  // Stored before errors had a code.
  course("c3", { message: ENGLISH, at: AT }),
];
const json = (res: ServerResponse, body: unknown) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
let opened: PageOnFakeApi;

describe("a course's last error on a page in Spanish", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        "/v1/courses": (_req, res) => json(res, { courses: COURSES.map(({ id }) => ({ id })) }),
        ...Object.fromEntries(COURSES.map((c) => [`/v1/courses/${c.id}`, (_req: unknown, res: ServerResponse) => json(res, c)])),
      },
      undefined,
      "es-ES",
    );
  }, 60_000);
  afterAll(() => opened?.close());

  const lastError = (id: string) => opened.page.locator(`li[data-course="${id}"] .failed`).textContent();
  /** The Spanish line `key` says of `values`, any time in {when}. */
  const line = (key: string, values: Record<string, string>) =>
    new RegExp(
      `^${fill(es[key]!, { ...values, when: "\u0000" })
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace("\u0000", ".+")}$`,
    );

  it("says a lesson's failure by its code, with its period", async () => {
    await expect.poll(() => lastError("c1")).toMatch(line("lastErrorOfLesson", { period: "2031-05-01T00:00Z", message: notices.es!.model_unavailable! }));
  });

  it("says a syllabus's failure by its code", async () => {
    await expect.poll(() => lastError("c2")).toMatch(line("lastErrorOfSyllabus", { message: notices.es!.syllabus_empty! }));
  });

  it("says an error stored without a code as an unknown one, never in the server's English", async () => {
    await expect.poll(() => lastError("c3")).toMatch(line("lastErrorOfSyllabus", { message: es.unknownError! }));
    expect(await opened.page.getByText(/planning the syllabus|numbered lessons/).count()).toBe(0);
  });
});
