import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { messages, startRun, trace } from "../../support/session-api";
import { overrideSessionConfig } from "../../support/session-config";
import { uniqueId } from "../../support/worker-http";

describe("the audit trace", () => {
  it("records every model request and response, tool call and outcome", async () => {
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "2^10" } }] }, { text: "1024" }]);
    const sid = uniqueId();
    await startRun(sid, `${marker} two to the ten`);
    const events = await trace(sid);
    const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
    expect(of("model.request")).toEqual([
      expect.objectContaining({ step: 1, model: "scripted-model", messageCount: 2, toolCount: expect.any(Number), estimatedTokens: expect.any(Number) }),
      expect.objectContaining({ step: 2, messageCount: 4 }),
    ]);
    for (const response of of("model.response")) {
      expect(response).toMatchObject({ model: "scripted-model", retries: 0, finishReason: expect.any(String), latencyMs: expect.any(Number) });
      expect((response.usage as { totalTokens: number }).totalTokens).toBeGreaterThan(0);
    }
    expect(of("tool.started")).toEqual([expect.objectContaining({ name: "calculate", args: { expression: "2^10" } })]);
    expect(of("tool.finished")).toEqual([
      expect.objectContaining({ name: "calculate", status: "success", output: "2^10 = 1024", durationMs: expect.any(Number) }),
    ]);
    expect(of("run.completed")).toEqual([expect.objectContaining({ status: "completed", output: "1024", steps: 2 })]);
    expect(events.every((e) => e.runId && typeof e.seq === "number")).toBe(true);
  });

  it("redacts secrets before storing them, while the conversation itself keeps its words", async () => {
    const leaked = "Here: sk-proj-AbCdEfGhIjKlMnOpQrStUvWx, the bot token 123456:test-token and Bearer abcdefghijklmnop.";
    const key = uniqueId("k");
    const marker = await script(key, [{ toolCalls: [{ name: "calculate", args: { expression: "1+1", note: "xoxb-test-token" } }] }, { text: leaked }]);
    const sid = uniqueId();
    await startRun(sid, `${marker} my key is sk-test, keep it safe`);
    const stored = JSON.stringify(await trace(sid));
    for (const secret of ["sk-proj-AbCdEfGhIjKlMnOpQrStUvWx", "123456:test-token", "abcdefghijklmnop", "xoxb-test-token", "sk-test"]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).toContain("[REDACTED]");
    expect((await messages(sid)).at(-1)!.content).toBe(leaked);
  });

  it("keeps at most TRACE_MAX_EVENTS per session, pruning the oldest", async () => {
    const key = uniqueId("k");
    const calls = Array.from({ length: 60 }, (_, i) => ({ name: "calculate", args: { expression: `${i}+1` } }));
    const marker = await script(key, [{ toolCalls: calls }, { text: "done" }]);
    const sid = uniqueId();
    await overrideSessionConfig(sid, { TRACE_MAX_EVENTS: "100" });
    expect(await startRun(sid, `${marker} many sums`)).toMatchObject({ status: "completed" });
    const events = await trace(sid);
    expect(events).toHaveLength(100);
    const seqs = events.map((e) => e.seq);
    expect(seqs.at(-1)! - seqs[0]!).toBe(99);
    expect(seqs[0]).toBeGreaterThan(1);
    expect(events.at(-1)!.type).toBe("run.completed");
  });
});
