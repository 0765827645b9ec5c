import { env } from "cloudflare:workers";
import { assert, describe, expect, it } from "vitest";
import { userMessage } from "../../../src/agent/messages";
import { startEphemeralRun } from "../../../src/session/runs/ephemeral-run";
import { sessionStub } from "../../../src/session/runs/start-run";
import { requests, script } from "../../support/model-control";
import { uniqueId } from "../../support/worker-http";

const options = { stream: false, paradigm: "react" as const, maxSteps: 5, channel: "test" };

describe("a run in an ephemeral session", () => {
  it("sees the seeded history, and dispose() deletes the session", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Second answer." }]);
    const run = await startEphemeralRun(env, [userMessage(`${marker} first question`)], "second question", options);
    assert(run.ok);
    expect((await run.result()).status).toBe("completed");
    const [seen] = (await requests(key)).requests;
    expect(seen!.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual([`${marker} first question`, "second question"]);

    await run.dispose();
    expect(await sessionStub(env, run.sessionId).view()).toBeNull();
  });

  it("cancels a run still going when disposed", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ text: "Too late.", delayMs: 10_000 }]);
    const run = await startEphemeralRun(env, [], `${marker} slow question`, options);
    assert(run.ok);
    const started = Date.now();
    await run.dispose();
    // Far under the model's 10 s: a loaded CI machine stays on the right side of the line.
    expect(Date.now() - started).toBeLessThan(7_000);
    expect(await sessionStub(env, run.sessionId).view()).toBeNull();
  });
});
