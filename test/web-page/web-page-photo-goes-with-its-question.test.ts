// A photo attached on the real page, in Chromium against a fake /v1, and Enter pressed while it is still being
// read (FileReader slowed here, as a large photo is): the question waits for it and carries it, and the next
// question carries nothing (the page sent the question without it and the photo with the next one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_BYTES, PNG_DATA_URL } from "../support/images";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";

const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
let opened: PageOnFakeApi;

// Every photo read takes 800 ms.
const SLOW_READS = `{
  const read = FileReader.prototype.readAsDataURL;
  FileReader.prototype.readAsDataURL = function (blob) { setTimeout(() => read.call(this, blob), 800); };
}`;

describe("a photo still being read when the question is sent", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi(
      {
        [RUNS]: (_req, res) =>
          sendEvents(res, [
            { event: "run.started", data: { runId: "run_1" }, id: 1 },
            { event: "run.completed", data: { runId: "run_1", status: "completed", output: "Seen.", steps: 1 }, id: 2 },
          ]),
      },
      SLOW_READS,
    );
  }, 60_000);
  afterAll(() => opened?.close());

  it("goes with that question, not the next", async () => {
    const page = opened.page;
    await page.locator("#attach").setInputFiles({ name: "homework.png", mimeType: "image/png", buffer: Buffer.from(PNG_BYTES) });
    await askByKeyboard(page, "What is wrong in my working?");
    await expect.poll(() => opened.posts(RUNS).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.locator(".message.assistant .run-meta").first().textContent()).toMatch(/^Done/);
    await askByKeyboard(page, "And in general?");
    await expect.poll(() => opened.posts(RUNS).length).toBe(2);

    const [first, second] = opened.posts(RUNS).map((r) => JSON.parse(r.body));
    expect(first).toMatchObject({ input: "What is wrong in my working?", images: [PNG_DATA_URL] });
    expect(second).toEqual({ input: "And in general?", stream: true });
    expect(await page.locator(".message.user").first().locator("img").count()).toBe(1);
  });
});
