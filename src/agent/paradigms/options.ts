// What every paradigm gets: the loop's options, the todo list (plan-solve writes its plan there) and
// the paradigms' own settings.
import type { LoopOptions } from "../loop";
import type { TodoStore } from "../todo";

export interface ParadigmSettings {
  /** The todo reminder fires after this many model replies without todo_write. */
  todoReminderTurns: number;
  /** react gets think({thought}) and finish({answer}) tools. */
  thinkFinishTools: boolean;
  /** Critique-and-revise rounds of reflection. */
  reflectionMaxRounds: number;
  /** Most steps a plan-solve plan may have. */
  planMaxSteps: number;
}

export interface ParadigmOptions extends LoopOptions {
  todos: TodoStore;
  settings: ParadigmSettings;
}
