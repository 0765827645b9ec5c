// Where the keyboard focus goes when what held it goes away, on the real page (Chromium, a fake /v1): the lesson
// reader's Close, and an MCP server's question once answered. The focus dropped to <body> (WCAG 2.4.3), so
// the next Tab started again from the page's top. Now Close gives it back to what opened the lesson (its
// button in a refreshed list when that one is gone), and an answered question's line takes it in the answer.
// An approval's (web-page-approval-decision-retry.test.ts) and Cancel's (web-page-cancel-while-waiting-on-a-person.test.ts) are tested with them.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi, NAME_QUESTION } from "../support/page-on-fake-api";

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
let opened: PageOnFakeApi;

describe("focus when what held it goes away", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({
      "/v1/lessons": (_req, res) =>
        json(res, 200, {
          lessons: [
            { key: "intro.md", title: "Intro" },
            { key: "next.md", title: "Next" },
          ],
        }),
      "/v1/lessons/intro.md": (_req, res) => void res.writeHead(200, { "content-type": "text/markdown" }).end("# Intro\n\nHello."),
      "/v1/lessons/next.md": (_req, res) => void res.writeHead(200, { "content-type": "text/markdown" }).end("# Next\n\nMore."),
      [`/v1/sessions/${FAKE_SESSION}/runs`]: (_req, res) =>
        sendEvents(res, [
          { event: "run.started", data: { runId: "run_1" }, id: 1 },
          {
            event: "input.required",
            data: NAME_QUESTION,
            id: 2,
          },
        ]),
      [`/v1/sessions/${FAKE_SESSION}/inputs/inp_1`]: (_req, res) => json(res, 200, { inputId: "inp_1", runId: "run_1", pendingInputs: 0 }),
      [`/v1/sessions/${FAKE_SESSION}/runs/run_1/stream`]: (_req, res) =>
        sendEvents(res, [{ event: "run.completed", data: { runId: "run_1", status: "completed", output: "Hi Ada.", steps: 2 }, id: 3 }]),
    });
  }, 60_000);
  afterAll(() => opened?.close());

  const focused = () => opened.page.evaluate<string>('document.activeElement.tagName + " " + document.activeElement.textContent');

  it("goes back to the lesson's button on Close", async () => {
    const page = opened.page;
    await page.locator('#lesson-list button[data-key="next.md"]').focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate<string>("document.activeElement.id")).toBe("lesson-view");
    await page.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("#lesson-view").isHidden()).toBe(true);
    expect(await page.evaluate<string>("document.activeElement.dataset.key")).toBe("next.md");
  });

  it("goes to the lesson's button in the list read again while it was open", async () => {
    const page = opened.page;
    const opener = (await page.locator('#lesson-list button[data-key="intro.md"]').elementHandle())!;
    await opener.click();
    await expect.poll(() => page.evaluate<string>("document.activeElement.id")).toBe("lesson-view");
    const lists = () => opened.server.requests.filter((r) => r.url === "/v1/lessons").length;
    const before = lists();
    await page.locator("#refresh-lessons").click();
    await expect.poll(lists).toBe(before + 1);
    // The list is drawn again once its answer is back, later than the server sees the request: until the button
    // that opened the lesson is gone, Close could focus it just before the new list takes it away.
    await expect.poll(() => opener.evaluate((button) => button.isConnected)).toBe(false);
    await page.getByRole("button", { name: "Close" }).click();
    expect(await page.evaluate<string>("document.activeElement.dataset.key")).toBe("intro.md");
  });

  it("stays in the answer once an MCP server's question is answered", async () => {
    const page = opened.page;
    await askByKeyboard(page, "Greet me");
    await page.getByLabel("Name").fill("Ada");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toMatch(/^Done/);
    expect(await focused()).toBe("P Answered: forms asked “Your name?”");
  });
});
