// A long tool output is kept once: whole in the history (what the model is sent) and on the stream, live
// or replayed, but only as a preview in the trace (TRACE_OUTPUT_PREVIEW_CHARS), with its length noted.
import { describe, expect, it } from "vitest";
import { script } from "../../support/model-control";
import { messages, trace } from "../../support/session-api";
import { overrideSessionConfig } from "../../support/session-config";
import { call, readSse, uniqueId } from "../../support/worker-http";

describe("a long tool output in the trace", () => {
  it("is a preview there, and whole in the history, the live stream and a replay", async () => {
    // calculate answers with the expression it was given: 300 ones make an output of over 600 characters.
    const expression = Array.from({ length: 300 }, () => "1").join("+");
    const marker = await script(uniqueId("k"), [{ toolCalls: [{ name: "calculate", args: { expression } }] }, { text: "300" }]);
    const sid = uniqueId();
    await overrideSessionConfig(sid, { TRACE_OUTPUT_PREVIEW_CHARS: "100" });
    const res = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} add them`, stream: true } });
    const runId = res.headers.get("x-run-id")!;
    const live = (await readSse(res)).find((e) => e.event === "tool.finished")!.data as { output: string; outputChars?: number };

    const whole = (await messages(sid)).find((m) => m.role === "tool")!.content;
    expect(whole).toContain("= 300");
    expect(whole.length).toBeGreaterThan(600);
    expect(live.output).toBe(whole);
    expect(live.outputChars).toBeUndefined();

    const stored = (await trace(sid)).find((e) => e.type === "tool.finished")!.data as { output: string; outputChars: number };
    expect(stored.outputChars).toBe(whole.length);
    expect(stored.output.startsWith(whole.slice(0, 100))).toBe(true);
    expect(stored.output.length).toBeLessThan(200);

    const replayed = (await readSse(await call(`/v1/sessions/${sid}/runs/${runId}/stream?after=0`))).find((e) => e.event === "tool.finished")!;
    expect((replayed.data as { output: string }).output).toBe(whole);
  });
});
