// A run that waits behind another run of its session is `queued` (not `running`), and runs when its turn comes.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { getRun, settledRun } from "../../support/session-api";
import { call, uniqueId } from "../../support/worker-http";

describe("the run lifecycle's queued state", () => {
  it("shows a run waiting its turn as queued, then runs it to completion", async () => {
    const marker = await script(uniqueId("queue"), [{ text: "first", delayMs: 1500 }, { text: "second" }]);
    const sid = uniqueId();
    const start = async (input: string) =>
      (await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input, stream: true } })).headers.get("x-run-id") ?? "";
    const first = await start(`${marker} one`);
    const second = await start(`${marker} two`);
    expect((await getRun(sid, first)).status).toBe("running");
    expect((await getRun(sid, second)).status).toBe("queued");
    expect(await settledRun(sid, first)).toMatchObject({ status: "completed", output: "first" });
    expect(await settledRun(sid, second)).toMatchObject({ status: "completed", output: "second" });
  });
});
