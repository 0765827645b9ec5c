// react: the loop itself, with the todo reminder, and optionally think/finish tools so that reasoning
// and stopping travel as structured calls instead of text the harness would have to parse.
import * as z from "zod";
import { runLoop, type LoopResult } from "../loop";
import { todoReminder } from "../todo-reminder";
import { defineTool, ok, type ToolRegistry, type ToolSignature } from "../tools";
import type { ParadigmOptions } from "./options";

export const THINK_SIGNATURE = { name: "think", input: z.object({ thought: z.string().min(1).max(20_000) }) } satisfies ToolSignature;
export const FINISH_SIGNATURE = { name: "finish", input: z.object({ answer: z.string().min(1) }) } satisfies ToolSignature;

const thinkTool = defineTool({
  ...THINK_SIGNATURE,
  description: "Think before acting: write down reasoning, a plan or a check. It changes nothing and nobody else sees it.",
  replaySafe: true,
  run: () => ok("Noted."),
});

const finishTool = defineTool({
  ...FINISH_SIGNATURE,
  description: "Give your final answer and end the task. Call it once, when all other work is done; `answer` is what the user reads.",
  replaySafe: true,
  run({ answer }, ctx) {
    // The answer is the run's text: a stream client gets it as it would get a plain reply.
    ctx.emit({ type: "text.delta", delta: answer });
    return { status: "success", content: "Delivered.", endRun: { output: answer } };
  },
});

export function withThinkFinish(tools: ToolRegistry): ToolRegistry {
  return tools
    .filter(() => true)
    .add(thinkTool)
    .add(finishTool);
}

export function runReact(o: ParadigmOptions): Promise<LoopResult> {
  const reminder = todoReminder({ todos: o.todos, history: o.history, everyTurns: o.settings.todoReminderTurns, emit: o.emit });
  return runLoop({
    ...o,
    tools: o.settings.thinkFinishTools ? withThinkFinish(o.tools) : o.tools,
    hooks: [...(o.hooks ?? []), reminder],
  });
}
