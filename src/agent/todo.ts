// The todo list an agent keeps for long work: the todo_write tool that edits it, the rule that at most
// one item is in progress, and the rendering the model reads. Where the list lives is the caller's
// choice (the session's Durable Object; memory for a subagent's own plan).
import * as z from "zod";
import type { Todo } from "./events";
import type { Message } from "./messages";
import { defineTool, fail, memoized, ok, type Tool, type ToolSignature } from "./tools";

export interface TodoStore {
  load(): Todo[] | Promise<Todo[]>;
  save(todos: Todo[]): void | Promise<void>;
}

/** A list that lives as long as its owner: a subagent's, so it never touches the session's list. */
export class MemoryTodoStore implements TodoStore {
  private todos: Todo[] = [];
  load(): Todo[] {
    return this.todos.map((t) => ({ ...t }));
  }
  save(todos: Todo[]): void {
    this.todos = todos.map((t) => ({ ...t }));
  }
}

export const TODO_WRITE_TOOL = "todo_write";

const Status = z.enum(["pending", "in_progress", "completed"]);

const TodoInput = z.object({
  id: z.string().min(1).max(64).describe('A short stable id, e.g. "1" or "sources"'),
  text: z.string().min(1).max(500).optional().describe("What to do; required for a new item"),
  status: Status.optional().describe("pending (default for a new item), in_progress or completed"),
});

type TodoPatch = z.output<typeof TodoInput>;

const MARKS: Record<Todo["status"], string> = { pending: "[ ]", in_progress: "[>]", completed: "[x]" };

export function renderTodos(todos: readonly Todo[]): string {
  if (todos.length === 0) return "The todo list is empty.";
  const done = todos.filter((t) => t.status === "completed").length;
  return [`Todo list (${done}/${todos.length} completed):`, ...todos.map((t) => `${MARKS[t.status]} ${t.id}. ${t.text}`)].join("\n");
}

export const hasOpenTodos = (todos: readonly Todo[]): boolean => todos.some((t) => t.status !== "completed");

/** The list after an update, or the reason the update breaks a rule (the list is then left as it was). */
export function applyTodoUpdate(current: readonly Todo[], patches: readonly TodoPatch[], merge: boolean): Todo[] | string {
  const ids = patches.map((p) => p.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) return `The id "${repeated}" appears twice in this update; give every item its own id.`;

  let next: Todo[];
  if (merge) {
    next = current.map((t) => ({ ...t }));
    for (const p of patches) {
      const existing = next.find((t) => t.id === p.id);
      if (existing) Object.assign(existing, p.text === undefined ? {} : { text: p.text }, p.status === undefined ? {} : { status: p.status });
      else if (p.text === undefined) return `Item "${p.id}" is not on the list yet, so it needs a text.`;
      else next.push({ id: p.id, text: p.text, status: p.status ?? "pending" });
    }
  } else {
    const missing = patches.find((p) => p.text === undefined);
    if (missing) return `Item "${missing.id}" has no text: replacing the list needs every item's text (or pass merge: true to update items by id).`;
    next = patches.map((p) => ({ id: p.id, text: p.text!, status: p.status ?? "pending" }));
  }
  const inProgress = next.filter((t) => t.status === "in_progress");
  if (inProgress.length > 1) {
    return `At most one item may be in_progress at a time, and this update would leave ${inProgress.length} (${inProgress.map((t) => t.id).join(", ")}). Finish one first: mark it completed (or back to pending) in the same update. The list was not changed.`;
  }
  return next;
}

const todoWriteInput = memoized((maxItems: number) =>
  z.object({
    todos: z.array(TodoInput).max(maxItems),
    merge: z.boolean().optional().describe("true: upsert these items by id; false (default): replace the list"),
  }),
);

/**
 * The list as a history's todo_write calls left it: each call whose result succeeded, applied in order from an
 * empty list (a fork of a conversation starts with the list as of its fork point, not as a later turn left it).
 * Only todo_write is read: a plan-and-solve run's own marks are not in the history.
 */
export function todosOf(history: readonly Message[]): Todo[] {
  const succeeded = new Set(history.flatMap((m) => (m.role === "tool" && m.name === TODO_WRITE_TOOL && m.status === "success" ? [m.toolCallId] : [])));
  let todos: Todo[] = [];
  for (const m of history) {
    if (m.role !== "assistant") continue;
    for (const call of m.toolCalls ?? []) {
      if (call.name !== TODO_WRITE_TOOL || !succeeded.has(call.id)) continue;
      const input = todoWriteInput(Number.MAX_SAFE_INTEGER).safeParse(parsedArgs(call.args));
      const next = input.success ? applyTodoUpdate(todos, input.data.todos, input.data.merge ?? false) : todos;
      if (typeof next !== "string") todos = next;
    }
  }
  return todos;
}

function parsedArgs(args: string): unknown {
  try {
    return JSON.parse(args);
  } catch {
    return undefined;
  }
}

/** todo_write's signature (its argument names do not depend on the item limit). */
export const TODO_WRITE_SIGNATURE: ToolSignature = { name: TODO_WRITE_TOOL, input: todoWriteInput(1) };

export function createTodoWriteTool(store: TodoStore, opts: { maxItems: number }): Tool {
  return defineTool({
    name: TODO_WRITE_TOOL,
    description:
      "Keep a todo list for work of several steps. Send the whole list to replace it, or `merge: true` to add or update items by id (only the fields you give change). " +
      "Statuses: pending, in_progress, completed; keep exactly one item in_progress while you work and mark items completed as soon as they are done. Returns the list.",
    input: todoWriteInput(opts.maxItems),
    // Two updates in one turn read and write the same list: they must not interleave.
    sequential: true,
    replaySafe: true,
    async run({ todos, merge }, ctx) {
      const next = applyTodoUpdate(await store.load(), todos, merge ?? false);
      if (typeof next === "string") return fail(next);
      if (next.length > opts.maxItems)
        return fail(`The list would hold ${next.length} items; it holds at most ${opts.maxItems}. Remove completed items first.`);
      await store.save(next);
      ctx.emit({ type: "todo.updated", todos: next });
      return ok(renderTodos(next), { todos: next });
    },
  });
}
