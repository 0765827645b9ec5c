import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Hooks } from "../../src/agent/hooks";
import { defineTool, ok } from "../../src/agent/tools";
import { calculateTool } from "../../src/tools/calculate";
import { runAgent } from "../support/agent-run";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

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
    expect(first!.tools.map((t) => t.name).sort()).toEqual(["calculate", "read_tool_output", "todo_write"]);
    expect(second!.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(String(second!.messages.at(-1)!.content)).toContain('Unknown tool "task"');
    expect(messages.filter((m) => m.role === "tool")[0]!.content).toContain("could not delegate");
  });

  it("get all the parent's tools but task by default, and leave out tools with side effects when readonly", async () => {
    const ro = h.model.script("ro-child", [{ text: "read only" }]);
    const full = h.model.script("full-child", [{ text: "full" }]);
    await runAgent(
      h,
      [
        {
          toolCalls: [
            { name: "task", args: { prompt: `${ro} look`, tools: "readonly" } },
            { name: "task", args: { prompt: `${full} act` } },
          ],
        },
        { text: "ok" },
      ],
      { tools: [calculateTool, saveNote] },
    );
    expect(h.model.requests("ro-child")[0]!.tools.map((t) => t.name)).not.toContain("save_note");
    expect(h.model.requests("full-child")[0]!.tools.map((t) => t.name)).toContain("save_note");
  });

  it("obey the parent's permissions; a call that needs approval goes back to the parent, whose run then asks for it", async () => {
    const policy: Hooks = { name: "policy", beforeToolCall: (call) => (call.name === "save_note" ? { action: "ask" } : undefined) };
    const child = h.model.script("ask-child", [{ toolCalls: [{ name: "save_note", args: { text: "hi" } }] }, { text: "could not save" }]);
    const { result, messages } = await runAgent(
      h,
      [{ toolCalls: [{ name: "task", args: { prompt: `${child} save a note` } }] }, { toolCalls: [{ name: "save_note", args: { text: "hi" } }] }],
      { tools: [saveNote], subagents: { toolGuards: [policy] }, loop: { hooks: [policy] } },
    );
    const childResult = h.model.requests("ask-child")[1]!.messages.at(-1)!;
    expect(String(childResult.content)).toContain("needs a person's approval: it is handed to the main agent");
    const taskResult = messages.find((m) => m.role === "tool" && m.name === "task")!;
    expect(taskResult.content).toContain("needed a person's approval for these calls and did not make them");
    expect(taskResult.content).toContain('- save_note {"text":"hi"}');
    expect(result.status).toBe("awaiting_approval");
    expect(result.pending).toEqual([expect.objectContaining({ name: "save_note", args: { text: "hi" } })]);
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
