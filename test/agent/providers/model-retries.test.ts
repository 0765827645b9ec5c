import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WireLoopHarness } from "../../support/wire-loop-harness";

const h = new WireLoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe("model failures: retried by the SDK, then a failed run with a clear error", () => {
  it("waits out a 429 with Retry-After and succeeds", async () => {
    const t0 = Date.now();
    const { result, events } = await h.run([{ status: 429, retryAfter: 1 }, { text: "after the wait" }], { maxRetries: 2 });
    expect(result).toMatchObject({ status: "completed", output: "after the wait" });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(events.find((e) => e.type === "model.response")).toMatchObject({ retries: 1 });
  });

  it("fails with model_unavailable when 5xx persists past the retries", async () => {
    const { result, messages } = await h.run([{ status: 500 }, { status: 502 }, { status: 503 }], { maxRetries: 2 });
    expect(result.status).toBe("failed");
    expect(result.error?.code).toBe("model_unavailable");
    expect(messages.map((m) => m.role)).toEqual(["user"]);
  });

  it("fails with model_rate_limited on a 429 storm", async () => {
    const { result } = await h.run(
      [
        { status: 429, retryAfter: 0 },
        { status: 429, retryAfter: 0 },
      ],
      { maxRetries: 1 },
    );
    expect(result.error?.code).toBe("model_rate_limited");
  });

  it("fails with model_timeout when the model never answers in time", async () => {
    const { result } = await h.run([{ text: "slow", delayMs: 1_500 }], { timeoutMs: 200 });
    expect(result.error?.code).toBe("model_timeout");
  });

  it("fails cleanly on a garbage body and on a stream cut mid-way", async () => {
    const garbage = await h.run([{ raw: "<html>oops</html>" }]);
    expect(garbage.result.status).toBe("failed");
    expect(garbage.result.error?.code).toBe("model_bad_response");
    const cut = await h.run([{ text: "half an answer", cutAfterChunks: 2 }], { stream: true });
    expect(cut.result.status).toBe("failed");
    expect(cut.result.error?.code).toBe("model_stream_cut");
    expect(cut.messages.map((m) => m.role)).toEqual(["user"]);
  });
});
