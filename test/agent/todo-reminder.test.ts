import { describe, expect, it } from "vitest";
import { newId, now, userMessage, type Message } from "../../src/agent/messages";
import type { ModelRequest } from "../../src/agent/model";
import { MemoryTodoStore } from "../../src/agent/todo";
import { calculateTool } from "../../src/tools/calculate";
import { runAgent } from "../support/agent-run";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

const calc = { toolCalls: [{ name: "calculate", args: { expression: "1+1" } }] };
const openList = () => {
  const todos = new MemoryTodoStore();
  todos.save([
    { id: "1", text: "Find sources", status: "in_progress" },
    { id: "2", text: "Write the lesson", status: "pending" },
  ]);
  return todos;
};
const reminders = (req: ModelRequest) => req.messages.filter((m) => m.role === "user" && m.content.startsWith("[Reminder from the agent harness"));
const reminderCounts = (key: string) => h.model.requests(key).map((r) => reminders(r).length);

describe("the todo reminder", () => {
  it("fires before every model call from the one that follows the 3rd idle turn until todo_write is called", async () => {
    const todos = openList();
    const { key, events } = await runAgent(
      h,
      [
        { toolCalls: [{ name: "todo_write", args: { todos: [{ id: "1", status: "in_progress" }], merge: true } }] },
        calc,
        calc,
        calc,
        calc,
        calc,
        calc,
        { toolCalls: [{ name: "todo_write", args: { todos: [{ id: "1", status: "completed" }], merge: true } }] },
        calc,
        { text: "done" },
      ],
      { tools: [calculateTool], todos },
    );
    // Request i follows i model replies; reply 0 called todo_write, replies 1..6 did not, reply 7 did.
    expect(reminderCounts(key)).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 4, 4]);
    const first = reminders(h.model.requests(key)[4]!)[0]!;
    expect(first.content).toContain("in 3 turns");
    expect(first.content).toContain("[>] 1. Find sources");
    // Each stays where it was shown: right after the tool result of the turn it followed.
    const seventh = h.model.requests(key)[7]!.messages;
    for (const r of reminders(h.model.requests(key)[7]!)) expect(seventh[seventh.indexOf(r) - 1]).toMatchObject({ role: "tool" });
    expect(events.flatMap((e) => (e.type === "todo.reminded" ? [e.idleTurns] : []))).toEqual([3, 4, 5, 6]);
  });

  it("nudges the model to make a plan when it has no list", async () => {
    const { key } = await runAgent(h, [calc, calc, calc, calc, { text: "done" }], { tools: [calculateTool] });
    expect(reminderCounts(key)).toEqual([0, 0, 0, 1, 2]);
    const nudge = reminders(h.model.requests(key)[3]!)[0]!;
    expect(nudge.content).toContain("You have worked 3 turns without a plan");
    expect(nudge.content).toContain("todo_write");
  });

  it("counts again from zero after a todo_write call", async () => {
    const todos = openList();
    const touch = { toolCalls: [{ name: "todo_write", args: { todos: [{ id: "2", text: "Write the whole lesson" }], merge: true } }] };
    const { key } = await runAgent(h, [calc, calc, touch, calc, calc, { text: "done" }], { tools: [calculateTool], todos });
    expect(reminderCounts(key)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("stays silent when nothing on the list is open", async () => {
    const todos = new MemoryTodoStore();
    todos.save([{ id: "1", text: "Done already", status: "completed" }]);
    const { key } = await runAgent(h, [calc, calc, calc, calc, { text: "done" }], { tools: [calculateTool], todos });
    expect(reminderCounts(key)).toEqual([0, 0, 0, 0, 0]);
  });

  it("counts the idle turns of earlier runs in the history", async () => {
    const key = "reminder-history";
    const marker = `[[script:${key}]]`;
    const idle = (): Message => ({ role: "assistant", id: newId("msg"), createdAt: now(), content: "thinking aloud" });
    const history = [userMessage(`${marker} earlier`), idle(), idle(), userMessage(`${marker} go on`)];
    await runAgent(h, [calc, { text: "done" }], { key, history, tools: [calculateTool], todos: openList() });
    expect(reminderCounts(key)).toEqual([0, 1]);
  });
});
