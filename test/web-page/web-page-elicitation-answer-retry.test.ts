// An MCP server's question (input.required) answered on the real page, in Chromium against a fake /v1, when the
// first answer is lost on its way back (the server took it, the page saw a network error): the form stays with
// the failure said, Accept again sends the same answer with the same Idempotency-Key (the server answers the
// first answer again), and the page follows the resumed run to its end. It stopped following the run before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askByKeyboard } from "../support/page-rig";
import { FAKE_SESSION, openPageOnFakeApi, sendEvents, type PageOnFakeApi, NAME_QUESTION } from "../support/page-on-fake-api";

const INPUT = `/v1/sessions/${FAKE_SESSION}/inputs/inp_1`;
let opened: PageOnFakeApi;

describe("an answer to an MCP server's question lost on the way back", () => {
  beforeAll(async () => {
    opened = await openPageOnFakeApi({
      [`/v1/sessions/${FAKE_SESSION}/runs`]: (_req, res) =>
        sendEvents(res, [
          { event: "run.started", data: { runId: "run_1" }, id: 1 },
          {
            event: "input.required",
            data: NAME_QUESTION,
            id: 5,
          },
        ]),
      [INPUT]: (_req, res) =>
        void res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ inputId: "inp_1", runId: "run_1", action: "accept", pendingInputs: 0, seq: 6, status: "running" })),
      "/v1/sessions/s1/runs/run_1/stream": (_req, res) =>
        sendEvents(res, [
          { event: "text.delta", data: { delta: "Hello Ada." } },
          { event: "run.completed", data: { runId: "run_1", status: "completed", output: "Hello Ada.", steps: 2 }, id: 9 },
        ]),
    });
  }, 60_000);
  afterAll(() => opened?.close());

  it("sends the same answer again with the same key, and the run goes on", async () => {
    const page = opened.page;
    await page.route(
      `**${INPUT}`,
      async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      },
      { times: 1 },
    );
    await askByKeyboard(page, "Greet me");
    await page.getByLabel("Name").fill("Ada");
    await page.getByRole("button", { name: "Accept" }).click();
    const failure = page.locator(".input-request [role=alert]");
    await expect.poll(() => failure.textContent()).toMatch(/^Could not send your answer/);

    await page.getByRole("button", { name: "Accept" }).click({ timeout: 5_000 });
    await expect.poll(() => page.locator(".message.assistant .run-meta").textContent()).toMatch(/^Done · 2 steps/);
    expect(await page.locator(".message.assistant .text").textContent()).toContain("Hello Ada.");
    expect(await page.locator(".input-request p").first().textContent()).toMatch(/^Answered: forms asked/);

    const sent = opened.posts(INPUT);
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([
      { action: "accept", content: { name: "Ada" } },
      { action: "accept", content: { name: "Ada" } },
    ]);
    expect(sent[0]!.headers["idempotency-key"]).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sent[1]!.headers["idempotency-key"]).toBe(sent[0]!.headers["idempotency-key"]);
    expect(opened.server.requests.filter((r) => r.url.startsWith("/v1/sessions/s1/runs/run_1/stream")).map((r) => r.url)).toEqual([
      "/v1/sessions/s1/runs/run_1/stream?after=5",
    ]);
  });
});
