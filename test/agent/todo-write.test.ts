import { describe, expect, it } from "vitest";
import { MemoryTodoStore } from "../../src/agent/todo";
import { runAgent } from "../support/agent-run";
import { LoopHarness } from "../support/loop-harness";

const h = new LoopHarness();

const write = (todos: unknown[], merge?: boolean) => ({ toolCalls: [{ name: "todo_write", args: merge === undefined ? { todos } : { todos, merge } }] });

describe("todo_write", () => {
  it("replaces the list, then merges updates by id, and reports each change as todo.updated", async () => {
    const todos = new MemoryTodoStore();
    const { result, messages, events } = await runAgent(
      h,
      [
        write([
          { id: "1", text: "Find sources", status: "in_progress" },
          { id: "2", text: "Write chapters" },
        ]),
        write(
          [
            { id: "1", status: "completed" },
            { id: "2", status: "in_progress" },
            { id: "3", text: "Exercises" },
          ],
          true,
        ),
        { text: "ok" },
      ],
      { todos },
    );
    expect(result.status).toBe("completed");
    expect(todos.load()).toEqual([
      { id: "1", text: "Find sources", status: "completed" },
      { id: "2", text: "Write chapters", status: "in_progress" },
      { id: "3", text: "Exercises", status: "pending" },
    ]);
    const results = messages.filter((m) => m.role === "tool");
    expect(results.map((m) => m.status)).toEqual(["success", "success"]);
    expect(results[1]!.content).toBe("Todo list (1/3 completed):\n[x] 1. Find sources\n[>] 2. Write chapters\n[ ] 3. Exercises");
    const updates = events.filter((e) => e.type === "todo.updated");
    expect(updates).toHaveLength(2);
    expect(updates[1]).toMatchObject({ todos: todos.load() });
  });

  it("refuses an update that leaves two items in progress, explains the rule, and keeps the list", async () => {
    const todos = new MemoryTodoStore();
    todos.save([
      { id: "a", text: "Read", status: "in_progress" },
      { id: "b", text: "Write", status: "pending" },
    ]);
    const { messages, events } = await runAgent(
      h,
      [
        write([{ id: "b", status: "in_progress" }], true),
        write(
          [
            { id: "a", status: "completed" },
            { id: "b", status: "in_progress" },
          ],
          true,
        ),
        { text: "ok" },
      ],
      { todos },
    );
    const [refused, accepted] = messages.filter((m) => m.role === "tool");
    expect(refused!.status).toBe("error");
    expect(refused!.content).toContain("At most one item may be in_progress");
    expect(refused!.content).toContain("a, b");
    expect(accepted!.status).toBe("success");
    expect(todos.load().map((t) => t.status)).toEqual(["completed", "in_progress"]);
    expect(events.filter((e) => e.type === "todo.updated")).toHaveLength(1);
  });

  it("asks for text when replacing the list or adding an item by merge", async () => {
    const { messages } = await runAgent(h, [write([{ id: "1" }]), write([{ id: "9", status: "pending" }], true), { text: "ok" }]);
    const results = messages.filter((m) => m.role === "tool");
    expect(results.map((m) => m.status)).toEqual(["error", "error"]);
    expect(results[0]!.content).toContain("has no text");
    expect(results[1]!.content).toContain("needs a text");
  });
});
