// Cancel pressed on the real page (Chromium, a fake /v1) before the run's id is known. The page ignored the
// click then, and the run went on. Now a Cancel while the run's headers are on their way cancels the run as
// soon as its id arrives; and a Cancel while a photo is still being read sends nothing, leaving the
// question and its photo in place.
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_BYTES } from "../support/images";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, type PageOnFakeApi } from "../support/page-on-fake-api";

const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
const CANCEL = `${RUNS}/run_1/cancel`;
const sse = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

// Every photo read waits until the test lets it go (window.readPhotos()), as a large photo's takes a while.
const HELD_READS = `{
  const read = FileReader.prototype.readAsDataURL;
  const held = [];
  FileReader.prototype.readAsDataURL = function (blob) { held.push(() => read.call(this, blob)); };
  window.readPhotos = () => held.splice(0).forEach((go) => go());
}`;

describe("Cancel before the run's id is known", () => {
  let opened: PageOnFakeApi;
  /** The run's stream, held open until the run is cancelled. */
  let running: ServerResponse | undefined;
  /** Lets the run's headers (and its id) go out: the test does, once it has pressed Cancel. */
  let releaseHeaders: () => void = () => {};
  const headersReleased = new Promise<void>((resolve) => (releaseHeaders = resolve));

  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        // The run's headers (and its id) come only once Cancel has been pressed.
        [RUNS]: async (_req, res) => {
          await headersReleased;
          res.writeHead(200, { "content-type": "text/event-stream", "x-run-id": "run_1" });
          sse(res, "run.started", { runId: "run_1" });
          running = res;
        },
        [CANCEL]: (_req, res) => {
          sse(running!, "run.completed", { runId: "run_1", status: "cancelled", output: "", steps: 0 });
          running!.end();
          res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ runId: "run_1", status: "cancelling" }));
        },
      },
      HELD_READS,
    );
  }, 60_000);
  afterAll(async () => {
    running?.end();
    await opened?.close();
  });

  it("cancels the run once its id arrives", async () => {
    const page = opened.page;
    await askByKeyboard(page, "Teach me calculus");
    await expect.poll(() => opened.posts(RUNS).length).toBe(1);
    await page.locator("#cancel").click();
    expect(opened.posts(CANCEL)).toHaveLength(0);
    releaseHeaders();
    await expect.poll(() => opened.posts(CANCEL).length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => page.locator(".message.assistant .run-meta").first().textContent()).toMatch(/^Cancelled/);
    expect(opened.posts(RUNS)).toHaveLength(1);
  });

  it("sends nothing when pressed while a photo is still being read, and keeps the question and the photo", async () => {
    const page = opened.page;
    await page.locator("#attach").setInputFiles({ name: "homework.png", mimeType: "image/png", buffer: Buffer.from(PNG_BYTES) });
    await askByKeyboard(page, "What is wrong in my working?");
    await page.locator("#cancel").click();
    // Read only now: a fixed delay could run out while a loaded machine is still typing, and the run go out.
    await page.evaluate("window.readPhotos()");
    await expect.poll(() => page.locator("#status").textContent(), { timeout: 5_000 }).toMatch(/not sent/);
    expect(opened.posts(RUNS)).toHaveLength(1);
    expect(await page.locator("#topic").inputValue()).toBe("What is wrong in my working?");
    expect(await page.locator("#attachments li").count()).toBe(1);
    expect(await page.locator("#send").isDisabled()).toBe(false);
  });
});
