// Reminds the model of its open todo list when it has gone `everyTurns` turns (model replies) without
// calling todo_write. A hook, so it works on what the model sees and never on the stored history: the
// reminder is a user turn (every provider accepts one after tool results) kept in place for the rest
// of the run, so later requests show the model the same conversation it answered.
import type { Emit, Todo } from "./events";
import type { Hooks } from "./hooks";
import { userMessage, type Message, type UserMessage } from "./messages";
import { hasOpenTodos, renderTodos, TODO_WRITE_TOOL, type TodoStore } from "./todo";

/** Model replies at the end of a history since the last one that called todo_write. */
export function idleTurns(history: readonly Message[]): number {
  let n = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role !== "assistant") continue;
    if (m.toolCalls?.some((c) => c.name === TODO_WRITE_TOOL)) break;
    n++;
  }
  return n;
}

export function reminderText(todos: readonly Todo[], idle: number): string {
  return [
    `[Reminder from the agent harness, not from the user] You have not updated your todo list in ${idle} turns, and it has open items:`,
    renderTodos(todos),
    "If it is out of date, update it with todo_write (mark finished items completed, keep one in_progress). Otherwise carry on.",
  ].join("\n");
}

/**
 * The reminder, counted exactly: +1 per model reply without a todo_write call, back to 0 with one; it
 * fires before the next model call when the count reaches a multiple of `everyTurns` and the list has
 * open items. The count starts from the history, so it carries across runs and resumes.
 */
export function todoReminder(o: { todos: TodoStore; history: readonly Message[]; everyTurns: number; emit: Emit }): Hooks {
  let idle = idleTurns(o.history);
  /** Reminders shown in this run, each after the message it followed. */
  const shown: Array<{ after: string; message: UserMessage }> = [];

  return {
    name: "todo-reminder",
    trusted: true,
    async transformContext(step) {
      const { messages } = step;
      if (idle >= o.everyTurns && idle % o.everyTurns === 0) {
        const todos = await o.todos.load();
        const last = messages.at(-1);
        if (hasOpenTodos(todos) && last) {
          shown.push({ after: last.id, message: userMessage(reminderText(todos, idle)) });
          o.emit({ type: "todo.reminded", idleTurns: idle });
        }
      }
      if (!shown.length) return;
      const view: Message[] = [];
      for (const m of messages) {
        view.push(m);
        for (const r of shown) if (r.after === m.id) view.push(r.message);
      }
      return { ...step, messages: view };
    },
    afterModel(_step, response) {
      idle = response.toolCalls.some((c) => c.name === TODO_WRITE_TOOL) ? 0 : idle + 1;
    },
  };
}
