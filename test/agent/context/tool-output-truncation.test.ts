import { describe, expect, it } from "vitest";
import { z } from "zod";
import { outputLines, truncateOutput } from "../../../src/agent/context/truncation";
import { defineTool, ok } from "../../../src/agent/tools";
import { runAgent } from "../../support/agent-run";
import { LoopHarness } from "../../support/loop-harness";

const h = new LoopHarness();

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join("\n");
const limits = { maxLines: 20, maxBytes: 8192 };

describe("truncating a long tool output", () => {
  it("keeps the head, the tail, or both, and marks the cut with the way to read it", () => {
    const text = numbered(100);
    const head = truncateOutput("out1", text, { ...limits, mode: "head" }).content.split("\n");
    expect(head.slice(0, 19)).toEqual(
      outputLines(text)
        .slice(0, 19)
        .map((l) => l.text),
    );
    expect(head.at(-1)).toContain('read_tool_output({"id":"out1","offset":19,');
    expect(head.at(-1)).toContain("81 of 100 lines cut");

    const tail = truncateOutput("out1", text, { ...limits, mode: "tail" }).content.split("\n");
    expect(tail[0]).toContain('"offset":0,');
    expect(tail.slice(1)).toEqual(text.split("\n").slice(81));

    const both = truncateOutput("out1", text, { ...limits, mode: "head_tail" }).content.split("\n");
    expect(both.slice(0, 9)).toEqual(text.split("\n").slice(0, 9));
    expect(both[9]).toContain('"offset":9,');
    expect(both.slice(10)).toEqual(text.split("\n").slice(90));
    expect(both).toHaveLength(20);
  });

  it("cuts by bytes too, splitting a single huge line into addressable pieces", () => {
    const blob = "x".repeat(50_000);
    const cut = truncateOutput("blob", blob, { maxLines: 500, maxBytes: 8192, mode: "head" });
    expect(cut.truncated).toBe(true);
    expect(new TextEncoder().encode(cut.content).length).toBeLessThanOrEqual(8192);
    expect(outputLines(blob)).toHaveLength(50);
  });

  it("leaves an output within the limits alone", () => {
    expect(truncateOutput("x", numbered(20), { ...limits, mode: "head_tail" })).toEqual({ content: numbered(20), truncated: false });
  });
});

describe("read_tool_output", () => {
  it("gives back exactly the part a truncation cut", async () => {
    const log = defineTool({ name: "show_log", description: "a long log", input: z.object({}), run: () => ok(numbered(1000)) });
    const { messages, events, key, outputs } = await runAgent(
      h,
      [
        { toolCalls: [{ name: "show_log", args: {} }] },
        {
          dynamic: (req) => {
            // Read the cut part the way the marker says.
            const marker = String(req.messages.at(-1)!.content).match(/read_tool_output\((\{.*?\})\)/)![1]!;
            return { toolCalls: [{ name: "read_tool_output", args: { ...JSON.parse(marker), limit: 5 } }] };
          },
        },
        { text: "read it" },
      ],
      { tools: [log], context: { output: { maxLines: 100, maxBytes: 24_576, mode: "head_tail" } } },
    );
    const [cut, read] = messages.filter((m) => m.role === "tool");
    expect(cut!.content).toContain("901 of 1000 lines cut");
    expect(cut!.content.split("\n")).toHaveLength(100);
    expect(outputs.get(cut!.id)).toBe(numbered(1000));
    expect(events.find((e) => e.type === "tool.finished" && e.name === "show_log")).toMatchObject({ truncated: true, output: cut!.content });
    expect(read!.status).toBe("success");
    expect(read!.content).toBe(
      `[Output ${cut!.id}, lines 49–53 of 1000]\nline 49\nline 50\nline 51\nline 52\nline 53\n[946 more lines: read_tool_output({"id":"${cut!.id}","offset":54})]`,
    );
    // The model saw the cut version, not the whole.
    expect(String(h.model.requests(key)[1]!.messages.at(-1)!.content)).toBe(cut!.content);
  });

  it("answers an unknown id with an error the model can act on", async () => {
    const { messages } = await runAgent(h, [{ toolCalls: [{ name: "read_tool_output", args: { id: "msg_nope" } }] }, { text: "ok" }]);
    expect(messages.find((m) => m.role === "tool")).toMatchObject({ status: "error" });
  });
});
