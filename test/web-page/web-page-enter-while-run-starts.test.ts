// The question box on the real page, in Chromium against a fake /v1 whose run answers its headers slowly: new
// text and Enter while the first run is starting start no second run (the page marked a run active only once
// the headers arrived, so it started two), and the text stays in the box; once the run has ended it sends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";

const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
let opened: PageOnFakeApi;
/** Lets the first run's answer go out: the test does, once it has pressed Enter again (a fixed delay could run out first on a loaded machine). */
let releaseRun: () => void = () => {};
const runReleased = new Promise<void>((resolve) => (releaseRun = resolve));

describe("Enter while a run is starting", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({
      [RUNS]: async (_req, res) => {
        await runReleased;
        sendEvents(res, [
          { event: "run.started", data: { runId: "run_1" }, id: 1 },
          { event: "text.delta", data: { delta: "An answer." } },
          { event: "run.completed", data: { runId: "run_1", status: "completed", output: "An answer.", steps: 1 }, id: 2 },
        ]);
      },
    });
  }, 60_000);
  afterAll(() => opened?.close());

  it("starts one run, and keeps the new text for when it has ended", async () => {
    const page = opened.page;
    await askByKeyboard(page, "First question");
    await askByKeyboard(page, "Second question");
    releaseRun();
    await expect.poll(() => page.locator(".message.assistant .run-meta").first().textContent()).toMatch(/^Done/);
    expect(opened.posts(RUNS).map((r) => JSON.parse(r.body).input)).toEqual(["First question"]);
    expect(await page.locator("#topic").inputValue()).toBe("Second question");

    await page.keyboard.press("Enter");
    await expect.poll(() => opened.posts(RUNS).length).toBe(2);
    expect(JSON.parse(opened.posts(RUNS)[1]!.body).input).toBe("Second question");
  });
});
