// After a crash, the call that was under way runs again only if its tool is replay-safe. The rule is about
// that call: a later call of the recovered run that reuses its id (servers number each reply's calls from
// call_0 again) was never interrupted, and runs, instead of being refused as "interrupted by a restart".
import { describe, expect, it } from "vitest";
import { newId, now, userMessage, type Message } from "../../src/agent/messages";
import { replayGuard } from "../../src/agent/replay-guard";
import { defineTool, ok } from "../../src/agent/tools";
import { z } from "zod";
import { LoopHarness, nextKey, runScriptedLoop } from "../support/loop-harness";

describe("the replay guard of a recovered run", () => {
  it("refuses the interrupted call, and runs a later call that reuses its id", async () => {
    const sent: string[] = [];
    const send = defineTool({
      name: "send_note",
      description: "Sends a note.",
      input: z.object({ text: z.string() }),
      run: ({ text }) => (sent.push(text), ok(`sent ${text}`)),
    });
    const h = new LoopHarness();
    const key = nextKey("replay");
    const marker = h.model.script(key, [{ toolCalls: [{ id: "call_0", name: "send_note", args: { text: "second" } }] }, { text: "done" }]);
    // The stored history of the crashed execution: the first call was under way.
    const history: Message[] = [
      userMessage(`${marker} send two notes`),
      { role: "assistant", id: newId("msg"), createdAt: now(), content: "", toolCalls: [{ id: "call_0", name: "send_note", args: '{"text":"first"}' }] },
    ];
    const run = await runScriptedLoop(marker, key, h.model, { tools: [send], history, hooks: [replayGuard(history)] });
    expect(run.result.status).toBe("completed");
    const results = run.messages.filter((m) => m.role === "tool");
    expect(results[0]).toMatchObject({ status: "error", content: expect.stringContaining("interrupted by a restart") });
    expect(results[1]).toMatchObject({ status: "success", content: "sent second" });
    expect(sent).toEqual(["second"]);
  });
});
