import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

interface SessionBody {
  messages: Array<{ role: string; content: string }>;
}
interface EventsBody {
  events: Array<{ type: string; data: Record<string, unknown> }>;
}

const calc = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };

describe("auto-compaction in a session", () => {
  it("summarizes older rounds for the model while GET /v1/sessions/:id still returns every message, and later runs start from the summary", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = `[[script:${key}]]`;
    await script(key, [
      calc,
      calc,
      { text: "First answer." },
      // The provider reports a prompt past 80% of the 128k window: the next call must be compacted first.
      { ...calc, usage: { prompt_tokens: 120_000, completion_tokens: 10 } },
      { text: `${marker} SUMMARY: the learner asked twice; 1+1 was computed.` },
      { text: "Second answer." },
      { text: "Third answer." },
    ]);
    const run = (input: string) => call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} ${input}` } }).then((r) => r.json());
    expect(await run("FIRST QUESTION")).toMatchObject({ status: "completed", output: "First answer." });
    expect(await run("second question")).toMatchObject({ status: "completed", output: "Second answer." });

    const seen = (await requests(key)).requests;
    const summarizer = seen[4]!;
    expect(String(summarizer.messages[0]!.content)).toMatch(/^You compact a conversation/);
    expect(String(summarizer.messages[1]!.content)).toContain("FIRST QUESTION");
    const compacted = seen[5]!.messages;
    expect(compacted[1]).toMatchObject({ role: "user" });
    expect(String(compacted[1]!.content)).toMatch(/^\[Summary of the earlier conversation\]\n.*SUMMARY: the learner asked twice/);
    expect(JSON.stringify(compacted)).not.toContain("FIRST QUESTION");

    // The overlay hides nothing from the session's history, and the trace records the compaction.
    const session = (await (await call(`/v1/sessions/${sid}`)).json()) as SessionBody;
    expect(session.messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(session.messages[0]!.content).toContain("FIRST QUESTION");
    const { events } = (await (await call(`/v1/sessions/${sid}/events?limit=1000`)).json()) as EventsBody;
    const record = events.filter((e) => e.type === "context.compacted");
    expect(record).toHaveLength(1);
    expect(record[0]!.data).toMatchObject({ replacedMessages: 3 });

    // A later run sees the stored overlay: its first request starts with the summary.
    expect(await run("third question")).toMatchObject({ output: "Third answer." });
    const third = (await requests(key)).requests[6]!.messages;
    expect(String(third[1]!.content)).toContain("SUMMARY: the learner asked twice");
    expect(JSON.stringify(third)).not.toContain("FIRST QUESTION");
  });
});
