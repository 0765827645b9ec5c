// Cancel pressed on the real page (Chromium, a fake /v1) while the run waits for a person: an approval, or an
// MCP server's question. Nothing streams then, so the page used to post the cancel and stay on "Cancelling…"
// with Send disabled, the answer busy and the buttons or the form still there. Now a cancel the server took
// withdraws them, the run is followed to its cancelled end, and the page takes a new question.
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi, NAME_QUESTION } from "../support/page-on-fake-api";

const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
const CANCEL = `${RUNS}/run_1/cancel`;
const STREAM = `${RUNS}/run_1/stream`;
const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const CANCELLED = { event: "run.completed", data: { runId: "run_1", status: "cancelled", output: "", steps: 1 }, id: 4 };

let opened: PageOnFakeApi | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The page with a run that stops at `paused` (its seq is 2); the cancel is taken, and the run's stream then says `after`. */
async function pageWithPausedRun(paused: { event: string; data: unknown }, after: Array<{ event: string; data: unknown; id?: number }>) {
  opened = await openPageOnFakeApi({
    [RUNS]: (_req, res) =>
      sendEvents(res, [
        { event: "run.started", data: { runId: "run_1" }, id: 1 },
        { ...paused, id: 2 },
      ]),
    [CANCEL]: (_req, res) => json(res, 202, { runId: "run_1", status: "cancelled" }),
    [STREAM]: (_req, res) => sendEvents(res, after),
  });
  return opened;
}

async function expectReadyForTheNextQuestion(opened: PageOnFakeApi) {
  const page = opened.page;
  await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toMatch(/^Cancelled · 1 step/);
  expect(await page.locator(".message.assistant").getAttribute("aria-busy")).toBe("false");
  expect(await page.locator("#send").isEnabled()).toBe(true);
  expect(await page.locator("#cancel").isDisabled()).toBe(true);
  expect(await page.locator("#status").textContent()).toMatch(/^Cancelled/);
  // Cancel, which had the focus, is disabled now: the focus is where the next question goes.
  expect(await page.evaluate<string>("document.activeElement.id")).toBe("topic");
  expect(opened.posts(CANCEL)).toHaveLength(1);
  // Followed from the last event seen, once.
  expect(opened.server.requests.filter((r) => r.url.startsWith(STREAM)).map((r) => r.url)).toEqual([`${STREAM}?after=2`]);
}

describe("Cancel while the run waits for a person", () => {
  it("withdraws an approval's buttons and ends the answer as cancelled", async () => {
    const opened = await pageWithPausedRun(
      { event: "approval.required", data: { approvalId: "ap_1", name: "web_fetch", args: { url: "https://example.com" } } },
      [CANCELLED],
    );
    const page = opened.page;
    await askByKeyboard(page, "Teach me");
    await page.getByRole("button", { name: "Allow" }).waitFor();
    await page.locator("#cancel").click();
    await expectReadyForTheNextQuestion(opened);
    expect(await page.locator(".approval button").count()).toBe(0);
    expect(await page.locator(".approval").textContent()).toMatch(/^Cancelled: /);
    expect(opened.posts(`/v1/sessions/${FAKE_SESSION}/approvals/ap_1`)).toHaveLength(0);
  });

  it("withdraws an MCP server's question and ends the answer as cancelled", async () => {
    const opened = await pageWithPausedRun(
      {
        event: "input.required",
        data: NAME_QUESTION,
      },
      [{ event: "input.answered", data: { inputId: "inp_1", server: "forms", action: "cancel", by: "run" }, id: 3 }, CANCELLED],
    );
    const page = opened.page;
    await askByKeyboard(page, "Greet me");
    await page.getByLabel("Name").waitFor();
    await page.locator("#cancel").click();
    await expectReadyForTheNextQuestion(opened);
    expect(await page.locator(".input-request form").count()).toBe(0);
    expect(await page.locator(".input-request p").first().textContent()).toMatch(/^Cancelled: forms asked/);
    expect(opened.posts(`/v1/sessions/${FAKE_SESSION}/inputs/inp_1`)).toHaveLength(0);
  });
});
