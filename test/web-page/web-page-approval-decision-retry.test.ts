// An approval whose decision does not go through, on the real page (Chromium, a fake /v1). A failed Allow used
// to end the answer as failed with both buttons disabled, while the run still waited on the server. Now a
// decision that failed (a server error, a lost connection) leaves the buttons enabled with why, and the next
// press is sent and the run followed; one the server says is decided already or withdrawn (409, 404) settles
// the approval with the reason (its code's phrase, not the server's English) and the run is followed to see what came of it. Either way the focus stays in
// the answer rather than dropping to the page's top.
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi } from "../support/page-on-fake-api";

const RUNS = `/v1/sessions/${FAKE_SESSION}/runs`;
const APPROVAL = `/v1/sessions/${FAKE_SESSION}/approvals/ap_1`;
const STREAM = `${RUNS}/run_1/stream`;
const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
const DECIDED = { runId: "run_1", pendingApprovals: 0, seq: 3 };

let opened: PageOnFakeApi | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** The page with a run that waits on approval ap_1 (at seq 2); `decide` answers its decisions, in turn. */
async function pageWithApproval(decide: Array<(res: ServerResponse) => void>) {
  let decisions = 0;
  opened = await openPageOnFakeApi({
    [RUNS]: (_req, res) =>
      sendEvents(res, [
        { event: "run.started", data: { runId: "run_1" }, id: 1 },
        { event: "approval.required", data: { approvalId: "ap_1", name: "web_fetch", args: { url: "https://example.com" } }, id: 2 },
      ]),
    [APPROVAL]: (_req, res) => decide[decisions++]!(res),
    [STREAM]: (_req, res) =>
      sendEvents(res, [
        { event: "text.delta", data: { delta: "Read it." } },
        { event: "run.completed", data: { runId: "run_1", status: "completed", output: "Read it.", steps: 2 }, id: 5 },
      ]),
  });
  return opened;
}

const focused = (opened: PageOnFakeApi) => opened.page.evaluate<string>('document.activeElement.tagName + " " + document.activeElement.textContent');

describe("an approval's decision that does not go through", () => {
  it("leaves Allow and Deny enabled with why, and sends the next press", async () => {
    const opened = await pageWithApproval([
      (res) => json(res, 503, { error: { code: "internal_error", message: "upstream hiccup" } }),
      (res) => json(res, 200, DECIDED),
    ]);
    const page = opened.page;
    await askByKeyboard(page, "Read example.com");
    await page.getByRole("button", { name: "Allow" }).waitFor();
    await page.keyboard.press("Enter");

    const failure = page.locator(".approval [role=alert]");
    await expect.poll(() => failure.textContent()).toBe("Could not send your decision: Something went wrong on the server. Please try again.");
    expect(await page.getByRole("button", { name: "Allow" }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Deny" }).isEnabled()).toBe(true);
    expect(await page.locator(".message.assistant").getAttribute("aria-busy")).toBe("true");
    expect(await focused(opened)).toBe("BUTTON Allow");

    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toMatch(/^Done · 2 steps/);
    expect(await page.locator(".approval").textContent()).toBe("Allowed: web_fetch · https://example.com");
    expect(await focused(opened)).toBe("P Allowed: web_fetch · https://example.com");
    expect(opened.posts(APPROVAL).map((r) => JSON.parse(r.body))).toEqual([
      { decision: "allow", remember: false },
      { decision: "allow", remember: false },
    ]);
    expect(opened.server.requests.filter((r) => r.url.startsWith(STREAM)).map((r) => r.url)).toEqual([`${STREAM}?after=3`]);
  });

  it("settles an approval decided elsewhere and follows the run", async () => {
    const opened = await pageWithApproval([(res) => json(res, 409, { error: { code: "conflict", message: "approval ap_1 was already settled (denied)" } })]);
    const page = opened.page;
    await askByKeyboard(page, "Read example.com");
    await page.getByRole("button", { name: "Deny" }).waitFor();
    await page.getByRole("button", { name: "Deny" }).focus();
    await page.keyboard.press("Enter");

    await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toMatch(/^Done · 2 steps/);
    expect(await page.locator(".approval").textContent()).toBe("Not decided here (This was already settled.): web_fetch · https://example.com");
    expect(await page.locator(".approval button").count()).toBe(0);
    expect(await focused(opened)).toBe("P Not decided here (This was already settled.): web_fetch · https://example.com");
    expect(opened.server.requests.filter((r) => r.url.startsWith(STREAM)).map((r) => r.url)).toEqual([`${STREAM}?after=2`]);
  });
});
