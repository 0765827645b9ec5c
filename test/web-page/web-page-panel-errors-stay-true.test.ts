// The panels' failures on the real page (Chromium, a fake /v1) say what is true now. Entering the API token
// the page asked for read the Courses and MCP lists again, and they worked, but the "enter a token" lines
// stayed (and the MCP panel lost its "none configured" line). Choosing a course under Show in Your progress
// when its progress could not be read kept the other choice's figures with no word; an answer for an earlier
// choice that came last was drawn over the later one.
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { FAKE_SESSION, openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const PROGRESS = { answered: 0, correct: 0, accuracy: 0, streakDays: 0, dueReviews: 0, byLesson: [], days: [], upcoming: [], weakConcepts: [] };
const COURSE = (id: string, topic: string) => ({
  id,
  topic,
  status: "active",
  level: "beginner",
  cron: "0 0 * * *",
  lessonCount: 1,
  lessons: [{ number: 1, title: "L1", key: `${id}-1.md`, createdAt: "2024-01-01T00:00:00Z" }],
});

let opened: PageOnFakeApi | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

describe("the panels' failures", () => {
  it("go once the token entered makes the lists readable", async () => {
    const authed = (req: { headers: Record<string, unknown> }) => Boolean(req.headers.authorization);
    const refuse = (res: ServerResponse) => json(res, 401, { error: { code: "unauthorized", message: "API token required" } });
    opened = await openPageOnFakeApi({
      "/v1/courses": (req, res) => (authed(req) ? json(res, 200, { courses: [] }) : refuse(res)),
      "/v1/mcp/servers": (req, res) => (authed(req) ? json(res, 200, { servers: [] }) : refuse(res)),
    });
    const page = opened.page;
    await expect.poll(() => page.locator("#course-status").textContent()).toMatch(/^Could not list the courses/);
    await expect.poll(() => page.locator("#mcp-empty").textContent()).toMatch(/^Could not read the MCP servers/);

    await page.locator("details.settings summary").click();
    await page.locator("#token").fill("secret");
    await page.locator("#token").press("Tab");
    await expect.poll(() => page.locator("#mcp-empty").textContent()).toBe("No MCP servers are configured (MCP_SERVERS).");
    await expect.poll(() => page.locator("#course-status").textContent()).toBe("");
    expect(await page.locator("#mcp-empty").isVisible()).toBe(true);
  });

  it("say why a course's progress could not be read, and draw only the last choice", async () => {
    /** Holds the answer for course c1 until the test lets it go. */
    let releaseC1: () => void = () => {};
    const c1Held = new Promise<void>((resolve) => (releaseC1 = resolve));
    /** Settles once the fake has written Algebra's answer. */
    let c1Written: () => void = () => {};
    const c1Answered = new Promise<void>((resolve) => (c1Written = resolve));
    opened = await openPageOnFakeApi({
      "/v1/courses": (_req, res) => json(res, 200, { courses: [{ id: "c1" }, { id: "c2" }] }),
      "/v1/courses/c1": (_req, res) => json(res, 200, COURSE("c1", "Algebra")),
      "/v1/courses/c2": (_req, res) => json(res, 200, COURSE("c2", "Geometry")),
      [`/v1/learners/${FAKE_SESSION}/progress`]: async (req, res) => {
        if (req.url.includes("c1-1.md")) {
          await c1Held;
          res.on("finish", c1Written);
          return json(res, 200, { ...PROGRESS, answered: 4, correct: 4, accuracy: 1 });
        }
        if (req.url.includes("c2-1.md")) return json(res, 503, { error: { code: "internal_error", message: "x" } });
        json(res, 200, { ...PROGRESS, answered: 12, correct: 9, accuracy: 0.75, dueReviews: 3 });
      },
    });
    const page = opened.page;
    const summary = page.locator("#progress-summary");
    await page.locator('#progress-course option[value="c2"]').waitFor({ state: "attached" });
    await expect.poll(() => summary.textContent()).toBe("12 answers, 75 % correct, 3 reviews due now.");

    await page.locator("#progress-course").selectOption("c1");
    await page.locator("#progress-course").selectOption("c2");
    await expect.poll(() => summary.textContent()).toBe("Could not read your progress: Something went wrong on the server. Please try again.");
    expect(await page.locator("#progress-charts").innerHTML()).toBe("");
    // Algebra's answer, asked for first, comes last: Geometry is still the choice, so it is not drawn. All the
    // summary says from here on is kept; once Algebra's answer is written, Geometry is chosen again: its read, sent
    // after Algebra's answer was on its way, is answered and drawn after Algebra's would have been.
    await page.evaluate(`(() => {
      const summary = document.getElementById("progress-summary");
      const said = [];
      new MutationObserver(() => {
        said.push(summary.textContent);
        summary.setAttribute("data-said", JSON.stringify(said));
      }).observe(summary, { childList: true, characterData: true, subtree: true });
    })()`);
    releaseC1();
    await c1Answered;
    const c2Reads = () => opened!.server.requests.filter((r) => r.url.includes("c2-1.md")).length;
    const c2ReadsBefore = c2Reads();
    await page.locator("#progress-course").selectOption("c2");
    await expect.poll(c2Reads).toBe(c2ReadsBefore + 1);
    const said = async () => JSON.parse((await summary.getAttribute("data-said")) ?? "[]") as string[];
    await expect.poll(async () => (await said()).length).toBeGreaterThan(0);
    const error = "Could not read your progress: Something went wrong on the server. Please try again.";
    expect(await said()).toEqual(Array((await said()).length).fill(error));
    expect(await summary.textContent()).toBe(error);
  });
});
