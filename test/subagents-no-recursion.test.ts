import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, ok } from "../src/agent/tools";
import { calculateTool } from "../src/tools/calculate";
import { runAgent } from "./support/agent-run";
import { LoopHarness } from "./support/loop-harness";

const h = new LoopHarness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const saveNote = defineTool({
  name: "save_note",
  description: "writes a note",
  input: z.object({ text: z.string() }),
  sideEffects: true,
  run: () => ok("saved"),
});

describe("a subagent's tools", () => {
  it("never include task: a child that asks for one gets an unknown-tool error", async () => {
    const child = h.model.script("no-recursion-child", [{ toolCalls: [{ name: "task", args: { prompt: "go deeper" } }] }, { text: "could not delegate" }]);
    const { messages } = await runAgent(h, [{ toolCalls: [{ name: "task", args: { prompt: `${child} try`, tools: "full" } }] }, { text: "ok" }], {
      tools: [calculateTool],
    });
    const [first, second] = h.model.requests("no-recursion-child");
    expect(first!.tools!.map((t) => t.function.name).sort()).toEqual(["calculate", "read_tool_output", "todo_write"]);
    expect(second!.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(String(second!.messages.at(-1)!.content)).toContain('Unknown tool "task"');
    expect(messages.filter((m) => m.role === "tool")[0]!.content).toContain("could not delegate");
  });

  it("leave out tools with side effects when readonly (the default), and keep them when full", async () => {
    const ro = h.model.script("ro-child", [{ text: "read only" }]);
    const full = h.model.script("full-child", [{ text: "full" }]);
    await runAgent(
      h,
      [
        {
          toolCalls: [
            { name: "task", args: { prompt: `${ro} look` } },
            { name: "task", args: { prompt: `${full} act`, tools: "full" } },
          ],
        },
        { text: "ok" },
      ],
      { tools: [calculateTool, saveNote] },
    );
    expect(h.model.requests("ro-child")[0]!.tools!.map((t) => t.function.name)).not.toContain("save_note");
    expect(h.model.requests("full-child")[0]!.tools!.map((t) => t.function.name)).toContain("save_note");
  });

  it("include a todo_write of the child's own: the session's list stays the parent's", async () => {
    const child = h.model.script("todo-child", [
      { toolCalls: [{ name: "todo_write", args: { todos: [{ id: "x", text: "child item" }] } }] },
      { text: "listed" },
    ]);
    const { todos, events } = await runAgent(h, [{ toolCalls: [{ name: "task", args: { prompt: `${child} plan` } }] }, { text: "ok" }]);
    expect(todos.load()).toEqual([]);
    const update = events.find((e) => e.type === "todo.updated")!;
    expect(update.agent).toMatch(/^agent_/);
  });
});
