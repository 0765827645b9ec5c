import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { messages, startRun, trace } from "../../support/session-api";
import { overrideSessionConfig } from "../../support/session-config";
import { uniqueId } from "../../support/worker-http";

describe("RUN_TIMEOUT_MS", () => {
  it("stops a run that takes too long: failed with run_timeout, nothing half-written", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] }, { text: "far too late", delayMs: 20_000 }]);
    const sid = uniqueId();
    await overrideSessionConfig(sid, { RUN_TIMEOUT_MS: "1000" });
    const t0 = Date.now();
    const run = await startRun(sid, `${marker} slow`);
    expect(Date.now() - t0).toBeLessThan(12_000);
    expect(run).toMatchObject({ status: "failed", error: { code: "run_timeout" } });
    expect(run.error!.message).toContain("RUN_TIMEOUT_MS (1000 ms)");
    expect((await requests(key)).requests).toHaveLength(2);
    expect((await messages(sid)).map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect((await trace(sid)).at(-1)).toMatchObject({ type: "run.failed", data: { error: { code: "run_timeout" } } });
  });
});
