import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../../src/agent/tools";
import { calculateTool } from "../../src/tools/calculate";
import { eventTypes, LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

/** A tool that records when it starts and ends, to see overlap. */
function timedTool(name: string, log: string[], opts: { sequential?: boolean; ms?: number } = {}) {
  return defineTool({
    name,
    description: `test tool ${name}`,
    input: z.object({ tag: z.string() }),
    sequential: opts.sequential,
    async run({ tag }) {
      log.push(`start ${tag}`);
      await new Promise((r) => setTimeout(r, opts.ms ?? 50));
      log.push(`end ${tag}`);
      return ok(`done ${tag}`);
    },
  });
}

describe("the loop runs the tools the model asks for", () => {
  it("answers with text when the model calls no tool", async () => {
    const { result, messages, events } = await h.run([{ text: "Just text." }]);
    expect(result).toMatchObject({ status: "completed", output: "Just text.", steps: 1 });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(eventTypes(events)).toEqual(["model.request", "model.response", "text.delta"]);
  });

  it("runs one tool and gives the model its result", async () => {
    const { result, messages, key } = await h.run([{ toolCalls: [{ name: "calculate", args: { expression: "2^10" } }] }, { text: "1024" }], {
      tools: [calculateTool],
    });
    expect(result.status).toBe("completed");
    const tool = messages.find((m) => m.role === "tool")!;
    expect(tool).toMatchObject({ status: "success", name: "calculate" });
    expect(tool.content).toContain("1024");
    const second = h.model.requests(key)[1]!;
    expect(second.messages.at(-1)).toMatchObject({ role: "tool", content: tool.content });
    expect(second.tools.map((t) => t.name)).toEqual(["calculate"]);
  });

  it("runs parallel-safe calls of one turn concurrently and keeps results in call order", async () => {
    const log: string[] = [];
    const { messages } = await h.run(
      [
        {
          toolCalls: [
            { name: "a", args: { tag: "1" } },
            { name: "a", args: { tag: "2" } },
            { name: "a", args: { tag: "3" } },
          ],
        },
        { text: "ok" },
      ],
      { tools: [timedTool("a", log)] },
    );
    expect(log.slice(0, 3)).toEqual(["start 1", "start 2", "start 3"]);
    expect(messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(["done 1", "done 2", "done 3"]);
  });

  it("bounds parallelism by maxParallelTools", async () => {
    const log: string[] = [];
    await h.run([{ toolCalls: [1, 2, 3, 4].map((i) => ({ name: "a", args: { tag: String(i) } })) }, { text: "ok" }], {
      tools: [timedTool("a", log)],
      maxParallelTools: 2,
    });
    expect(log).toEqual(["start 1", "start 2", "end 1", "end 2", "start 3", "start 4", "end 3", "end 4"]);
  });

  it("runs a sequential tool alone", async () => {
    const log: string[] = [];
    await h.run(
      [
        {
          toolCalls: [
            { name: "a", args: { tag: "p1" } },
            { name: "s", args: { tag: "s1" } },
            { name: "a", args: { tag: "p2" } },
          ],
        },
        { text: "ok" },
      ],
      { tools: [timedTool("a", log), timedTool("s", log, { sequential: true })] },
    );
    expect(log).toEqual(["start p1", "end p1", "start s1", "end s1", "start p2", "end p2"]);
  });

  it("turns invalid arguments into an error result the model can act on", async () => {
    const { result, messages } = await h.run(
      [{ toolCalls: [{ name: "calculate", args: { expr: "1+1" } }] }, { toolCalls: [{ name: "calculate", args: "{not json" }] }, { text: "sorry" }],
      { tools: [calculateTool] },
    );
    expect(result.status).toBe("completed");
    const [first, second] = messages.filter((m) => m.role === "tool");
    expect(first).toMatchObject({ status: "error" });
    expect(first!.content).toContain("Invalid arguments for calculate");
    expect(first!.content).toContain("expression");
    expect(second!.content).toContain("not valid JSON");
  });

  it("tells the model which tools exist when it calls an unknown one", async () => {
    const { messages } = await h.run([{ toolCalls: [{ name: "teleport", args: {} }] }, { text: "ok" }], { tools: [calculateTool] });
    const r = messages.find((m) => m.role === "tool")!;
    expect(r.status).toBe("error");
    expect(r.content).toContain('Unknown tool "teleport"');
    expect(r.content).toContain("calculate");
  });

  it("turns a throwing tool and a timed-out tool into error results and goes on", async () => {
    const boom = defineTool({
      name: "boom",
      description: "throws",
      input: z.object({}),
      run: () => {
        throw new Error("kaput");
      },
    });
    const slow = defineTool({ name: "slow", description: "hangs", input: z.object({}), timeoutMs: 100, run: () => new Promise(() => {}) });
    const { result, messages } = await h.run(
      [
        {
          toolCalls: [
            { name: "boom", args: {} },
            { name: "slow", args: {} },
          ],
        },
        { text: "recovered" },
      ],
      { tools: [boom, slow] },
    );
    expect(result).toMatchObject({ status: "completed", output: "recovered" });
    const [a, b] = messages.filter((m) => m.role === "tool");
    expect(a!.content).toContain("kaput");
    expect(b!.content).toContain("timed out after 100 ms");
  });

  it("streams text deltas and assembles tool-call fragments split across chunks", async () => {
    const { events, messages } = await h.run(
      [
        { toolCalls: [{ name: "calculate", args: { expression: "(1+2)*(3+4)" } }], pieces: 7 },
        { text: "The answer is twenty-one.", pieces: 5 },
      ],
      { tools: [calculateTool], stream: true },
    );
    expect(messages.find((m) => m.role === "tool")!.content).toContain("= 21");
    const deltas = events.flatMap((e) => (e.type === "text.delta" ? [e.delta] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe("The answer is twenty-one.");
  });
});
