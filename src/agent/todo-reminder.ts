// Reminds the model of its todo list on every turn (model reply) from the `everyTurns`-th without a
// todo_write call until it calls it: its open items when it has some, a nudge to make a plan when it
// has none. A hook, so it works on what the model sees and never on the stored history: the
// reminder is a user turn (every provider accepts one after tool results) kept in place for the rest
// of the run, so later requests show the model the same conversation it answered. The reminders shown
// are kept in the run's state, so a run continued in another invocation keeps them too.
import type { Emit, Todo } from "./events";
import type { Hooks } from "./hooks";
import { harnessNote, type Message, type UserMessage } from "./messages";
import { hasOpenTodos, renderTodos, TODO_WRITE_TOOL, type TodoStore } from "./todo";

/** runState key: the reminders shown in this run, each after the message it followed. */
const SHOWN_REMINDERS = "todoReminders";
declare module "./run-state" {
  interface RunStateVars {
    [SHOWN_REMINDERS]: Array<{ after: string; message: UserMessage }>;
  }
}

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

export function planNudgeText(idle: number): string {
  return `[Reminder from the agent harness, not from the user] You have worked ${idle} turns without a plan. If this task takes several steps, write them down now with todo_write (one item in_progress, the rest pending), then keep the list up to date. If it is nearly done, carry on.`;
}

/**
 * The reminder, counted exactly: +1 per model reply without a todo_write call, back to 0 with one; from
 * `everyTurns` on it fires before every model call: the open items of the list, or, when there is no
 * list, a nudge to make one (a finished list needs no reminder). The count starts from the history, so
 * it carries across runs and resumes. Only where todo_write is among the step's tools.
 */
export function todoReminder(o: { todos: TodoStore; history: readonly Message[]; everyTurns: number; emit: Emit }): Hooks {
  let idle = idleTurns(o.history);

  return {
    name: "todo-reminder",
    trusted: true,
    async transformContext(step, run) {
      const { messages } = step;
      const shown = run.state.get(SHOWN_REMINDERS) ?? [];
      const last = messages.at(-1);
      if (idle >= o.everyTurns && last && !shown.some((r) => r.after === last.id) && step.tools.some((t) => t.name === TODO_WRITE_TOOL)) {
        const todos = await o.todos.load();
        const text = todos.length === 0 ? planNudgeText(idle) : hasOpenTodos(todos) ? reminderText(todos, idle) : undefined;
        if (text) {
          shown.push({ after: last.id, message: harnessNote(text) });
          run.state.set(SHOWN_REMINDERS, shown);
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
