import { describe, expect, it } from "vitest";
import { requests, script } from "../../support/model-control";
import { call, uniqueId } from "../../support/worker-http";

interface SessionBody {
  messages: Array<{ id: string; role: string; content: string; name?: string }>;
}
interface EventsBody {
  events: Array<{ type: string; data: Record<string, unknown> }>;
}

const report = Array.from({ length: 2000 }, (_, i) => `finding ${i}`).join("\n");

describe("a truncated tool output in a session", () => {
  it("is kept whole in the Durable Object, and read_tool_output returns the part the model did not see", async () => {
    const sid = uniqueId();
    const key = uniqueId("k");
    const marker = `[[script:${key}]]`;
    // A subagent's long report comes back to the parent as a tool result over TOOL_OUTPUT_MAX_LINES (500).
    const child = await script(uniqueId("child"), [{ text: report }]);
    await script(key, [{ toolCalls: [{ name: "task", args: { prompt: `${child} research everything` } }] }, { text: "Got a long report." }]);
    const first = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: `${marker} research` } });
    expect(await first.json()).toMatchObject({ status: "completed" });

    const session = (await (await call(`/v1/sessions/${sid}`)).json()) as SessionBody;
    const cut = session.messages.find((m) => m.role === "tool")!;
    expect(cut.content.split("\n")).toHaveLength(500);
    expect(cut.content).toContain(`read_tool_output({"id":"${cut.id}","offset":249,`);
    expect(cut.content).not.toContain("finding 1000\n");
    const { events } = (await (await call(`/v1/sessions/${sid}/events?limit=1000`)).json()) as EventsBody;
    expect(events.find((e) => e.type === "tool.finished" && e.data.name === "task")!.data).toMatchObject({ truncated: true });

    // The model reads the middle back in a later run: the whole output was kept.
    await script(key, [{ toolCalls: [{ name: "read_tool_output", args: { id: cut.id, offset: 1000, limit: 3 } }] }, { text: "Read it." }]);
    const second = await call(`/v1/sessions/${sid}/runs`, { method: "POST", json: { input: "read the middle" } });
    expect(await second.json()).toMatchObject({ status: "completed", output: "Read it." });
    // The last tool result (a todo nudge may follow it: no plan was made in these runs).
    const read = (await requests(key)).requests[1]!.messages.findLast((m) => m.role === "tool")!;
    expect(read.content).toBe(
      `[Output ${cut.id}, lines 1000–1002 of 2002]\nfinding 1000\nfinding 1001\nfinding 1002\n[999 more lines: read_tool_output({"id":"${cut.id}","offset":1003})]`,
    );
  });
});
