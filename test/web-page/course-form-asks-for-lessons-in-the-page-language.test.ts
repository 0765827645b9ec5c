// A course made from the page came without a `language`, so its lessons were asked for in the topic's
// language: a page in Spanish made English lessons of "Python". Now the form sends the language the page
// speaks (Chromium in Spanish, a fake /v1), as a chat's /course sends the person's.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
let opened: PageOnFakeApi;

describe("a course created on a page in Spanish", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      { "/v1/courses": (req, res) => (req.method === "GET" ? json(res, 200, { courses: [] }) : json(res, 201, { id: "course-1" })) },
      undefined,
      "es-ES",
    );
  }, 60_000);
  afterAll(() => opened?.close());

  it("is asked for in Spanish", async () => {
    const { page } = opened;
    await page.locator("#course-topic").fill("Python");
    await page.locator("#create-course").click();
    await expect.poll(() => opened.posts("/v1/courses").length).toBe(1);
    expect(JSON.parse(opened.posts("/v1/courses")[0]!.body)).toMatchObject({ topic: "Python", language: "es" });
  });
});
